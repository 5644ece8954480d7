// expect: main actor-isolated property 'factor' can not be referenced from a Sendable closure
// A `map` transform runs on whichever thread delivers: it must not read main-actor state.
import SimpleSubject

@MainActor final class Screen {
    var factor = 2

    func scaled(_ credit: Subject<Int>) -> Subject<Int> {
        credit.map { $0 * self.factor }
    }
}

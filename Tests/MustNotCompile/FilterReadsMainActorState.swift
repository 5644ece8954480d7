// expect: main actor-isolated property 'passMark' can not be referenced from a Sendable closure
// The same for `filter`: its predicate is `@Sendable`.
import SimpleSubject

@MainActor final class Screen {
    var passMark = 70

    func passed(_ credit: Subject<Int>) -> ReplaySubject<Int> {
        credit.filter { $0 >= self.passMark }
    }
}

// expect: main actor-isolated property 'rate' can not be referenced from a Sendable closure
// `sync(with:)`'s converters run on whichever thread delivers, too.
import SimpleSubject

@MainActor final class Converter {
    var rate = 1.5

    func bind(_ a: Subject<Double>, _ b: Subject<Double>) {
        a.sync(with: b, forward: { $0 * self.rate }, backward: { $0 / 1.5 })
    }
}

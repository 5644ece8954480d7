// expect: main actor-isolated property 'count' can not be mutated from a Sendable closure
// Program 1's sibling: a helper whose parameter is @Sendable but not @MainActor makes the closure
// written for it nonisolated, so it cannot touch the screen.
import SimpleSubject

enum Binder {
    static func bind(_ subject: Subject<Int>, _ f: @escaping @Sendable (Int) -> Void) { subject.subscribeNext(f) }
}

@MainActor final class Screen {
    var count = 0
    func go(_ subject: Subject<Int>) { Binder.bind(subject) { self.count += $0 } }
}

// expect: passing non-Sendable parameter 'f' to function expecting a '@Sendable' closure
// Program 1 of issue 21: a @MainActor closure handed on by a plain helper outside any actor would
// run off the main actor. The helper's parameter does not say where it may run, so it cannot be
// passed on.
import SimpleSubject

enum Binder {
    static func bind(_ subject: Subject<Int>, _ f: @escaping (Int) -> Void) { subject.subscribeNext(f) }
}

@MainActor final class Screen {
    var count = 0
    func go(_ subject: Subject<Int>) { Binder.bind(subject) { self.count += $0 } }
}

// expect: call to actor-isolated instance method 'subscribeNext(file:line:isolation:_:)' in a synchronous main actor-isolated context
// Program 2's sibling: the caller's isolation, which decides whether the first call is made at
// once, can only be the actor the caller is on (or nil, which only delays the first call).
import SimpleSubject

actor Elsewhere {}

@MainActor final class Screen {
    var count = 0
    func go(_ subject: Subject<Int>, _ elsewhere: Elsewhere) {
        subject.subscribeNext(isolation: elsewhere) { self.count += $0 }
    }
}

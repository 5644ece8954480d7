// expect: call to actor-isolated instance method 'assign(to:on:file:line:isolation:)' in a synchronous main actor-isolated context
// Program 2's sibling for assign: an actor the caller is not on cannot be named as its isolation.
import SimpleSubject

actor Elsewhere {}

@MainActor final class Label {
    var text = ""
    func bind(_ subject: Subject<String>, _ elsewhere: Elsewhere) {
        subject.assign(to: \.text, on: self, isolation: elsewhere)
    }
}

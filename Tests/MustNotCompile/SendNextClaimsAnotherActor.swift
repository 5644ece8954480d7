// expect: call to actor-isolated instance method 'sendNext(_:isolation:)' in a synchronous main actor-isolated context
// A sender cannot claim to run on an actor it is not on: that actor's subscribers would be called
// at once, off their actor.
import SimpleSubject

actor Elsewhere {}

@MainActor func send(_ subject: Subject<Int>, _ elsewhere: Elsewhere) {
    subject.sendNext(1, isolation: elsewhere)
}

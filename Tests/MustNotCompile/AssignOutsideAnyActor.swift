// expect: call to actor-isolated instance method 'assign(to:on:file:line:isolation:)' in a synchronous nonisolated context
// assign writes on the actor it is called from; outside any actor there is none, and the object
// (not Sendable) would be written from whichever thread sends.
import SimpleSubject

final class Model {
    var name = ""
}

func bind(_ subject: Subject<String>, to model: Model) {
    subject.assign(to: \.name, on: model)
}

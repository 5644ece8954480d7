// expect: no exact matches in call to instance method 'derive'
// An operator cannot be pointed at a read-only output to send into it: `derive(into:)` feeds
// only the three kinds that take sends, which a user cannot add to.
import SimpleSubject

@MainActor final class SignUpViewModel {
    let email = Subject("")
    let canSubmit: ReadOnlySubject<Bool>

    init() {
        canSubmit = email.map { $0.contains("@") }
    }
}

@MainActor func forceSend(_ form: SignUpViewModel) {
    EventSubject<Bool>().derive(into: form.canSubmit) { value, downstream in downstream.send(value) }
}

// expect: value of type 'ReadOnlySubject<Bool>' has no member 'sendNext'
// A view model's read-only output: a view reads it, subscribes to it and binds it, and cannot
// send into it.
import SimpleSubject

@MainActor final class SignUpViewModel {
    let email = Subject("")
    let canSubmit: ReadOnlySubject<Bool>

    init() {
        canSubmit = email.map { $0.contains("@") }
    }
}

@MainActor func tap(_ form: SignUpViewModel) {
    form.canSubmit.sendNext(true)
}

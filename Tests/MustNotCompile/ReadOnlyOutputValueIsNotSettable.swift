// expect: cannot assign to property: 'value' is a get-only property
// Setting a `Subject`'s value is a send: a read-only output's value can only be read.
import SimpleSubject

@MainActor final class SignUpViewModel {
    let email = Subject("")
    let canSubmit: ReadOnlySubject<Bool>

    init() {
        canSubmit = email.map { $0.contains("@") }
    }
}

@MainActor func tap(_ form: SignUpViewModel) {
    form.canSubmit.value = true
}

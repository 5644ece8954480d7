import SimpleSubject
import Testing

/// A view model's read-only output: everything but sending (the must-not-compile snippets show
/// that `sendNext` and setting `value` are rejected).
@Suite struct ReadOnlySubjectTests {
    final class Form: @unchecked Sendable {
        let email = Subject("")
        let canSubmit: ReadOnlySubject<Bool>

        init() {
            canSubmit = email.map { $0.contains("@") }
        }
    }

    @MainActor final class Label {
        var text = ""
    }

    @Test func itsValueFollowsTheSubjectBehindIt() {
        let form = Form()
        #expect(form.canSubmit.value == false)
        form.email.sendNext("ming@example.com")
        #expect(form.canSubmit.value == true)
    }

    @MainActor @Test func itIsSubscribedToAndBoundAsASubjectIs() {
        let form = Form()
        let seen = record(form.canSubmit)
        let label = Label()
        form.canSubmit.map { $0 ? "Sign up" : "Fill in the form" }.assign(to: \.text, on: label)
        form.email.sendNext("ming@example.com")
        #expect(seen.values == [false, true])
        #expect(label.text == "Sign up")
    }

    @Test func operatorsOnItGiveWhatTheyGiveOnASubject() {
        let form = Form()
        let label: Subject<String> = form.canSubmit.map { $0 ? "ready" : "not yet" }
        let passed: ReplaySubject<Bool> = form.canSubmit.filter { $0 }
        let pair: Subject<(Bool, String)> = combineLatest(form.canSubmit, form.email)
        let tapped = EventSubject<Void>()
        let submitted = record(tapped.withLatestFrom(form.canSubmit))
        form.email.sendNext("a@b")
        tapped.sendNext(())
        #expect(label.value == "ready")
        #expect(record(passed).values == [true])
        #expect(pair.value == (true, "a@b"))
        #expect(submitted.values.map(\.1) == [true])
    }

    @Test func aSubjectSeenAsReadOnlyIsTheSameSubject() {
        let credit = Subject(0)
        let shown: ReadOnlySubject<Int> = credit
        credit.sendNext(5)
        #expect(shown.value == 5)
        #expect(shown === credit)
    }
}

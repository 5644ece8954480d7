import SimpleSubject
import Testing

/// Where a subscription was made, as `debugDescription` shows it: a `Subscription` keeps its file
/// as the literal's address (or, for a one-scalar literal, the scalar) and its line beside the
/// cancelled flag (issue 31), and neither may be lost or mixed up with the flag.
@Suite struct SubscriptionOriginTests {
    @Test func theFileAndLineAreShownAsGiven() {
        let credit = Subject(0)
        credit.subscribeNext(file: "Screens/Credit.swift", line: 1_234) { _ in }
        #expect(credit.debugDescription.hasSuffix("Screens/Credit.swift:1234 (held by nothing but the subject)"))
    }

    @Test func aOneScalarFileLiteralIsShownToo() {
        let credit = Subject(0)
        credit.subscribeNext(file: "é", line: 7) { _ in }
        #expect(credit.debugDescription.hasSuffix("é:7 (held by nothing but the subject)"))
    }

    @Test func cancellingKeepsTheLineAndALineTooLargeToKeepIsCapped() {
        let credit = Subject(0)
        let kept = credit.subscribeNext(file: "A.swift", line: UInt(UInt32.max)) { _ in }
        credit.subscribeNext(file: "B.swift", line: 536_870_911) { _ in }
        #expect(credit.debugDescription.contains("A.swift:536870911"))
        kept.cancel()
        #expect(kept.isCancelled)
        #expect(credit.debugDescription.hasSuffix("B.swift:536870911 (held by nothing but the subject)"))
    }
}

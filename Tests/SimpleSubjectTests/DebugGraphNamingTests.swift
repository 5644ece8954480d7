import SimpleSubject
import Testing

/// Telling subjects apart in `debugGraph` and `debugDescription`: names, and the subscriptions
/// that nothing but their subject holds.
@Suite struct DebugGraphNamingTests {
    private static let unheld = " (held by nothing but the subject)"

    @Test func namingASubjectReturnsItAndShowsTheNameInTheGraphAndTheDescription() {
        let subject = Subject("")
        let email = subject.named("email")
        #expect(email === subject)
        #expect(email.debugGraph() == #"#1 "email" Subject<String>(value: "")"#)
        #expect(email.debugDescription == #""email" Subject<String>(value: ""), 0 subscriptions"#)
        #expect(EventSubject<Int>().named("taps").debugDescription == #""taps" EventSubject<Int>, 0 subscriptions"#)
    }

    @Test func fourFieldsOfOneTypeAreToldApartBeforeTheyHoldValues() {
        let name = Subject("").named("name")
        let email = Subject("").named("email")
        let password = Subject("").named("password")
        let confirm = Subject("").named("confirm")
        let fields = [name, email, password, confirm]
        let merged = merge(name, email, password, confirm, file: "Form.swift", line: 1)
        let lines = email.debugGraph().split(separator: "\n").filter { $0.hasPrefix("#") }
        // A merge joins no domains, so each field shows its own.
        #expect(lines == [#"#1 "name" Subject<String>(value: "") · domain 1"#,
                          #"#2 "email" Subject<String>(value: "") · domain 2"#,
                          #"#3 "password" Subject<String>(value: "") · domain 3"#,
                          #"#4 "confirm" Subject<String>(value: "") · domain 4"#])
        #expect(merged.debugGraph().contains(#"merge at Form.swift:1 → #5 EventSubject<String>"#))
        #expect(email.debugGraph(.dot).contains(#"label="\"email\" Subject<String>(value: \"\")""#))
        withExtendedLifetime(fields) {}
    }

    @Test func theLastNameWins() {
        let credit = Subject(1).named("credit").named("score")
        #expect(credit.debugDescription.hasPrefix(#""score" Subject<Int>"#))
    }

    @Test func aNameCanBeGivenAndReadFromManyThreadsAtOnce() async {
        let credit = Subject(0)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<4 {
                group.addTask {
                    for round in 0..<200 {
                        if task.isMultiple(of: 2) {
                            credit.named("credit \(round)")
                        } else {
                            _ = credit.debugGraph() + credit.debugDescription
                        }
                    }
                }
            }
        }
        #expect(credit.debugDescription.hasPrefix(#""credit 199" Subject<Int>"#))
    }

    @Test func aDiscardedSubscriptionIsMarkedAndAHeldOneIsNot() {
        let credit = Subject(80)
        let bag = SubscriptionBag()
        let held = credit.subscribeNext(file: "Screen.swift", line: 1) { _ in }
        credit.subscribeNext(file: "Screen.swift", line: 2) { _ in }.store(in: bag)
        credit.subscribeNext(file: "Screen.swift", line: 3) { _ in }
        #expect(credit.debugDescription == """
            Subject<Int>(value: 80), 3 subscriptions:
              Screen.swift:1
              Screen.swift:2
              Screen.swift:3\(Self.unheld)
            """)
        #expect(credit.debugGraph() == """
            #1 Subject<Int>(value: 80)
            ├─ subscriber at Screen.swift:1
            ├─ subscriber at Screen.swift:2
            └─ subscriber at Screen.swift:3\(Self.unheld)
            """)
        withExtendedLifetime(held) {}
    }

    @Test func aSubscriptionLetGoOfIsMarkedFromThenOn() {
        let events = EventSubject<Int>()
        var held: Subscription? = events.subscribeNext(file: "Screen.swift", line: 1) { _ in }
        #expect(!events.debugDescription.contains(Self.unheld))
        withExtendedLifetime(held) {}
        held = nil
        #expect(events.debugDescription.hasSuffix("Screen.swift:1" + Self.unheld))
    }

    @Test func aDiscardedSubscriptionMadeOnTheMainActorIsMarked() async {
        let credit = Subject(80)
        let held = await MainActor.run {
            credit.subscribeNext(file: "Screen.swift", line: 1) { _ in }
        }
        await MainActor.run {
            _ = credit.subscribeNext(file: "Screen.swift", line: 2) { _ in }
        }
        #expect(credit.debugGraph() == """
            #1 Subject<Int>(value: 80)
            ├─ subscriber at Screen.swift:1 on MainActor
            └─ subscriber at Screen.swift:2 on MainActor\(Self.unheld)
            """)
        withExtendedLifetime(held) {}
    }

    @MainActor @Test func subscriptionsThatEndWithTheirOwnerAndOperatorsAreNotMarked() {
        final class Screen {
            var credit = 0
        }
        let credit = Subject(80)
        let screen = Screen()
        credit.assign(to: \.credit, on: screen)
        let doubled = credit.map(file: "Screen.swift", line: 2) { $0 * 2 }
        #expect(!credit.debugGraph().contains(Self.unheld))
        #expect(!credit.debugDescription.contains(Self.unheld))
        withExtendedLifetime((screen, doubled)) {}
    }

    @Test func insideADeliveryNothingIsCalledUnheldForItCannotBeTold() {
        let credit = Subject(0)
        let seen = Recorder<String>()
        credit.subscribeNext(file: "Screen.swift", line: 1) { [weak credit] _ in
            seen.append(credit?.debugDescription ?? "")
        }
        credit.sendNext(1)
        #expect(seen.values.count == 2)
        #expect(seen.values.allSatisfy { $0.hasSuffix("Screen.swift:1") })  // errs towards "held"
        #expect(credit.debugDescription.hasSuffix("Screen.swift:1" + Self.unheld))
    }
}

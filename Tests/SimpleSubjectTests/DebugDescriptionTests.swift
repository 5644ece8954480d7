import SimpleSubject
import Testing

@Suite struct DebugDescriptionTests {
    @Test func itNamesTheKindTheValueAndWhereEachSubscriptionWasMade() {
        let credit = Subject(80)
        let line = #line + 1
        credit.subscribeNext { _ in }
        credit.subscribeNext { _ in }.cancel()
        #expect(credit.debugDescription == """
            Subject<Int>(value: 80), 1 subscription:
              SimpleSubjectTests/DebugDescriptionTests.swift:\(line) (held by nothing but the subject)
            """)
    }

    @Test func itDescribesEventAndReplaySubjects() {
        let events = EventSubject<String>()
        let log = ReplaySubject<String>(bufferSize: 2).sendNext("a").sendNext("b\"")
        #expect(events.debugDescription == "EventSubject<String>, 0 subscriptions")
        #expect(log.debugDescription == #"ReplaySubject<String>(bufferSize: 2, buffered: ["a", "b\""]), 0 subscriptions"#)
    }

    @Test func anOperatorsSubscriptionNamesWhereTheOperatorWasCalled() {
        let credit = Subject(0)
        let line = #line + 1
        let doubled = credit.map { $0 * 2 }
        #expect(credit.debugDescription.hasSuffix("SimpleSubjectTests/DebugDescriptionTests.swift:\(line)"))
        _ = doubled
    }
}

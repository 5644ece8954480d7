import SimpleSubject
import Testing

@Suite struct ValuesTests {
    @Test func aSubjectsStreamStartsWithTheCurrentValueAndDropsNothing() async {
        let credit = Subject(0)
        let stream = credit.values
        for value in 1...1_000 { credit.sendNext(value) }  // far ahead of the consumer
        var received: [Int] = []
        for await value in stream {
            received.append(value)
            if value == 1_000 { break }
        }
        #expect(received == Array(0...1_000))
    }

    @Test func theStreamFinishesWhenTheSubjectIsReleased() async {
        var events: EventSubject<Int>? = EventSubject<Int>()
        let stream = events!.values
        events!.sendNext(1)
        events = nil
        var received: [Int] = []
        for await value in stream { received.append(value) }  // ends: the subject is gone
        #expect(received == [1])
    }

    @Test func aConsumerThatStopsIteratingEndsItsSubscription() async {
        let credit = Subject(0)
        do {
            for await _ in credit.values { break }
        }
        credit.sendNext(1)
        #expect(credit.subscriberCount == 0)
    }
}

@Suite struct DebugDescriptionTests {
    @Test func itNamesTheKindTheValueAndWhereEachSubscriptionWasMade() {
        let credit = Subject(80)
        let line = #line + 1
        credit.subscribeNext { _ in }
        credit.subscribeNext { _ in }.cancel()
        #expect(credit.debugDescription == """
            Subject<Int>(value: 80), 1 subscription:
              SimpleSubjectTests/ValuesAndDebugTests.swift:\(line) (held by nothing but the subject)
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
        #expect(credit.debugDescription.hasSuffix("SimpleSubjectTests/ValuesAndDebugTests.swift:\(line)"))
        _ = doubled
    }
}

import SimpleSubject
import Testing

/// `mapLatest` and the `AsyncSequence` bridge (issue 29, item 2). Each test awaits what it
/// expects through a stream the library's callbacks write to; nothing sleeps to wait.
@Suite struct AsyncOperatorTests {
    /// The first `count` events written to `log`.
    static func first(_ count: Int, of events: AsyncStream<String>) async -> [String] {
        var seen: [String] = []
        for await event in events {
            seen.append(event)
            if seen.count == count {
                break
            }
        }
        return seen
    }

    @Test func aNewValueCancelsTheRequestStillRunningForAnOlderOne() async {
        let query = EventSubject<Int>()
        let (events, log) = AsyncStream.makeStream(of: String.self)
        let results = query.mapLatest { value -> String in
            guard value == 1 else { return "result \(value)" }
            await withTaskCancellationHandler {
                try? await Task.sleep(for: .seconds(3_600))
            } onCancel: {
                log.yield("cancelled 1")
            }
            return "stale 1"
        }
        results.subscribeNext { log.yield($0) }
        query.sendNext(1)
        query.sendNext(2)
        #expect(Set(await Self.first(2, of: events)) == ["cancelled 1", "result 2"])
    }

    @Test func aSubjectsCurrentValueStartsTheFirstRequestAndLateSubscribersGetTheLatestResult() async {
        let query = Subject("swift")
        let (events, log) = AsyncStream.makeStream(of: String.self)
        let results = query.mapLatest { "found \($0)" }
        results.subscribeNext { log.yield($0) }
        #expect(await Self.first(1, of: events) == ["found swift"])
        #expect(record(results).values == ["found swift"])
    }

    @Test func releasingTheSourceCancelsTheRunningRequest() async {
        let (events, log) = AsyncStream.makeStream(of: String.self)
        var query: EventSubject<Int>? = EventSubject<Int>()
        let results = query!.mapLatest { _ -> Int in
            await withTaskCancellationHandler {
                try? await Task.sleep(for: .seconds(3_600))
            } onCancel: {
                log.yield("cancelled")
            }
            return 0
        }
        query!.sendNext(1)
        query = nil
        #expect(await Self.first(1, of: events) == ["cancelled"])
        withExtendedLifetime(results) {}
    }

    @Test func aBridgedSequenceSendsItsElementsInOrder() async {
        let (source, feed) = AsyncStream.makeStream(of: Int.self)
        let (events, log) = AsyncStream.makeStream(of: String.self)
        let numbers = EventSubject(source)
        numbers.subscribeNext { log.yield("\($0)") }
        for number in 1...3 {
            feed.yield(number)
        }
        #expect(await Self.first(3, of: events) == ["1", "2", "3"])
    }

    @Test func releasingABridgedSubjectEndsItsTask() async {
        let (source, feed) = AsyncStream.makeStream(of: Int.self)
        let (events, log) = AsyncStream.makeStream(of: String.self)
        feed.onTermination = { _ in log.yield("ended") }
        var numbers: EventSubject<Int>? = EventSubject(source)
        numbers?.subscribeNext { log.yield("\($0)") }
        feed.yield(1)
        #expect(await Self.first(1, of: events) == ["1"])
        numbers = nil
        #expect(await Self.first(1, of: events) == ["ended"])
    }
}

/// The outside attack's G2: a `mapLatest` nobody observes detaches at its source's next value.
@Suite struct MapLatestDetachTests {
    @Test func anUnobservedMapLatestDetachesAtTheNextValueAndCancelsItsRequest() async {
        let (events, log) = AsyncStream.makeStream(of: String.self)
        let query = Subject(1)
        _ = query.mapLatest { value -> Int in  // nobody keeps or observes the result
            log.yield("started \(value)")
            await withTaskCancellationHandler {
                try? await Task.sleep(for: .seconds(3_600))
            } onCancel: {
                log.yield("cancelled \(value)")
            }
            return value
        }
        #expect(await AsyncOperatorTests.first(1, of: events) == ["started 1"])
        query.sendNext(2)
        #expect(await AsyncOperatorTests.first(1, of: events) == ["cancelled 1"])
        #expect(query.subscriberCount == 0)
    }
}

/// The outside attack's G4: elements a sequence holds already reach the subscribers made right
/// after the subject, when it is made on an actor.
@Suite struct SequenceBridgeIsolationTests {
    @MainActor @Test func madeOnTheMainActorItStartsAfterTheCodeThatMadeIt() async {
        for _ in 0..<50 {
            let (source, feed) = AsyncStream.makeStream(of: Int.self)
            for number in 0..<3 {
                feed.yield(number)
            }
            feed.finish()
            let (events, log) = AsyncStream.makeStream(of: String.self)
            let numbers = EventSubject(source)
            numbers.subscribeNext { log.yield("\($0)") }
            #expect(await AsyncOperatorTests.first(3, of: events) == ["0", "1", "2"])
            withExtendedLifetime(numbers) {}
        }
    }
}

import SimpleSubject
import SimpleSubjectTesting
import Testing

/// `firstValue(where:timeLimit:)`: a test waits for a value without a helper, and a value that
/// never comes fails it with a message instead of hanging it.
@Suite struct FirstValueTests {
    @Test func aCurrentValueThatSatisfiesTheConditionIsReturnedAtOnce() async throws {
        let credit = Subject(80)
        #expect(try await credit.firstValue(where: { $0 >= 70 }) == 80)
        #expect(credit.subscriberCount == 0)
    }

    @Test func aValueSentLaterFromAnotherTaskIsReturned() async throws {
        let count = Subject(0)
        let sender = Task {
            for value in 1...100 {
                count.sendNext(value)
            }
        }
        #expect(try await count.firstValue(where: { $0 >= 50 }, timeLimit: .seconds(10)) >= 50)
        await sender.value
        #expect(count.subscriberCount == 0)
    }

    @Test func aReplaySubjectsReplayCountsOldestFirst() async throws {
        let recent = ReplaySubject<Int>(bufferSize: 3)
        recent.sendNext(1).sendNext(2).sendNext(3)
        #expect(try await recent.firstValue(where: { $0 > 1 }) == 2)
    }

    @Test func aValueThatNeverComesThrowsWithTheSubjectsValueAndGraph() async {
        let credit = Subject(20).named("credit")
        let passed = credit.map { $0 >= 70 }
        do {
            _ = try await passed.firstValue(where: { $0 }, timeLimit: .milliseconds(50))
            Issue.record("a value that never came was returned")
        } catch let error as FirstValueTimeLimitExceeded {
            #expect(error.timeLimit == .milliseconds(50))
            #expect(String(describing: error).hasPrefix("no value satisfied the condition within 0.05 seconds"))
            #expect(error.graph == """
                #1 "credit" Subject<Int>(value: 20)
                └─ map at SimpleSubjectTestingTests/FirstValueTests.swift:34 → #2 Subject<Bool>(value: false)
                   └─ subscriber at SimpleSubjectTestingTests/FirstValueTests.swift:36
                """)
        } catch {
            Issue.record("threw \(error)")
        }
        #expect(passed.subscriberCount == 0)
    }

    @Test func aCancelledWaitThrowsCancellationErrorAndEndsItsSubscription() async {
        let events = EventSubject<Int>()
        let waiting = Task {
            try await events.firstValue(where: { _ in true }, timeLimit: .seconds(60))
        }
        while events.subscriberCount == 0 {
            await Task.yield()
        }
        waiting.cancel()
        await #expect(throws: CancellationError.self) {
            try await waiting.value
        }
        #expect(events.subscriberCount == 0)
    }

    @Test func aConditionThatSendsIsNotCalledAgainOnceItWasSatisfied() async throws {
        let count = Subject(0)
        let asked = LockedList()
        let found = try await count.firstValue(where: { value in
            asked.append(value)
            if value < 50 {
                count.sendNext(value + 1)
            }
            return value == 3
        })
        #expect(found == 3)
        #expect(asked.values == [0, 1, 2, 3])
        #expect(count.value == 4)
    }

    @Test func aTimeLimitTooLongToSleepWaitsForTheValueWithoutATrap() async throws {
        let events = EventSubject<Int>()
        let sender = Task {
            while events.subscriberCount == 0 {
                await Task.yield()
            }
            // Not a wait for a result: it gives the wait's timer time to start its sleep, where
            // a duration too long to sleep would trap.
            try? await Task.sleep(for: .milliseconds(50))
            events.sendNext(7)
        }
        #expect(try await events.firstValue(where: { $0 == 7 }, timeLimit: .seconds(Int64.max)) == 7)
        await sender.value
    }

    /// A screen's main-actor state, written by its main-actor subscriber from values a task
    /// sends: the test waits on the screen's own subject, and sees the screen updated.
    @MainActor @Test func aScreensMainActorStateIsWaitedForWhereTheScreenWritesIt() async throws {
        let screen = Screen()
        Task.detached { [source = screen.source] in
            source.sendNext("loading")
            source.sendNext("done")
        }
        // The limit guards against a hang, not a slow run: under ThreadSanitizer, beside the suites
        // that flood the main actor, two hops through it can take over 10 s.
        #expect(try await screen.shown.firstValue(where: { $0 == "done" }, timeLimit: .seconds(60)) == "done")
        #expect(screen.label == "done")
    }
}

@MainActor
private final class Screen {
    let source = Subject("")
    let shown = Subject("")
    var label = ""

    init() {
        source.subscribeNext(owner: self) { screen, value in
            screen.label = value
            screen.shown.sendNext(value)
        }
    }
}

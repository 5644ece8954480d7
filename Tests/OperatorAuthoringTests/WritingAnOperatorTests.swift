import SimpleSubject
import Synchronization
import Testing

/// What a subscriber saw. Subscribers are `@Sendable` (the delivering thread calls them), so it
/// lives behind a lock.
final class Seen<Value: Sendable>: Sendable {
    private let storage = Mutex<[Value]>([])

    func append(_ value: Value) { storage.withLock { $0.append(value) } }

    var values: [Value] { storage.withLock { $0 } }
}

@Suite struct WritingAnOperatorTests {
    @Test func aUserOperatorPassesOnWhatItsBodySends() {
        let taps = EventSubject<Int>()
        let pairs = taps.pairwise()
        let seen = Seen<String>()
        pairs.subscribeNext { seen.append("\($0.0)→\($0.1)") }
        taps.sendNext(1).sendNext(2).sendNext(3)
        #expect(seen.values == ["1→2", "2→3"])
    }

    /// The article's timing rule: a subscriber on the main actor gets what the body passes on
    /// before `sendNext` returns on the main actor, with no waiting.
    @MainActor @Test func aUserOperatorPassesOnAtOnceToASubscriberOnTheActorItIsSentOn() {
        let taps = EventSubject<Int>()
        let pairs = taps.pairwise()
        let seen = Seen<String>()
        pairs.subscribeNext {
            MainActor.assertIsolated()
            seen.append("\($0.0)→\($0.1)")
        }
        taps.sendNext(1).sendNext(2)
        #expect(seen.values == ["1→2"])
        taps.sendNext(3)
        #expect(seen.values == ["1→2", "2→3"])
    }

    @Test func aUserOperatorDetachesOnceNobodyCanObserveIt() {
        let taps = EventSubject<Int>()
        weak var weakPairs: EventSubject<(Int, Int)>?
        do {
            let pairs = taps.pairwise()
            weakPairs = pairs
            let subscription = pairs.subscribeNext { _ in }
            #expect(taps.subscriberCount == 1)
            subscription.cancel()
        }
        #expect(weakPairs != nil)  // still attached: it detaches at the source's next send
        taps.sendNext(1)
        #expect(taps.subscriberCount == 0)
        #expect(weakPairs == nil)
    }

    @Test func aUserOperatorStaysConnectedWhileSomeoneHoldsItsResult() {
        let credit = Subject(0)
        let doubled = credit.derive(into: Subject(0)) { value, downstream in downstream.send(value * 2) }
        credit.sendNext(21)
        #expect(doubled.value == 42)  // nobody subscribed, but the reference keeps it current
    }

    @Test func skippingClearsWhatAReplayingTargetWouldReplay() {
        let credit = Subject(80)
        let passed = credit.derive(into: ReplaySubject<Int>(bufferSize: 1)) { value, downstream in
            value >= 70 ? downstream.send(value) : downstream.skip()
        }
        credit.sendNext(20)
        let seen = Seen<Int>()
        passed.subscribeNext { seen.append($0) }
        #expect(seen.values.isEmpty)
    }

    @Test(arguments: [("12", [12]), ("x", []), ("7", [7])])
    func compactMapPassesOnlyWhatParses(text: String, expected: [Int]) {
        let field = Subject(text)
        let seen = Seen<Int>()
        field.compactMap { Int($0) }.subscribeNext { seen.append($0) }
        #expect(seen.values == expected)
    }

    @Test func compactMapOnEachKindFollowsItsSource() {
        let events = EventSubject<String>()
        let log = ReplaySubject<String>(bufferSize: 2)
        let fromEvents = Seen<Int>(), fromLog = Seen<Int>()
        events.compactMap { Int($0) }.subscribeNext { fromEvents.append($0) }
        let parsedLog = log.compactMap { Int($0) }
        log.sendNext("1").sendNext("2")
        parsedLog.subscribeNext { fromLog.append($0) }
        events.sendNext("3")
        events.sendNext("no")
        #expect(fromEvents.values == [3])
        #expect(fromLog.values == [1, 2])
    }

    /// An operator that takes `file:line` and passes them on to `derive` is drawn where it was
    /// used, not at a line inside its own body.
    @Test func aUserOperatorThatPassesItsCallSiteOnIsDrawnThere() {
        let taps = EventSubject<Int>()
        let line = #line + 1
        let pairs = taps.pairwise()
        let graph = taps.debugGraph()
        #expect(graph.contains("pairwise at OperatorAuthoringTests/WritingAnOperatorTests.swift:\(line) → #"))
        #expect(!graph.contains("Pairwise.swift"))
        withExtendedLifetime(pairs) {}
    }
}

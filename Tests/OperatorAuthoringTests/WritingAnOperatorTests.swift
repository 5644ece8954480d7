import SimpleSubject
import Synchronization
import Testing

// Written as a user would, with nothing but `import SimpleSubject`: the operator of the DocC
// article "Writing an operator".
extension EventSubject where Value: Sendable {
    /// Each value with the one before it.
    func pairwise() -> EventSubject<(Value, Value)> {
        let previous = Mutex<Value?>(nil)
        return derive(into: EventSubject<(Value, Value)>()) { value, downstream in
            let before = previous.withLock { last in
                defer { last = value }
                return last
            }
            guard let before else { return downstream.skip() }
            downstream.send((before, value))
        }
    }
}

@Suite struct WritingAnOperatorTests {
    @Test func aUserOperatorPassesOnWhatItsBodySends() {
        let taps = EventSubject<Int>()
        let pairs = taps.pairwise()
        var seen: [String] = []
        pairs.subscribeNext { seen.append("\($0.0)→\($0.1)") }
        taps.sendNext(1).sendNext(2).sendNext(3)
        #expect(seen == ["1→2", "2→3"])
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
        var seen: [Int] = []
        passed.subscribeNext { seen.append($0) }
        #expect(seen.isEmpty)
    }

    @Test(arguments: [("12", [12]), ("x", []), ("7", [7])])
    func compactMapPassesOnlyWhatParses(text: String, expected: [Int]) {
        let field = Subject(text)
        var seen: [Int] = []
        field.compactMap { Int($0) }.subscribeNext { seen.append($0) }
        #expect(seen == expected)
    }

    @Test func compactMapOnEachKindFollowsItsSource() {
        let events = EventSubject<String>()
        let log = ReplaySubject<String>(bufferSize: 2)
        var fromEvents: [Int] = [], fromLog: [Int] = []
        events.compactMap { Int($0) }.subscribeNext { fromEvents.append($0) }
        let parsedLog = log.compactMap { Int($0) }
        log.sendNext("1").sendNext("2")
        parsedLog.subscribeNext { fromLog.append($0) }
        events.sendNext("3")
        events.sendNext("no")
        #expect(fromEvents == [3])
        #expect(fromLog == [1, 2])
    }
}

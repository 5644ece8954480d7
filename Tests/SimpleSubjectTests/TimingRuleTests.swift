import SimpleSubject
import Synchronization
import Testing

/// One timing rule: a subscriber whose closure is isolated to an actor runs before `sendNext`
/// returns whenever the value is sent on that actor — whoever passes it on. Every test here runs
/// on the main actor and asserts right after the send, with no waiting: a value that went
/// through the main actor's queue instead has not arrived yet, and the test fails.
@MainActor @Suite struct TimingRuleTests {
    /// A main-actor subscriber's log; every call checks that it runs on the main actor.
    @MainActor final class Log<Value> {
        var values: [Value] = []

        func receive(_ value: Value) {
            MainActor.assertIsolated()
            values.append(value)
        }
    }

    @Test func aChainOfDeriveAndMapPassesOnAtOnce() {
        let source = Subject(0)
        let doubled = source.derive(into: Subject(-1)) { value, downstream in downstream.send(value * 2) }
        let log = Log<Int>()
        doubled.map { $0 + 1 }.subscribeNext { log.receive($0) }
        #expect(log.values == [1])
        source.sendNext(5)
        #expect(log.values == [1, 11])
        source.sendNext(6)
        #expect(log.values == [1, 11, 13])
    }

    @Test func aMapAfterADerivePassesOnAtOnce() {
        let source = EventSubject<Int>()
        let log = Log<Int>()
        source.map { $0 + 1 }
            .derive(into: EventSubject<Int>()) { value, downstream in downstream.send(value * 10) }
            .map { $0 + 2 }
            .subscribeNext { log.receive($0) }
        source.sendNext(1)
        #expect(log.values == [22])
    }

    @Test func aSubscriptionMadeByAPlainHelperGetsItsFirstValueAndThisTurnsValuesAtOnce() {
        let credit = Subject(-1)
        let log = Log<Int>()
        let subscription = bind(credit) { log.receive($0) }
        #expect(log.values == [-1])
        credit.sendNext(1)
        credit.sendNext(2)
        #expect(log.values == [-1, 1, 2])
        subscription.cancel()
    }

    @Test func aSubscriptionThatStatesNoIsolationOnTheMainActorGetsItsFirstValueAtOnce() {
        let credit = Subject(-1)
        let log = Log<Int>()
        credit.subscribeNext(isolation: nil) { log.receive($0) }
        #expect(log.values == [-1])
        credit.sendNext(3)
        #expect(log.values == [-1, 3])
    }

    @Test func aSwitchToLatestInnerPassesOnAtOnce() {
        let first = Subject(10)
        let second = Subject(20)
        let current = Subject(first)
        let log = Log<Int>()
        current.switchToLatest().subscribeNext { log.receive($0) }
        #expect(log.values == [10])
        first.sendNext(11)
        #expect(log.values == [10, 11])
        current.sendNext(second)
        #expect(log.values == [10, 11, 20])
        second.sendNext(21)
        #expect(log.values == [10, 11, 20, 21])
    }

    @Test func aSwitchToLatestOfDerivedInnersPassesOnAtOnce() {
        let query = EventSubject<Int>()
        let log = Log<Int>()
        query.map { value in Subject(value).derive(into: Subject(0)) { $1.send($0 * 100) } }
            .switchToLatest()
            .subscribeNext { log.receive($0) }
        query.sendNext(1)
        #expect(log.values == [100])
        query.sendNext(2)
        #expect(log.values == [100, 200])
    }

    // Outside attack on the timing rule, finding 1: a value sent on the main actor while an
    // earlier one from another thread still waits for the main actor's queue went through the
    // queue too, after `sendNext` returned. Now both arrive before it returns, in order.
    @Test func aSendOnTheMainActorDeliversWhatStillWaitsForItFirstThenItsOwnValueAtOnce() {
        let subject = Subject(0)
        let direct = Log<Int>()
        let mapped = Log<Int>()
        subject.subscribeNext { direct.receive($0) }
        subject.map { $0 * 10 }.subscribeNext { mapped.receive($0) }
        let other = Joinable { subject.sendNext(1) }
        #expect(other.join())
        #expect(direct.values == [0])  // 1 waits for the main actor, which this test holds
        subject.sendNext(2)
        #expect(direct.values == [0, 1, 2])
        #expect(mapped.values == [0, 10, 20])
        sendThroughAHelper(3, to: subject)
        #expect(direct.values == [0, 1, 2, 3])
        #expect(mapped.values == [0, 10, 20, 30])
    }

    /// A `Downstream` kept after its body returned and sent to from elsewhere: it counts as sent
    /// from outside any actor, so the subscriber still runs only on the main actor, later.
    @Test func aDownstreamKeptAndSentToFromAnotherThreadStillReachesTheMainActorOnly() async {
        let source = EventSubject<Int>()
        let kept = Mutex<Downstream<Int>?>(nil)
        let derived = source.derive(into: EventSubject<Int>()) { value, downstream in
            kept.withLock { $0 = downstream }
            downstream.send(value)
        }
        let log = Log<Int>()
        derived.subscribeNext { log.receive($0) }
        source.sendNext(1)
        #expect(log.values == [1])
        let downstream = kept.withLock { $0 }!
        await Task.detached { downstream.send(2) }.value
        for _ in 0..<1_000 where log.values.count < 2 {
            await Task.yield()  // the main actor's queue delivers it: let it run
        }
        #expect(log.values == [1, 2])
    }
}

/// A plain helper: `sendNext` inside it states no isolation.
private func sendThroughAHelper(_ value: Int, to subject: Subject<Int>) {
    subject.sendNext(value)
}

/// Getting Started's helper: its parameter is the subscriber's type, so it passes the closure on.
private func bind(_ subject: Subject<Int>, _ show: @escaping @MainActor @Sendable (Int) -> Void) -> Subscription {
    subject.subscribeNext(show)
}

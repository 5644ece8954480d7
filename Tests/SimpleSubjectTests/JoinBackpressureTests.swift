import Foundation
import SimpleSubject
import Synchronization
import Testing

/// Guarantee 8 for subscribers that join during a delivery. Their first calls are made by the
/// delivering thread before its next value, so a thread subscribing in a loop gave that thread
/// work without end: sixteen threads subscribing and cancelling kept one `sendNext` from
/// returning (outside attack, 2026-11-27: one value delivered in 10 s, release build). A turn
/// makes at most a limit's worth of others' first calls; a later joiner waits for a turn of its
/// own, as a late sender does, within the same 100 ms rule.
@Suite struct JoinBackpressureTests {
    /// A thread joins 2,000 times while another thread's delivery is held up to 50 ms (less
    /// than a wait's 100 ms, so a joiner that waits is still waiting when it goes on).
    @Test func oneSendMakesAtMostALimitsWorthOfOthersFirstCalls() {
        let subject = Subject(0)
        let delivering = Atomic<Bool>(false), joins = Atomic<Int>(0)
        let firstCalls = CountsByThread()
        subject.subscribeNext { value in
            guard value == 1 else { return }
            delivering.store(true, ordering: .releasing)
            let start = ContinuousClock.now
            while joins.load(ordering: .acquiring) < 2_000 && ContinuousClock.now - start < .milliseconds(50) {}
        }
        let kept = Recorder<Subscription>()
        let joinerThread = Atomic<UInt>(0)
        let joiner = Joinable {
            joinerThread.store(currentThreadID(), ordering: .releasing)
            while !delivering.load(ordering: .acquiring) {}
            for _ in 0..<2_000 {
                kept.append(subject.subscribeNext { _ in firstCalls.add(1, for: currentThreadID()) })
                joins.add(1, ordering: .acquiringAndReleasing)
            }
        }
        let sender = currentThreadID()
        subject.sendNext(1)
        let madeBySender = firstCalls.count(for: sender)
        #expect(joiner.join(seconds: 30), "a joiner never returned")
        // Each first call made once, by the sender or by the joiner once it had a turn.
        let madeByJoiner = firstCalls.count(for: joinerThread.load(ordering: .acquiring))
        #expect(kept.values.count == 2_000 && madeBySender + madeByJoiner == 2_000)
        if FloodTests.checksTiming {
            #expect(madeBySender <= 1_024 + 1, "one sendNext made \(madeBySender) first calls for another thread")
        }
    }

    /// The attack's shape: threads subscribing and cancelling in a loop while one thread sends.
    @Test func subscribersJoiningAndLeavingInALoopCannotKeepASendFromReturning() {
        let subject = EventSubject<Int>()
        let delivered = Atomic<Int>(0), done = Atomic<Bool>(false)
        subject.subscribeNext { _ in delivered.add(1, ordering: .relaxed) }
        let churners = (0..<16).map { _ in
            Joinable {
                while !done.load(ordering: .acquiring) {
                    subject.subscribeNext { _ in }.cancel()
                }
            }
        }
        let sender = Joinable {
            for value in 0..<2_000 { subject.sendNext(value) }
        }
        let returned = sender.join(seconds: 30)
        done.store(true, ordering: .releasing)
        for churner in churners { churner.join() }
        #expect(returned, "the sender's sendNext never returned: \(delivered.load(ordering: .relaxed)) of 2,000 delivered")
        #expect(delivered.load(ordering: .relaxed) == 2_000 || !returned)
    }

    /// Outside attack, 2026-11-27: a thread sending value after value takes a turn from idle for
    /// each, and the first calls of another thread's subscribes, one during each delivery, were
    /// summed over those turns: from the 1,025th on, a subscribe waited for a turn (100 ms here,
    /// where the delivery waits for the subscribe; seconds behind a slow subscriber).
    @Test func aSubscribeDuringEachOfManyTurnsNeverWaits() {
        let subject = EventSubject<Int>()
        let delivering = Atomic<Int>(-1), joined = Atomic<Int>(-1), longest = Atomic<Int>(0)
        subject.subscribeNext { value in
            delivering.store(value, ordering: .releasing)
            while joined.load(ordering: .acquiring) < value {}  // the joiner subscribes during this delivery
        }
        let joiner = Joinable {
            for value in 0..<1_500 {
                while delivering.load(ordering: .acquiring) < value {}
                let start = ContinuousClock.now
                subject.subscribeNext { _ in }.cancel()
                let took = (ContinuousClock.now - start) / .microseconds(1)
                if Int(took) > longest.load(ordering: .relaxed) { longest.store(Int(took), ordering: .relaxed) }
                joined.store(value, ordering: .releasing)
            }
        }
        for value in 0..<1_500 { subject.sendNext(value) }
        #expect(joiner.join(seconds: 30))
        if FloodTests.checksTiming {
            #expect(longest.load(ordering: .relaxed) < 50_000, "a subscribe took \(longest.load(ordering: .relaxed)) µs")
        }
    }
}

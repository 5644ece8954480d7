import Foundation
import SimpleSubject
import Synchronization
import Testing

/// Trust round 3, item 1: a thread flooding a subject whose subscriber lives on the main actor,
/// while a ticker on the main actor does its other work. CI runs this suite under TSan too.
///
/// The gaps and the backlog are checked only when this suite runs in a process of its own
/// (`SIMPLESUBJECT_FLOOD_TIMING=1 swift test --filter FloodTests`, a step of `.ci/run`): in the
/// full run, other suites block the cooperative pool's two threads here for seconds (joining
/// threads), and on Linux the main actor's queue then waits too — measured 3 to 10 s gaps with
/// or without a flood. Everything else (all delivered, in order, on the actor) is checked always.
/// The bound is 2 × 1,024 values plus one per sender (1,024 queued, and the batch the actor is
/// delivering) while the actor makes room at least every 100 ms; the checks allow for a loaded
/// two-core machine's longer stalls (before the bound: millions of values, a 21 s freeze).
@Suite(.serialized) struct FloodTests {
    static let checksTiming = ProcessInfo.processInfo.environment["SIMPLESUBJECT_FLOOD_TIMING"] != nil

    @MainActor final class Screen {
        var received = 0
        var work = 0

        func show(_ value: Int) {
            MainActor.assertIsolated()
            for step in 0..<200 {  // a couple of microseconds of work per value, as a view update
                work &+= value ^ step
            }
            received += 1
        }
    }

    @MainActor @Test func aFloodToAMainActorSubscriberKeepsTheMainActorAnsweringAndTheBacklogBounded() async {
        let subject = EventSubject<Int>()
        let screen = Screen()
        subject.subscribeNext { screen.show($0) }
        let sent = Atomic<Int>(0)
        let stop = Atomic<Bool>(false)
        let flooder = Joinable {
            while !stop.load(ordering: .relaxed) {
                subject.sendNext(sent.add(1, ordering: .relaxed).newValue)
            }
        }
        var longestGap = Duration.zero
        var largestBacklog = 0
        var last = ContinuousClock.now
        let end = last + .seconds(1)
        while ContinuousClock.now < end {  // the ticker: other main-actor work, every 10 ms
            try? await Task.sleep(for: .milliseconds(10))
            let now = ContinuousClock.now
            longestGap = max(longestGap, now - last)
            last = now
            largestBacklog = max(largestBacklog, sent.load(ordering: .relaxed) - screen.received)
        }
        stop.store(true, ordering: .relaxed)
        await Task.detached { _ = flooder.join() }.value
        while screen.received < sent.load(ordering: .relaxed) {
            await Task.yield()  // the rest drains on the main actor, a batch per turn
        }
        if Self.checksTiming {
            #expect(longestGap < .milliseconds(250), "the main actor froze for \(longestGap)")
            #expect(largestBacklog < 32 * 1_024, "the backlog grew to \(largestBacklog) values")
        }
        #expect(screen.received == sent.load(ordering: .relaxed))  // none dropped
    }

    /// The outside attack's F1: while the cooperative pool's threads are all busy, the main
    /// actor itself is free — and its queue must still drain (it once yielded through the pool).
    @MainActor @Test func aFloodToTheMainActorStaysBoundedWhileThePoolIsBusy() async {
        let subject = EventSubject<Int>()
        let screen = Screen()
        let received = Atomic<Int>(0)  // counted by the subscriber itself, on the main actor
        subject.subscribeNext {
            screen.show($0)
            received.add(1, ordering: .relaxed)
        }
        let sent = Atomic<Int>(0)
        let largestBacklog = Atomic<Int>(0)
        let flooder = Joinable {
            for value in 1...600_000 {
                subject.sendNext(sent.add(1, ordering: .relaxed).newValue)
                if value.isMultiple(of: 64) {
                    let backlog = sent.load(ordering: .relaxed) - received.load(ordering: .relaxed)
                    largestBacklog.store(max(largestBacklog.load(ordering: .relaxed), backlog), ordering: .relaxed)
                }
            }
        }
        let end = ContinuousClock.now + .seconds(1)
        let spinners = (0..<ProcessInfo.processInfo.activeProcessorCount).map { _ in
            Task.detached { while ContinuousClock.now < end {} }  // every pool thread, busy for 1 s
        }
        while screen.received < 600_000 {
            await Task.yield()  // the main actor stays free meanwhile
        }
        for spinner in spinners { await spinner.value }
        await Task.detached { _ = flooder.join() }.value
        if Self.checksTiming {
            #expect(largestBacklog.load(ordering: .relaxed) < 32 * 1_024)
        }
        #expect(screen.received == 600_000)
    }

    actor Counter {
        let received = Atomic<Int>(0)
        var work = 0

        func show(_ value: Int) {
            for step in 0..<200 {
                work &+= value ^ step
            }
            received.add(1, ordering: .relaxed)
        }

        func ping() {}
    }

    @Test func aFloodToACustomActorSubscriberKeepsTheActorAnsweringAndTheBacklogBounded() async {
        let subject = EventSubject<Int>()
        let counter = Counter()
        await counter.subscribe(to: subject)
        let stop = Atomic<Bool>(false)
        let largestBacklog = Atomic<Int>(0)
        let sent = Atomic<Int>(0)
        let flooder = Joinable {
            while !stop.load(ordering: .relaxed) {
                subject.sendNext(sent.add(1, ordering: .relaxed).newValue)
                let backlog = sent.load(ordering: .relaxed) - counter.received.load(ordering: .relaxed)
                largestBacklog.store(max(largestBacklog.load(ordering: .relaxed), backlog), ordering: .relaxed)
            }
        }
        var longestGap = Duration.zero
        var last = ContinuousClock.now
        let end = last + .seconds(1)
        while ContinuousClock.now < end {  // other work for the actor, every 10 ms
            try? await Task.sleep(for: .milliseconds(10))
            await counter.ping()
            let now = ContinuousClock.now
            longestGap = max(longestGap, now - last)
            last = now
        }
        stop.store(true, ordering: .relaxed)
        await Task.detached { _ = flooder.join() }.value
        let total = sent.load(ordering: .relaxed)
        _ = await eventually(within: 30) { counter.received.load(ordering: .relaxed) == total }
        if Self.checksTiming {
            #expect(longestGap < .milliseconds(250), "the actor froze for \(longestGap)")
            #expect(largestBacklog.load(ordering: .relaxed) < 32 * 1_024)
        }
        #expect(counter.received.load(ordering: .relaxed) == total)
    }

    /// A sender that is itself the main actor's current job, calling a helper outside any actor:
    /// waiting for the main actor would wait for itself. It waits a bounded time, then queues.
    @MainActor @Test func aFloodFromTheMainActorThroughAPlainHelperEndsAndDeliversEverything() async {
        let subject = EventSubject<Int>()
        let screen = Screen()
        subject.subscribeNext { screen.show($0) }
        let start = ContinuousClock.now
        sendFromAnywhere(5 * 1_024, to: subject)
        #expect(ContinuousClock.now - start < .seconds(60))  // one bounded wait, not one per value
        while screen.received < 5 * 1_024 && ContinuousClock.now - start < .seconds(30) {
            await Task.yield()
        }
        #expect(screen.received == 5 * 1_024)
    }
}

extension FloodTests.Counter {
    func subscribe(to subject: EventSubject<Int>) {
        subject.subscribeNext { self.show($0) }
    }
}

/// Outside any actor, even when called from one.
nonisolated func sendFromAnywhere(_ count: Int, to subject: EventSubject<Int>) {
    for value in 1...count {
        subject.sendNext(value)
    }
}

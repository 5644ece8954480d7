import Foundation
import SimpleSubject
import Synchronization
import Testing

/// Guarantees 2, 4 and 5 under real threads. CI runs this suite under ThreadSanitizer too.
@Suite struct ConcurrencyTests {
    static let threads = 8
    static let rounds = 1_000

    /// Checks that it is never called from two threads at once and that each sender's values
    /// arrive in the order that sender sent them, once each.
    final class OrderChecker: @unchecked Sendable {
        private let busy = Atomic<Bool>(false)
        let overlaps = Atomic<Int>(0)
        let outOfOrder = Atomic<Int>(0)
        let received = Atomic<Int>(0)
        private var lastBySender = [Int](repeating: -1, count: ConcurrencyTests.threads)

        func receive(_ value: Int) {
            if busy.exchange(true, ordering: .acquiringAndReleasing) { overlaps.add(1, ordering: .relaxed) }
            let sender = value / 1_000_000, sequence = value % 1_000_000
            if sequence <= lastBySender[sender] { outOfOrder.add(1, ordering: .relaxed) }
            lastBySender[sender] = sequence
            received.add(1, ordering: .relaxed)
            busy.store(false, ordering: .releasing)
        }
    }

    @Test func eightThreadsSendingSubscribingAndCancellingAtOnceLoseAndDuplicateNothing() {
        let subject = EventSubject<Int>()
        let permanent = OrderChecker()
        subject.subscribeNext { permanent.receive($0) }
        let churnCheckers = (0..<Self.threads).map { _ in OrderChecker() }
        let calledAfterCancel = Atomic<Int>(0)

        onThreads(Self.threads) { thread in
            for round in 0..<Self.rounds {
                subject.sendNext(thread * 1_000_000 + round)
                // A short-lived subscriber: once cancel() has returned on this thread, this thread
                // never calls it again. (Another thread's delivery may already have reached it:
                // cancel() does not wait for that, and guarantee 5 does not promise it.)
                let cancelled = Atomic<Bool>(false)
                let canceller = currentThreadID()
                let subscription = subject.subscribeNext { value in
                    if cancelled.load(ordering: .acquiring) && currentThreadID() == canceller {
                        calledAfterCancel.add(1, ordering: .relaxed)
                    }
                }
                if round % 3 == 0 { subject.sendNext(thread * 1_000_000 + 999_999 - round) ; continue }
                subscription.cancel()
                cancelled.store(true, ordering: .releasing)
                // A longer-lived, order-checked subscriber per thread, renewed now and then.
                if round % 500 == 0 {
                    let checker = churnCheckers[thread]
                    subject.subscribeNext { value in
                        if value % 1_000_000 < 500_000 { checker.receive(value) }
                    }
                }
            }
        }

        let sends = Self.threads * (Self.rounds + (Self.rounds + 2) / 3)
        #expect(permanent.received.load(ordering: .acquiring) == sends)  // nothing lost, nothing twice
        #expect(permanent.overlaps.load(ordering: .acquiring) == 0)
        #expect(calledAfterCancel.load(ordering: .acquiring) == 0)
        for checker in churnCheckers {
            #expect(checker.overlaps.load(ordering: .acquiring) == 0)
        }
        // Subscribers left: the permanent one, the uncancelled third, the renewed checkers.
        let keptPerThread = (0..<Self.rounds).count(where: { $0 % 3 == 0 })
        let checkersPerThread = (0..<Self.rounds).count(where: { $0 % 3 != 0 && $0 % 500 == 0 })
        #expect(subject.subscriberCount == 1 + Self.threads * (keptPerThread + checkersPerThread))
    }

    @Test func eachSendersValuesArriveInTheOrderTheyWereSent() {
        let subject = Subject(0)
        let checker = OrderChecker()
        subject.subscribeNext { value in if value > 0 { checker.receive(value) } }
        onThreads(Self.threads) { thread in
            for round in 1...Self.rounds { subject.sendNext(thread * 1_000_000 + round) }
        }
        #expect(checker.received.load(ordering: .acquiring) == Self.threads * Self.rounds)
        #expect(checker.outOfOrder.load(ordering: .acquiring) == 0)
        #expect(checker.overlaps.load(ordering: .acquiring) == 0)
    }

    @Test func aSubscriberCancelledByAnotherThreadDuringADeliveryIsNotCalledAfterCancelReturns() {
        let subject = EventSubject<Int>()
        let firstRunning = DispatchSemaphore(value: 0)
        let cancelReturned = DispatchSemaphore(value: 0)
        let log = Recorder<String>()
        subject.subscribeNext { _ in
            firstRunning.signal()
            log.append(cancelReturned.wait(timeout: .now() + 20) == .success ? "first" : "timed out")
        }
        let second = subject.subscribeNext { _ in log.append("second") }
        let sender = Joinable { subject.sendNext(1) }
        firstRunning.wait()
        second.cancel()  // another thread is delivering; cancel returns without waiting for it
        cancelReturned.signal()
        #expect(sender.join())
        #expect(log.values == ["first"])
    }

    @Test func aNewSubscribersFirstCallComesBeforeAnyValueSentAfterItSubscribed() {
        let subject = Subject(0)
        let violations = Atomic<Int>(0)
        onThreads(Self.threads) { thread in
            if thread == 0 {
                for value in 1...Self.rounds * 4 { subject.sendNext(value) }
            } else {
                for _ in 0..<Self.rounds / 4 {
                    let seen = Shared<[Int]>([])
                    let subscription = subject.subscribeNext { value in
                        seen.modify { seen in
                            if let last = seen.last, value <= last { violations.add(1, ordering: .relaxed) }
                            seen.append(value)
                        }
                    }
                    subscription.cancel()
                }
            }
        }
        #expect(violations.load(ordering: .acquiring) == 0)
    }

    @Test func derivedValuesFromTwoSendingThreadsEndAtTheLatestPair() {
        let a = Subject(0), b = Subject(0)
        let both = combineLatest(a, b)
        let merged = merge(a, b)
        let mergedCount = Atomic<Int>(0)
        merged.subscribeNext { _ in mergedCount.add(1, ordering: .relaxed) }
        onThreads(2) { thread in
            let subject = thread == 0 ? a : b
            for value in 1...Self.rounds { subject.sendNext(value) }
        }
        #expect(both.value == (Self.rounds, Self.rounds))
        #expect(mergedCount.load(ordering: .acquiring) == 2 * Self.rounds)
    }

    @Test func subjectsAndSubscriptionsCrossTasksAndActorsWithoutWarnings() async {
        let credit = Subject(0)
        let bag = SubscriptionBag()
        actor Counter {
            var total = 0
            func add(_ subject: Subject<Int>) { subject.sendNext(subject.value + 1) }
        }
        let counter = Counter()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { await counter.add(credit) }
                group.addTask { credit.subscribeNext { _ in }.store(in: bag) }
            }
        }
        #expect(credit.value == 8)
        #expect(bag.count == 8)
        bag.cancelAll()
        #expect(credit.subscriberCount == 0)
    }
}

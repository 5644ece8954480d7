import Foundation
import SimpleSubject
import Synchronization
import Testing

/// The delivery guarantees of "Why no monad layer", one or more tests each. Tests with threads are in
/// `ConcurrencyTests` too; these are the ones that a single thread can pin.
@Suite struct DeliveryTests {
    // 1. Synchronous, in subscription order, on the sending thread.
    @MainActor @Test func subscribersRunSynchronouslyInSubscriptionOrderOnTheSendingThread() {
        let subject = EventSubject<Int>()
        var log: [String] = []
        let sender = currentThreadID()
        for name in ["a", "b", "c"] {
            subject.subscribeNext { _ in
                #expect(currentThreadID() == sender)
                log.append(name)
            }
        }
        subject.sendNext(1)
        #expect(log == ["a", "b", "c"])  // all of them, before sendNext returned
    }

    // 1. A late sender queues and goes on; the delivering thread delivers its value before its own
    // sendNext returns.
    @Test func aLateSenderDoesNotWaitAndItsValueIsDeliveredByTheDeliveringThread() {
        let subject = EventSubject<Int>()
        let inDelivery = DispatchSemaphore(value: 0)
        let lateSendReturned = DispatchSemaphore(value: 0)
        let log = Recorder<String>()
        let firstThread = Atomic<UInt>(0)
        subject.subscribeNext { value in
            let onFirst = currentThreadID() == firstThread.load(ordering: .acquiring)
            log.append("\(value) on \(onFirst ? "first" : "another thread")")
            if value == 1 {
                inDelivery.signal()
                // If the late sender waited for us, this would time out.
                let waited = lateSendReturned.wait(timeout: .now() + 20)
                log.append(waited == .success ? "late sender returned" : "late sender blocked")
            }
        }
        let first = Joinable {
            firstThread.store(currentThreadID(), ordering: .releasing)
            subject.sendNext(1)
            log.append("first's sendNext returned")
        }
        inDelivery.wait()
        subject.sendNext(2)
        lateSendReturned.signal()
        #expect(first.join())
        #expect(log.values == [
            "1 on first", "late sender returned", "2 on first", "first's sendNext returned",
        ])
    }

    // 2. A new subscriber's first call comes before later values, also from inside a delivery.
    @MainActor @Test func aSubscriberAddedInsideADeliveryGetsItsFirstValueAfterTheCurrentOneAndBeforeLaterOnes() {
        let credit = Subject(0)
        var log: [String] = []
        var added = false
        credit.subscribeNext { value in
            log.append("outer \(value)")
            if value == 1 && !added {
                added = true
                credit.subscribeNext { log.append("inner \($0)") }
                log.append("subscribed")
                credit.sendNext(2)
            }
        }
        credit.subscribeNext { log.append("second \($0)") }
        credit.sendNext(1)
        #expect(log == [
            "outer 0", "second 0",
            "outer 1", "subscribed", "second 1",
            "inner 1",  // queued behind the value being delivered
            "outer 2", "second 2", "inner 2",
        ])
    }

    // One rule for every kind: a send made during a delivery takes effect when its turn comes,
    // and a subscriber made meanwhile is already there to get it — as a `Subject`'s subscriber
    // made there starts from the value being delivered and then gets the queued one.
    @MainActor @Test func anEventSubscriberAddedInsideADeliveryGetsTheValuesStillQueued() {
        let events = EventSubject<Int>()
        var inner: [Int] = []
        var added = false
        events.subscribeNext { value in
            guard !added else { return }
            added = true
            events.sendNext(10)  // queued: takes effect after 1 has reached everyone
            events.subscribeNext { inner.append($0) }
            events.sendNext(20)
        }
        events.sendNext(1)
        #expect(inner == [10, 20])
    }

    // 3. No reentrancy anomaly: later subscribers never see new-then-old.
    @MainActor @Test func aSendFromInsideASubscriberIsDeliveredAfterTheCurrentValueReachesEveryone() {
        let credit = Subject(0)
        var first: [Int] = []
        var second: [Int] = []
        credit.subscribeNext { value in
            first.append(value)
            if value == 1 { credit.sendNext(2) }
        }
        credit.subscribeNext { value in
            second.append(value)
            #expect(credit.value == value)  // inside a subscriber, value is the one being delivered
        }
        credit.sendNext(1)
        #expect(first == [0, 1, 2])
        #expect(second == [0, 1, 2])  // not [0, 2, 1]
        #expect(credit.value == 2)
    }

    @MainActor @Test func deepReentrantSendingDoesNotGrowTheStack() {
        let counter = Subject(0)
        var last = 0
        counter.subscribeNext { value in
            last = value
            if value < 200_000 { counter.sendNext(value + 1) }
        }
        #expect(last == 200_000)
    }

    // 5. Cancelled during a delivery: not called after cancel() returns.
    @MainActor @Test func aSubscriberCancelledByAnEarlierSubscriberIsNotCalledForTheCurrentValue() {
        let subject = EventSubject<Int>()
        var later: Subscription?
        var calls: [Int] = []
        subject.subscribeNext { _ in later?.cancel() }
        later = subject.subscribeNext { calls.append($0) }
        subject.sendNext(1)
        #expect(calls.isEmpty)
        #expect(subject.subscriberCount == 1)
    }

    @MainActor @Test func aSubscriberThatCancelsItselfIsNotCalledAgain() {
        let subject = EventSubject<Int>()
        var calls: [Int] = []
        var subscription: Subscription?
        subscription = subject.subscribeNext { value in
            calls.append(value)
            subscription?.cancel()
            subject.sendNext(value + 1)  // queued; must not reach the cancelled subscriber
        }
        subject.sendNext(1)
        #expect(calls == [1])
    }

    @MainActor @Test func aSubscriberCancelledBeforeItsQueuedFirstCallIsNeverCalled() {
        let credit = Subject(0)
        var innerCalls = 0
        var once = false
        credit.subscribeNext { _ in
            guard !once else { return }
            once = true
            let inner = credit.subscribeNext { _ in innerCalls += 1 }
            #expect(credit.subscriberCount == 2)
            inner.cancel()
        }
        #expect(innerCalls == 0)
        #expect(credit.subscriberCount == 1)
    }

    // 6. No lock is held while user code runs.
    @MainActor @Test func aSubscriberCanUseEveryPartOfTheSubjectFromInsideADelivery() {
        let credit = Subject(0)
        var seen: [String] = []
        credit.subscribeNext { value in
            guard value == 1 else { return }
            seen.append("value \(credit.value)")
            seen.append("count \(credit.subscriberCount)")
            seen.append(credit.debugDescription.components(separatedBy: "\n")[0])
            credit.subscribeNext { _ in }.cancel()
        }
        credit.sendNext(1)
        #expect(seen == ["value 1", "count 1", "Subject<Int>(value: 1), 1 subscription:"])
    }

    @Test func anotherThreadCanUseTheSubjectWhileASubscriberRuns() {
        let credit = Subject(0)
        let otherThreadFinished = Shared(false)
        credit.subscribeNext { value in
            guard value == 1 else { return }
            let other = Joinable {
                _ = credit.value
                _ = credit.subscriberCount
                credit.subscribeNext { _ in }.cancel()
                credit.sendNext(2)  // queued behind us
            }
            otherThreadFinished.value = other.join()  // would deadlock if a lock were held
        }
        credit.sendNext(1)
        #expect(otherThreadFinished.value)
        #expect(credit.value == 2)
    }

    @MainActor @Test func aDeinitThatRunsWhenASubscriptionIsCancelledCanUseTheSubject() {
        let credit = Subject(0)
        final class UsesCreditOnDeinit {
            let credit: Subject<Int>
            init(_ credit: Subject<Int>) { self.credit = credit }
            deinit { credit.subscribeNext { _ in }.cancel() }  // would deadlock under the lock
        }
        var captured: UsesCreditOnDeinit? = UsesCreditOnDeinit(credit)
        let subscription = credit.subscribeNext { [captured] _ in _ = captured }
        captured = nil
        subscription.cancel()
        #expect(credit.subscriberCount == 0)
    }
}

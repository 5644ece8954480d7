import Foundation
import SimpleSubject
import Testing

/// Who keeps what alive, and guarantee 7 of "Why no monad layer" (nothing leaks), proven with
/// weak references.
@MainActor @Suite struct OwnershipTests {
    @Test func aDiscardedSubscriptionKeepsWorkingForAsLongAsTheSubjectLives() {
        let credit = Subject(0)
        var seen: [Int] = []
        credit.subscribeNext { seen.append($0) }  // result discarded, as in the seed
        credit.sendNext(5)
        #expect(seen == [0, 5])
    }

    @Test func releasingASubjectFreesItsSubscribersAndWhatTheyCaptured() {
        weak var weakSubject: Subject<Int>?
        weak var weakCaptured: Token?
        do {
            let subject = Subject(0)
            let captured = Token()
            subject.subscribeNext { _ in _ = captured }
            weakSubject = subject
            weakCaptured = captured
        }
        #expect(weakSubject == nil)
        #expect(weakCaptured == nil)
    }

    @Test func cancellingFreesTheSubscribersClosureAtOnce() {
        let credit = Subject(0)
        weak var weakCaptured: Token?
        let subscription: Subscription
        do {
            let captured = Token()
            weakCaptured = captured
            subscription = credit.subscribeNext { _ in _ = captured }
        }
        #expect(weakCaptured != nil)
        subscription.cancel()
        #expect(weakCaptured == nil)
    }

    @Test func anOwnerBoundSubscriptionGetsItsOwnerBackAndDoesNotRetainIt() {
        @MainActor final class Screen { var shown: [Int] = [] }
        let credit = Subject(0)
        var screen: Screen? = Screen()
        weak let weakScreen = screen
        let subscription = credit.subscribeNext(owner: screen!) { screen, value in screen.shown.append(value) }
        credit.sendNext(5)
        #expect(screen?.shown == [0, 5])
        screen = nil
        #expect(weakScreen == nil)
        #expect(subscription.isCancelled)
        #expect(credit.subscriberCount == 0)
        credit.sendNext(6)  // the subscription ends here at the latest
        #expect(credit.debugDescription == "Subject<Int>(value: 6), 0 subscriptions")
    }

    @Test func assignWritesEveryValueAndHoldsTheObjectWeakly() {
        final class Label { var text = "" }
        let credit = Subject(0)
        let text = credit.map { "\($0) points" }
        var label: Label? = Label()
        weak let weakLabel = label
        text.assign(to: \.text, on: label!)
        #expect(label?.text == "0 points")
        credit.sendNext(30)
        #expect(label?.text == "30 points")
        label = nil
        #expect(weakLabel == nil)
        credit.sendNext(35)
        #expect(text.subscriberCount == 0)
    }

    @Test func aChainNobodyKeptWorksForAsLongAsItsSourceLives() {
        let credit = Subject(0)
        var seen: [String] = []
        credit.map { $0 * 2 }.map { "\($0)" }.subscribeNext { seen.append($0) }
        credit.sendNext(5)
        #expect(seen == ["0", "10"])
    }

    @Test func aChainDetachesOnceNothingCanObserveIt() {
        let credit = Subject(0)
        weak var weakMapped: Subject<String>?
        let subscription: Subscription
        do {
            let mapped = credit.map { $0 * 2 }.map { "\($0)" }
            weakMapped = mapped
            subscription = mapped.subscribeNext { _ in }
        }
        credit.sendNext(1)
        #expect(weakMapped != nil)  // it has a live subscriber
        subscription.cancel()
        credit.sendNext(2)  // the last hop notices nobody listens
        credit.sendNext(3)  // the first hop notices its downstream is gone
        #expect(weakMapped == nil)
        #expect(credit.subscriberCount == 0)  // no empty slots left behind
    }

    @Test func aDerivedValueSomeoneHoldsStaysCurrentWithoutSubscribers() {
        let credit = Subject(0)
        let doubled = credit.map { $0 * 2 }
        credit.sendNext(21)
        credit.sendNext(22)
        #expect(doubled.value == 44)
        #expect(credit.subscriberCount == 1)
    }

    @Test func aScreenThatBindsThroughOperatorsLeavesNothingBehindWhenItCloses() {
        @MainActor final class Screen {
            let bag = SubscriptionBag()
            var text = ""
            init(_ credit: Subject<Int>) {
                credit.filter { $0 >= 0 }.map { "\($0)" }.removeDuplicates()
                    .assign(to: \.text, on: self).store(in: bag)
            }
        }
        let credit = Subject(0)
        for _ in 0..<100 {
            var screen: Screen? = Screen(credit)
            credit.sendNext(credit.value + 1)
            #expect(screen?.text == "\(credit.value)")
            screen = nil
        }
        credit.sendNext(0)
        credit.sendNext(0)
        credit.sendNext(0)
        #expect(credit.subscriberCount == 0)
    }

    @Test func aSyncedPairDoesNotKeepEitherSubjectAlive() {
        weak var weakA: Subject<Int>?
        let b = Subject(0)
        do {
            let a = Subject(1)
            weakA = a
            a.sync(with: b)
        }
        #expect(weakA == nil)
        b.sendNext(2)  // notices the partner is gone and ends the binding
        #expect(b.subscriberCount == 0)
    }

    // Issue 31: a delivery reads its subscribers without holding a reference to the list's
    // buffer; a change made meanwhile keeps that buffer (and the closures in it) until the
    // delivering thread comes back for it. These prove that it comes back before `sendNext`
    // returns — by whichever path the cancel came.

    @Test func aSubscriberCancelledByAnotherDuringADeliveryIsFreedWhenTheSendReturns() {
        let credit = Subject(0)
        weak var weakCaptured: Token?
        var second: Subscription?
        credit.subscribeNext { if $0 == 1 { second?.cancel() } }
        do {
            let captured = Token()
            weakCaptured = captured
            second = credit.subscribeNext { _ in _ = captured }
        }
        credit.sendNext(1)
        #expect(weakCaptured == nil)
    }

    @Test func aSubscriberThatCancelsItselfDuringADeliveryIsFreedWhenTheSendReturns() {
        let credit = Subject(0)
        weak var weakCaptured: Token?
        var subscription: Subscription?
        do {
            let captured = Token()
            weakCaptured = captured
            subscription = credit.subscribeNext { value in
                _ = captured
                if value == 1 { subscription?.cancel() }
            }
        }
        credit.sendNext(1)
        #expect(weakCaptured == nil)
    }

    @Test nonisolated func aSubscriberCancelledFromAnotherThreadDuringADeliveryIsFreedWhenTheSendReturns() {
        final class Canary: Sendable {}
        let credit = Subject(0)
        let inside = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        credit.subscribeNext { value in
            guard value == 1 else { return }
            inside.signal()
            proceed.wait()
        }
        weak var weakCaptured: Canary?
        let second: Subscription
        do {
            let captured = Canary()
            weakCaptured = captured
            second = credit.subscribeNext { _ in _ = captured }
        }
        let sender = Joinable { credit.sendNext(1) }
        inside.wait()
        second.cancel()  // the sender's delivery is reading the list that holds the closure
        proceed.signal()
        #expect(sender.join())
        #expect(weakCaptured == nil)
    }
}

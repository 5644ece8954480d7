@testable import SimpleSubject
import Testing

/// The subscription bag's contents, the wait graph's edges and an observer's follows and reads.
extension StateMachineTests {
    /// A subscription to nothing, for the bag to hold.
    private func subscription() -> Subscription {
        Subscription(host: nil, file: #fileID, line: #line)
    }

    // MARK: subscription bag

    @Test func aBagDropsItsEndedSubscriptionsOnceItReachesItsPrunePoint() {
        var bag = SubscriptionBagStateMachine()
        let stored = (0..<SubscriptionBagStateMachine.firstPrune).map { _ in subscription() }
        for (index, subscription) in stored.enumerated() {
            if index.isMultiple(of: 2) {
                subscription.cancel()
            }
        }
        var dropped: [Subscription] = []
        for subscription in stored {
            dropped += bag.stored(subscription)
        }
        #expect(dropped.count == stored.count / 2)
        #expect(dropped.filter { !$0.isCancelledFlagSet }.isEmpty)
        #expect(bag.subscriptions.count == stored.count / 2)
        #expect(bag.pruneAt == stored.count)
    }

    @Test func aBagPrunesNothingBeforeItsPrunePoint() {
        var bag = SubscriptionBagStateMachine()
        let ended = subscription()
        ended.cancel()
        #expect(bag.stored(ended).isEmpty)
        #expect(bag.subscriptions.count == 1)
    }

    @Test func aBagOfLiveSubscriptionsMovesItsPrunePointToTwiceItsSize() {
        var bag = SubscriptionBagStateMachine()
        let stored = (0..<SubscriptionBagStateMachine.firstPrune).map { _ in subscription() }
        for subscription in stored {
            #expect(bag.stored(subscription).isEmpty)
        }
        #expect(bag.pruneAt == 2 * stored.count)
    }

    @Test func emptyingABagHandsOverEverySubscriptionInOrder() {
        var bag = SubscriptionBagStateMachine()
        let stored = [subscription(), subscription()]
        for subscription in stored {
            _ = bag.stored(subscription)
        }
        #expect(bag.emptied().map(ObjectIdentifier.init) == stored.map(ObjectIdentifier.init))
        #expect(bag.subscriptions.isEmpty)
    }

    // MARK: observer

    @Test func aChangeBeforeTheSubjectIsHandedOverIsReadOnceItIs() {
        var observer = ObserverStateMachine<Int>()
        let subject = Subject(0)
        let early = observer.readIsDue()
        let readsNow = observer.followed(subject)
        let later = observer.readIsDue()
        #expect(early == nil)
        #expect(readsNow)
        #expect(later === subject)
    }

    @Test func aSubjectHandedOverWithNoChangeBeforeIsNotReadAtOnce() {
        var observer = ObserverStateMachine<Int>()
        let subject = Subject(0)
        let readsNow = observer.followed(subject)
        #expect(!readsNow)
    }

    @Test func anObserverHoldsItsSubjectWeakly() {
        var observer = ObserverStateMachine<Int>()
        do {
            let subject = Subject(0)
            _ = observer.followed(subject)
        }
        let subject = observer.readIsDue()
        #expect(subject == nil)
    }

    @Test func changesDuringAReadAreReadOnceMoreAfterIt() {
        var observer = ObserverStateMachine<Int>()
        let starts = [observer.changed(), observer.changed(), observer.changed()]
        #expect(starts == [true, false, false])
        #expect(observer.reading == .runningAgain)
        let readsAgain = [observer.readEnded(), observer.readEnded()]
        #expect(readsAgain == [true, false])
        #expect(observer.reading == .idle)
        let startsLater = observer.changed()
        #expect(startsLater)
    }
}

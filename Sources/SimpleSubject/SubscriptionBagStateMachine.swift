/// A `SubscriptionBag`'s contents: the subscriptions stored, and the size at which the ended ones
/// are dropped, so that a bag that stores and cancels for ever stays bounded. Every event returns
/// the subscriptions it let go of, to be released once the lock is (a subscription's release
/// may release a subject, whose `deinit` is user code).
struct SubscriptionBagStateMachine {
    /// The smallest size at which ended subscriptions are dropped.
    static let firstPrune = 64

    /// The subscriptions stored, in order, the ended ones among them until the next prune.
    private(set) var subscriptions: [Subscription] = []
    /// The size at which ended subscriptions are dropped: twice what was left at the last prune.
    private(set) var pruneAt = firstPrune

    init() {}

    /// A subscription was stored; returns those dropped because they had ended.
    mutating func stored(_ subscription: Subscription) -> [Subscription] {
        subscriptions.append(subscription)
        guard subscriptions.count >= pruneAt else { return [] }
        // The flag only: loading a weak owner here could run its `deinit` under the lock.
        // Subscriptions whose owner is gone are cancelled at their subject's next send.
        var kept: [Subscription] = []
        var ended: [Subscription] = []
        for stored in subscriptions {
            if stored.isCancelledFlagSet {
                ended.append(stored)
            } else {
                kept.append(stored)
            }
        }
        subscriptions = kept
        pruneAt = max(Self.firstPrune, kept.count * 2)
        assertInvariants()
        return ended
    }

    /// The bag was emptied (`cancelAll`, or its end): returns every subscription, to be cancelled.
    mutating func emptied() -> [Subscription] {
        let all = subscriptions
        subscriptions = []
        assertInvariants()
        return all
    }

    /// The prune point stays ahead of the contents and never below the first.
    private func assertInvariants() {
        assert(pruneAt >= Self.firstPrune, "a bag prunes no earlier than at its first prune point")
        assert(subscriptions.count < pruneAt, "a bag prunes once it reaches its prune point")
    }
}

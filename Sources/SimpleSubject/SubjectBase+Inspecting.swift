// What a subject tells about itself: not on the path of `sendNext` or `subscribeNext`.
extension SubjectBase {
    /// The number of live subscriptions: not cancelled, and not tied to an owner that is gone.
    ///
    /// - Complexity: O(*n*), where *n* is the number of subscribers.
    public final var subscriberCount: Int {
        let (live, ownerBound) = lock.withLock { () -> (Int, [Subscription]) in
            let live = liveCount.load(ordering: .relaxed)
            // Operators ask on every value they drop: allocate only when there is an owner to ask about.
            guard slots.contains(where: { $0?.subscription.isOwnerBound == true }) else { return (live, []) }
            return (live, slots.compactMap { $0?.subscription }.filter(\.isOwnerBound))
        }
        // Asked after unlocking: loading a weak owner may leave the last strong reference with us,
        // and then its `deinit` (user code) runs here.
        return live - ownerBound.count(where: \.ownerIsGone)
    }

    /// Whether anyone can still observe what this subject delivers: a live subscriber — one tied
    /// to an owner while the owner lives, an operator's while what it feeds can be observed. An
    /// operator asks it about its target when a value passes nothing on, so that a chain whose
    /// end is gone detaches even where values stop short of that end.
    final func hasObservers(depth: Int) -> Bool {
        let others: [Slot]? = lock.withLock {
            // Quick answers under the lock, loading no weak reference: a subscriber still joining,
            // or a plain one.
            if liveCount.load(ordering: .relaxed) > slots.count - emptySlots { return nil }
            let hasPlain = slots.contains { slot in
                guard let slot, !slot.subscription.isOwnerBound else { return false }
                return slot.extras?.link == nil && !slot.subscription.isCancelledFlagSet
            }
            return hasPlain ? nil : slots.compactMap { $0 }
        }
        guard let others else { return true }
        // Asked after unlocking: loading a weak owner may run its `deinit`.
        return others.contains { slot in
            if slot.subscription.isCancelled { return false }
            guard let link = slot.extras?.link, depth < 64 else { return true }  // too deep: keep it
            return link.isObserved(depth: depth + 1)
        }
    }

    /// The kind, its current state, and one line per live subscription naming where it was made
    /// and, for one made on an actor, which (the actor's type).
    ///
    /// ```
    /// Subject<Int>(value: 80), 2 subscriptions:
    ///   StudentCredit/CreditViewModel.swift:41
    ///   CreditApp/CreditScreen.swift:17 on MainActor
    /// ```
    public var debugDescription: String {
        let subscribers = lock.withLock { slots.compactMap { $0 } }
        let lines = subscribers.filter { !$0.subscription.isCancelled }.map { slot in
            let actor = slot.extras?.hop?.actor.map { " on \(type(of: $0))" } ?? ""
            return "  \(slot.subscription.file):\(slot.subscription.line)" + actor
        }
        let count = lines.count == 1 ? "1 subscription" : "\(lines.count) subscriptions"
        return ([kindDescription + ", " + count + (lines.isEmpty ? "" : ":")] + lines).joined(separator: "\n")
    }
}

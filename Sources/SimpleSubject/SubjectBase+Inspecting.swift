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

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

    /// The kind, its current state, and one line per live subscription naming where it was made.
    ///
    /// ```
    /// Subject<Int>(value: 80), 2 subscriptions:
    ///   StudentCredit/CreditViewModel.swift:41
    ///   credit_cli/Screen.swift:17
    /// ```
    public var debugDescription: String {
        let subscriptions = lock.withLock { slots.compactMap { $0?.subscription } }
        let locations = subscriptions.filter { !$0.isCancelled }.map { "  \($0.file):\($0.line)" }
        let count = locations.count == 1 ? "1 subscription" : "\(locations.count) subscriptions"
        return ([kindDescription + ", " + count + (locations.isEmpty ? "" : ":")] + locations).joined(separator: "\n")
    }
}

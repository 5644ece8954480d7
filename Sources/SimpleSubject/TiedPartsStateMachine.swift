/// A `TiedSubscription`'s parts, held weakly, and whether it has been cancelled: a part added
/// after that ends at once. Every event returns the parts it loaded, to be used — and released,
/// which may run a `deinit` — after the lock.
struct TiedPartsStateMachine {
    private var parts: [WeakSubscription] = []
    private var isCancelled = false

    /// How many parts were tied.
    var count: Int { parts.count }

    /// The parts still alive.
    var liveParts: [Subscription] { parts.compactMap(\.subscription) }

    /// A part was made; returns whether it stays (false: cancel it, the subscription has ended).
    mutating func tied(_ part: Subscription) -> Bool {
        guard !isCancelled else { return false }
        parts.append(WeakSubscription(subscription: part))
        return true
    }

    /// The subscription was cancelled; returns the parts to cancel.
    mutating func cancelled() -> [Subscription] {
        isCancelled = true
        return liveParts
    }
}

/// A weak reference to a subscription.
struct WeakSubscription {
    weak var subscription: Subscription?
}

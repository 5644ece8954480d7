/// Which inner subscription a `switchToLatest` follows. Each event returns the subscription it
/// leaves, to be cancelled once the lock is released (a cancel releases the subscriber, and its
/// release is user code).
struct SwitchToLatestStateMachine {
    private enum State {
        /// No inner subject has come yet.
        case waiting
        /// Follows the newest inner subject through `subscription`.
        case following(Subscription)
        /// The operator ended: it follows nothing any more.
        case ended
    }

    private var state = State.waiting

    init() {}

    /// A new inner subject came, followed through `next`; returns the previous inner subscription.
    mutating func switched(to next: Subscription) -> Subscription? {
        switch state {
        case .waiting:
            state = .following(next)
            return nil
        case .following(let previous):
            state = .following(next)
            return previous
        case .ended:
            preconditionFailure("a switchToLatest switched after it ended")
        }
    }

    /// The operator ended; returns the inner subscription it followed.
    mutating func ended() -> Subscription? {
        switch state {
        case .waiting:
            state = .ended
            return nil
        case .following(let current):
            state = .ended
            return current
        case .ended:
            preconditionFailure("a switchToLatest ended twice")
        }
    }

    /// The inner subscription followed now.
    var current: Subscription? {
        guard case .following(let current) = state else { return nil }
        return current
    }
}

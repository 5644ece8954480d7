/// Holds subscriptions and cancels all of them when it is released or on ``cancelAll()``.
///
/// A screen keeps one bag; everything it subscribed ends with it:
///
/// ```swift
/// final class CreditScreen {
///     let bag = SubscriptionBag()
///     init(student: Student) {
///         student.creditSubject.subscribeNext { print($0) }.store(in: bag)
///     }
/// }
/// ```
///
/// `SubscriptionBag` is `Sendable`: store into it and empty it from any thread.
public final class SubscriptionBag: Sendable {
    /// The subscriptions, and the size at which cancelled ones are dropped from them.
    private let state = Locked<(subscriptions: [Subscription], pruneAt: Int)>(([], 64))

    /// Creates an empty bag.
    public init() {}

    deinit {
        cancelAll()
    }

    /// Cancels every subscription in the bag and empties it. The bag can be used again.
    ///
    /// - Complexity: O(*n*), where *n* is the number of subscriptions stored.
    public func cancelAll() {
        let all = state.locked { state in
            defer { state.subscriptions = [] }
            return state.subscriptions
        }
        for subscription in all {
            subscription.cancel()
        }
    }

    /// The number of subscriptions stored that have not ended yet.
    public var count: Int {
        // Asked after unlocking: loading a weak owner may leave the last strong reference with us,
        // and then its `deinit` (user code) runs here.
        state.locked { $0.subscriptions }.count(where: { !$0.isCancelled })
    }

    func insert(_ subscription: Subscription) {
        state.locked { state in
            state.subscriptions.append(subscription)
            if state.subscriptions.count >= state.pruneAt {
                // The flag only: loading a weak owner here could run its `deinit` under the lock.
                // Subscriptions whose owner is gone are cancelled at their subject's next send.
                state.subscriptions.removeAll(where: \.isCancelledFlagSet)
                state.pruneAt = max(64, state.subscriptions.count * 2)
            }
        }
    }
}

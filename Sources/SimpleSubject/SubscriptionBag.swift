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
    /// The subscriptions (see `SubscriptionBagStateMachine`).
    private let machine = Locked(SubscriptionBagStateMachine())

    /// Creates an empty bag.
    public init() {}

    deinit {
        cancelAll()
    }

    /// Cancels every subscription in the bag and empties it. The bag can be used again.
    ///
    /// - Complexity: O(*n*), where *n* is the number of subscriptions stored.
    public func cancelAll() {
        let all = machine.locked { $0.emptied() }
        for subscription in all {
            subscription.cancel()
        }
    }

    /// The number of subscriptions stored that have not ended yet.
    public var count: Int {
        // Asked after unlocking: loading a weak owner may leave the last strong reference with us,
        // and then its `deinit` (user code) runs here.
        machine.locked { $0.subscriptions }.count(where: { !$0.isCancelled })
    }

    /// Stores `subscription`.
    func insert(_ subscription: Subscription) {
        _ = machine.locked { $0.stored(subscription) }  // the ended ones it dropped, released after the lock
    }
}

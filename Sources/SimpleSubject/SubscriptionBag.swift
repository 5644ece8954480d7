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
public final class SubscriptionBag: @unchecked Sendable {
    // @unchecked because `subscriptions` and `pruneAt` are only touched while holding `lock`.

    private let lock = Lock()
    private var subscriptions: [Subscription] = []
    /// When the bag grows to this size, cancelled subscriptions are dropped from it.
    private var pruneAt = 64

    /// Creates an empty bag.
    public init() {}

    deinit {
        for subscription in subscriptions { subscription.cancel() }
        lock.deallocate()
    }

    /// Cancels every subscription in the bag and empties it. The bag can be used again.
    ///
    /// - Complexity: O(*n*), where *n* is the number of subscriptions stored.
    public func cancelAll() {
        let all = lock.withLock {
            defer { subscriptions = [] }
            return subscriptions
        }
        for subscription in all { subscription.cancel() }
    }

    /// The number of subscriptions stored that have not ended yet.
    public var count: Int {
        // Asked after unlocking: loading a weak owner may leave the last strong reference with us,
        // and then its `deinit` (user code) runs here.
        lock.withLock { subscriptions }.count(where: { !$0.isCancelled })
    }

    func insert(_ subscription: Subscription) {
        lock.withLock {
            subscriptions.append(subscription)
            if subscriptions.count >= pruneAt {
                // The flag only: loading a weak owner here could run its `deinit` under the lock.
                // Subscriptions whose owner is gone are cancelled at their subject's next send.
                subscriptions.removeAll(where: \.isCancelledFlagSet)
                pruneAt = max(64, subscriptions.count * 2)
            }
        }
    }
}

import Synchronization

/// What a subscription is attached to: the subject that removes it when it is cancelled (and
/// draws it in `debugGraph`: see `DrawnSubject`).
@usableFromInline protocol SubscriptionHost: DrawnSubject {
    func remove(_ subscription: Subscription)
    /// Its height (SubjectBase+Transactions.swift), which operators made from it exceed.
    var heightNow: Int { get }
    /// Makes sends to it, and to what feeds it, open transactions (SubjectBase+Transactions.swift).
    func opensTransactionsFromNowOn(depth: Int)
}

/// A live connection between a subject and one subscriber.
///
/// A subject holds its subscriptions strongly, so a subscription you discard keeps working for
/// as long as the subject lives. Call ``cancel()`` to end it earlier, or ``store(in:)`` a
/// ``SubscriptionBag`` so that it ends with the bag.
///
/// ```swift
/// let subscription = credit.subscribeNext { print($0) }
/// subscription.cancel()   // `print` is not called again
/// ```
///
/// `Subscription` is `Sendable`: cancel it from any thread, task or actor.
public final class Subscription: @unchecked Sendable {
    // @unchecked because every stored property is either immutable, atomic, a weak reference
    // (whose loads the runtime makes thread-safe) or `slotIndex`, which only the host touches,
    // and only while holding its lock.

    @usableFromInline let cancelled = Atomic<Bool>(false)
    weak let host: (any SubscriptionHost)?
    /// Where this subscription sits in its host's subscriber list; -1 until it has joined.
    /// Guarded by the host's lock.
    @usableFromInline @exclusivity(unchecked) var slotIndex = -1
    /// The object this subscription is tied to, if any (`subscribeNext(owner:)`, `assign`).
    weak let owner: AnyObject?
    @usableFromInline let isOwnerBound: Bool
    /// Subscriptions this one ends together with it (`sync(with:)`, operators with two sources).
    let parts: [Subscription]
    /// Where it was made, for `debugDescription`.
    let file: StaticString
    let line: UInt

    /// A subscription to `host`, or (with no host) one that ends `parts` together.
    @usableFromInline init(host: (any SubscriptionHost)?, owner: AnyObject? = nil, parts: [Subscription] = [],
         file: StaticString, line: UInt) {
        self.host = host
        self.owner = owner
        self.isOwnerBound = owner != nil
        self.parts = parts
        self.file = file
        self.line = line
    }

    /// Ends the subscription: its closure is not called again once `cancel()` returns on the
    /// thread that is delivering (from inside a subscriber: its own, another's), and the subject
    /// lets go of the closure (and whatever it captured) at once.
    ///
    /// Idempotent, and safe from any thread. A cancel from another thread cannot stop a call that
    /// the delivery has already reached — `cancel()` never waits for user code — so such a call
    /// may still start just after it returns; every later value is skipped.
    ///
    /// - Complexity: O(1), amortised.
    public func cancel() {
        guard !cancelled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        host?.remove(self)
        for part in parts {
            part.cancel()
        }
    }

    /// Whether the subscription has ended: it was cancelled, or the object it is tied to is gone.
    public var isCancelled: Bool { isCancelledFlagSet || ownerIsGone }

    /// The flag alone: the check a delivery makes before each call.
    @inlinable var isCancelledFlagSet: Bool { cancelled.load(ordering: .acquiring) }

    var ownerIsGone: Bool { isOwnerBound && owner == nil }

    /// Keeps the subscription in `bag`, which cancels it when the bag is released or emptied.
    ///
    /// ```swift
    /// credit.subscribeNext { print($0) }.store(in: bag)
    /// ```
    public func store(in bag: SubscriptionBag) { bag.insert(self) }
}

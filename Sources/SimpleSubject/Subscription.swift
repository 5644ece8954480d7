import Synchronization

/// What a subscription is attached to: the subject that removes it when it is cancelled (through
/// `weakHost`), and draws it in `debugGraph` (see `DrawnSubject`).
@usableFromInline protocol SubscriptionHost: DrawnSubject {
    /// Its height (SubjectBase+Transactions.swift), which operators made from it exceed.
    var heightNow: Int { get }
    /// Makes sends to it, and to what feeds it, open transactions (SubjectBase+Transactions.swift).
    func opensTransactionsFromNowOn(depth: Int)
    /// Its weak reference to itself, which its subscriptions share (see `WeakHost`).
    var weakHost: WeakHost { get }
    /// Its node in the forest of delivery domains (Domain.swift).
    var domain: Domain { get }
    /// The operators that feed it, while they last (DeadChains.swift).
    var feedLinks: [FeedLink] { get }
    /// Whether it has a live subscriber (DeadChains.swift).
    var hasLiveSubscribers: Bool { get }
    /// Whether a thread other than this one is calling its subscribers now (DeadChains.swift).
    var isDeliveredByAnotherThread: Bool { get }
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
public class Subscription: @unchecked Sendable {
    // @unchecked because every stored property is either immutable, atomic, or `index`, which
    // only the host touches, and only while holding its lock; the host is reached through a weak
    // reference (whose loads the runtime makes thread-safe).
    //
    // Small on purpose: every live subscriber has one, so its 40 bytes — one 48-byte heap block —
    // are most of what the library allocates for a subscription. Three words after the object's
    // header: the host's shared weak reference (8 bytes; a weak `any SubscriptionHost` here would
    // take 16), the file literal's address, and the index beside the line and the flags. What
    // only some subscriptions need is in a subclass: an owner (`OwnedSubscription`), parts
    // (`TiedSubscription`), an operator's closure (`Subscriber`). Not `open`: users cannot
    // subclass it.

    /// The host's weak reference to itself, shared by all its subscriptions: nil for a
    /// subscription with no host (one that ends its parts together).
    private let weakHost: WeakHost?
    /// Where it was made, for `debugDescription`: the file literal's address (see `file`).
    private let fileBits: UInt
    /// Where this subscription sits in its host's subscriber list; -1 until it has joined.
    /// Guarded by the host's lock.
    @usableFromInline @exclusivity(unchecked) var index: Int32 = -1
    /// The line it was made on (the low 29 bits), whether it is an operator's `Subscriber`
    /// (`operatorPartBit`), whether the file literal is a single scalar rather than an address
    /// (`scalarFileBit`) and whether it has been cancelled (`cancelledBit`): one load tells a
    /// delivery both whether to call and how.
    @usableFromInline let lineAndFlags: Atomic<UInt32>

    /// A subscription to `host`; with no host, see `TiedSubscription`.
    @usableFromInline init(host: (any SubscriptionHost)?, isOperatorPart: Bool = false, file: StaticString, line: UInt) {
        weakHost = host?.weakHost
        let isAddress = file.hasPointerRepresentation
        fileBits = isAddress ? UInt(bitPattern: file.utf8Start) : UInt(file.unicodeScalar.value)
        let flags = (isAddress ? 0 : Subscription.scalarFileBit) | (isOperatorPart ? Subscription.operatorPartBit : 0)
        lineAndFlags = Atomic(UInt32(min(line, UInt(Subscription.lineMask))) | flags)
    }

    /// Ends the subscription: its closure is not called again once `cancel()` returns on the
    /// thread that is delivering (from inside a subscriber: its own, another's), and the subject
    /// lets go of the closure (and whatever it captured): at once, or, while a delivery of the
    /// subject is running (on this thread or another), as soon as that delivery is over — never
    /// while holding its lock, so a `deinit` of something the closure captured may use the subject.
    ///
    /// Idempotent, and safe from any thread. A cancel from another thread cannot stop a call that
    /// the delivery has already reached — `cancel()` never waits for user code — so such a call
    /// may still start just after it returns; every later value is skipped.
    ///
    /// - Complexity: O(1), amortised.
    public final func cancel() {
        let before = lineAndFlags.bitwiseOr(Subscription.cancelledBit, ordering: .acquiringAndReleasing).oldValue
        guard before & Subscription.cancelledBit == 0 else { return }
        weakHost?.remove(self)
        cancelParts()
    }

    /// Whether it was attached to a subject that is gone: such a subscription has ended, though
    /// nobody cancelled it, and a bag must not count it.
    final var subjectIsGone: Bool { weakHost != nil && weakHost?.host == nil }

    /// The subject it is attached to, while that subject lives.
    final var host: (any SubscriptionHost)? { weakHost?.host }

    /// Whether the subscription has ended: it was cancelled, the object it is tied to is gone, or
    /// the subject it is attached to is.
    public final var isCancelled: Bool { isCancelledFlagSet || hasEndedWithoutACancel }

    /// Whether it ended without `cancel()`: its subject is gone (and, for an `OwnedSubscription`,
    /// its owner; for a `TiedSubscription`, one of its parts).
    var hasEndedWithoutACancel: Bool { subjectIsGone }

    /// The flag alone: the check a delivery makes before each call.
    @inlinable final var isCancelledFlagSet: Bool {
        lineAndFlags.load(ordering: .acquiring) & Subscription.cancelledBit != 0
    }

    final var ownerIsGone: Bool { isOwnerBound && owner == nil }

    /// Keeps the subscription in `bag`, which cancels it when the bag is released or emptied.
    ///
    /// ```swift
    /// credit.subscribeNext { print($0) }.store(in: bag)
    /// ```
    public final func store(in bag: SubscriptionBag) { bag.insert(self) }

    // What `OwnedSubscription` and `TiedSubscription` override: a plain subscription has no
    // owner and no parts.

    /// The object this subscription is tied to, if any (`subscribeNext(owner:)`, `assign`).
    var owner: AnyObject? { nil }
    /// Whether it is an operator's `Subscriber`, which holds its closure.
    @inlinable final var isOperatorPart: Bool {
        lineAndFlags.load(ordering: .relaxed) & Subscription.operatorPartBit != 0
    }

    /// Whether it was made tied to an object.
    @usableFromInline var isOwnerBound: Bool { false }
    /// Subscriptions this one ends together with it (`sync(with:)`, operators with two sources).
    var parts: [Subscription] { [] }
    /// Cancels `parts`, once this subscription is cancelled.
    func cancelParts() {}
}

extension Subscription {
    @usableFromInline static let cancelledBit: UInt32 = 1 << 31
    static let scalarFileBit: UInt32 = 1 << 30
    @usableFromInline static let operatorPartBit: UInt32 = 1 << 29
    static let lineMask: UInt32 = operatorPartBit - 1

    /// Where this subscription sits in its host's subscriber list; -1 until it has joined.
    /// Guarded by the host's lock.
    @inlinable var slotIndex: Int {
        get { Int(index) }
        set { index = Int32(newValue) }
    }

    /// The file it was made in, for `debugDescription`. A file literal with an address is a
    /// null-terminated sequence of UTF-8 code units (`StaticString.utf8Start`).
    var file: String {
        let flags = lineAndFlags.load(ordering: .relaxed)
        guard flags & Subscription.scalarFileBit == 0 else {
            return String(Unicode.Scalar(UInt32(fileBits)) ?? "?")
        }
        return String(cString: UnsafePointer<UInt8>(bitPattern: fileBits)!)
    }

    /// The line it was made on, for `debugDescription`.
    var line: UInt { UInt(lineAndFlags.load(ordering: .relaxed) & Subscription.lineMask) }
}

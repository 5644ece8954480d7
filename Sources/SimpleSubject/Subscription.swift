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
    // (whose loads the runtime makes thread-safe) or `index`, which only the host touches,
    // and only while holding its lock.
    //
    // Small on purpose (issue 31): every live subscriber has one, so its 56 bytes — one 64-byte
    // heap block — are most of what a subscription costs. What only some subscriptions need (an
    // owner, parts) waits in `extras`; the file is its literal's address, the line shares a word
    // with the cancelled flag.

    /// Where it was made, for `debugDescription`: the file literal's address (see `file`).
    private let fileBits: UInt
    weak let host: (any SubscriptionHost)?
    /// The object this subscription is tied to and the subscriptions it ends with it; nil for
    /// most subscriptions, which have neither.
    private let extras: Extras?
    /// Where this subscription sits in its host's subscriber list; -1 until it has joined.
    /// Guarded by the host's lock.
    @usableFromInline @exclusivity(unchecked) var index: Int32 = -1
    /// The line it was made on (the low 30 bits), whether the file literal is a single scalar
    /// rather than an address (`scalarFileBit`) and whether it has been cancelled (`cancelledBit`).
    @usableFromInline let lineAndFlags: Atomic<UInt32>

    /// A subscription to `host`, or (with no host) one that ends `parts` together.
    @usableFromInline init(host: (any SubscriptionHost)?, owner: AnyObject? = nil, parts: [Subscription] = [],
                           file: StaticString, line: UInt) {
        self.host = host
        extras = owner == nil && parts.isEmpty ? nil : Extras(owner: owner, parts: parts)
        let isAddress = file.hasPointerRepresentation
        fileBits = isAddress ? UInt(bitPattern: file.utf8Start) : UInt(file.unicodeScalar.value)
        let flags = isAddress ? 0 : Subscription.scalarFileBit
        lineAndFlags = Atomic(UInt32(min(line, UInt(Subscription.lineMask))) | flags)
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
        let before = lineAndFlags.bitwiseOr(Subscription.cancelledBit, ordering: .acquiringAndReleasing).oldValue
        guard before & Subscription.cancelledBit == 0 else { return }
        host?.remove(self)
        for part in parts {
            part.cancel()
        }
    }

    /// Whether the subscription has ended: it was cancelled, or the object it is tied to is gone.
    public var isCancelled: Bool { isCancelledFlagSet || ownerIsGone }

    /// The flag alone: the check a delivery makes before each call.
    @inlinable var isCancelledFlagSet: Bool {
        lineAndFlags.load(ordering: .acquiring) & Subscription.cancelledBit != 0
    }

    var ownerIsGone: Bool { isOwnerBound && owner == nil }

    /// Keeps the subscription in `bag`, which cancels it when the bag is released or emptied.
    ///
    /// ```swift
    /// credit.subscribeNext { print($0) }.store(in: bag)
    /// ```
    public func store(in bag: SubscriptionBag) { bag.insert(self) }
}

extension Subscription {
    @usableFromInline static let cancelledBit: UInt32 = 1 << 31
    static let scalarFileBit: UInt32 = 1 << 30
    static let lineMask: UInt32 = scalarFileBit - 1

    /// What few subscriptions carry: an owner (`subscribeNext(owner:)`, `assign`) or parts.
    final class Extras {
        /// The object the subscription is tied to, if any.
        weak let owner: AnyObject?
        let isOwnerBound: Bool
        /// Subscriptions this one ends together with it (`sync(with:)`, operators with two sources).
        let parts: [Subscription]

        init(owner: AnyObject?, parts: [Subscription]) {
            self.owner = owner
            isOwnerBound = owner != nil
            self.parts = parts
        }
    }

    /// Where this subscription sits in its host's subscriber list; -1 until it has joined.
    /// Guarded by the host's lock.
    @inlinable var slotIndex: Int {
        get { Int(index) }
        set { index = Int32(newValue) }
    }

    /// The object this subscription is tied to, if any (`subscribeNext(owner:)`, `assign`).
    var owner: AnyObject? { extras?.owner }
    @usableFromInline var isOwnerBound: Bool { extras?.isOwnerBound ?? false }
    /// Subscriptions this one ends together with it (`sync(with:)`, operators with two sources).
    var parts: [Subscription] { extras?.parts ?? [] }

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

/// A subscription tied to an object (`subscribeNext(owner:)`, `assign`), or one that ends other
/// subscriptions with it (`sync(with:)`, operators with several sources).
///
/// A subclass, so that the plain subscription, which most subscribers have, carries neither
/// field: one 48-byte heap block instead of 64 (issue 31).
final class TiedSubscription: Subscription, @unchecked Sendable {
    // @unchecked as `Subscription`: both fields are immutable; `tiedOwner` is a weak reference,
    // whose loads the runtime makes thread-safe.

    /// The object this subscription is tied to; nil once it is gone, or when it has none.
    private weak let tiedOwner: AnyObject?
    private let ownerBound: Bool
    private let tiedParts: [Subscription]

    /// A subscription to `host` tied to `owner`, or (with no host) one that ends `parts` together.
    init(host: (any SubscriptionHost)?, owner: AnyObject? = nil, parts: [Subscription] = [], file: StaticString,
         line: UInt) {
        tiedOwner = owner
        ownerBound = owner != nil
        tiedParts = parts
        super.init(host: host, file: file, line: line)
    }

    override var owner: AnyObject? { tiedOwner }
    override var isOwnerBound: Bool { ownerBound }
    override var parts: [Subscription] { tiedParts }

    /// A binding ends when either side is released (`sync(with:)`): so does one whose owner or
    /// any part has ended.
    override var hasEndedWithoutACancel: Bool {
        super.hasEndedWithoutACancel || ownerIsGone || tiedParts.contains { $0.isCancelled }
    }

    override func cancelParts() {
        for part in tiedParts {
            part.cancel()
        }
    }
}

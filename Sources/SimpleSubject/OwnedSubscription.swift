/// A subscription tied to an object (`subscribeNext(owner:)`, `assign`): it ends once the object
/// is gone.
///
/// A subclass, so that the plain subscription, which most subscribers have, carries no owner:
/// one 48-byte heap block instead of 64.
final class OwnedSubscription: Subscription, @unchecked Sendable {
    // @unchecked as `Subscription`: `tiedOwner` is a weak reference, whose loads the runtime
    // makes thread-safe.

    /// The object this subscription is tied to; nil once it is gone.
    private weak let tiedOwner: AnyObject?

    /// A subscription to `host` tied to `owner`.
    init(host: any SubscriptionHost, owner: AnyObject, file: StaticString, line: UInt) {
        tiedOwner = owner
        super.init(host: host, file: file, line: line)
    }

    override var owner: AnyObject? { tiedOwner }
    override var isOwnerBound: Bool { true }

    override var hasEndedWithoutACancel: Bool {
        super.hasEndedWithoutACancel || ownerIsGone
    }
}

/// A subject's weak reference to itself, and the way to take a subscription out of it: what all
/// its subscriptions share.
///
/// A subscription reaches its subject to cancel, and must not keep it alive. A weak reference
/// to it as a `SubscriptionHost` takes 16 bytes in every subscription (the object and the
/// protocol's witness table); a strong reference to this object, made once a subject, takes 8
/// (that keeps a `Subscription` within a 48-byte heap block).
@usableFromInline final class WeakHost: @unchecked Sendable {
    // @unchecked: `host` is written once, in the subject's initializer, before the subject is
    // shared, and weak loads are made thread-safe by the runtime; `remover` is immutable and
    // captures nothing.

    /// The subject, while it lives.
    @usableFromInline weak var host: (any SubscriptionHost)?
    /// The subject's `removeSlot`, specialized for its `Value`: made where the subject is made,
    /// in the caller's specialized code. Through the type-erased host, `removeSlot` would run
    /// as unspecialized generic code, several times slower. It captures nothing, so it costs no
    /// allocation in a release build.
    @usableFromInline let remover: (AnyObject, Subscription) -> Void

    @usableFromInline init(remover: @escaping (AnyObject, Subscription) -> Void) {
        self.remover = remover
    }

    /// Takes `subscription` out of the subject, if it still lives.
    func remove(_ subscription: Subscription) {
        guard let host else { return }
        remover(host, subscription)
    }
}

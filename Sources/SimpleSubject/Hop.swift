import Synchronization

/// How a subscriber made on an actor is called only on that actor (DESIGN.md, "Isolation").
///
/// When the delivery runs on the subscriber's actor, the subject calls the closure itself, at
/// once (`takesNow`). Otherwise it hands the value here (`enqueue`): values wait in order, and the
/// first of a burst schedules one task on the actor that delivers all that have arrived by then.
/// A value is never delivered after the subscription was cancelled on that actor, and once the
/// actor is gone its values are dropped and the subscription ends.
@usableFromInline final class Hop<Value>: @unchecked Sendable {
    // @unchecked because `block` — which may be isolated to the actor — is only called on the
    // actor: in `drain`, or by the subject's delivery when `takesNow` said it runs there.

    /// The actor's identity, for the delivery's comparison; `actor` is held weakly.
    @usableFromInline let actorID: ObjectIdentifier
    @usableFromInline weak let actor: (any Actor)?
    /// The main actor never goes away: no weak load needed to know it is there (the seed's case).
    @usableFromInline let isMainActor: Bool
    let subscription: Subscription
    let block: (Value) -> Void
    /// Values waiting for the actor, in order.
    private let pending = Locked<[Value]>([])
    /// Whether a task is scheduled or running to deliver `pending`: values then wait behind it.
    /// Changed while holding `pending`'s lock; read without it by `takesNow`, which the subject
    /// calls from its one delivering thread — the only one that sets it.
    @usableFromInline let isDraining = Atomic<Bool>(false)

    init(on actor: any Actor, _ subscription: Subscription, _ block: @escaping (Value) -> Void) {
        self.actorID = ObjectIdentifier(actor)
        self.actor = actor
        self.isMainActor = actor === MainActor.shared
        self.subscription = subscription
        self.block = block
    }

    /// Whether the subject may call the closure now: the delivery runs on this subscriber's actor
    /// and no earlier value is still waiting for it.
    ///
    /// - Complexity: O(1): an identity comparison and an atomic load (and, for an actor other
    ///   than the main actor, a weak load, so that a new actor at a gone one's address is not it).
    @inlinable func takesNow(from isolation: (any Actor)?) -> Bool {
        guard let isolation, ObjectIdentifier(isolation) == actorID else { return false }
        return !isDraining.load(ordering: .acquiring) && (isMainActor || actor != nil)
    }

    /// Keeps `value` for the actor; the first of a burst schedules the task that delivers it.
    @usableFromInline func enqueue(_ value: Value) {
        let schedules = pending.locked { pending in
            pending.append(value)
            return !isDraining.exchange(true, ordering: .acquiringAndReleasing)
        }
        guard schedules else { return }
        guard let actor else {  // gone: its values go with it
            subscription.cancel()
            return
        }
        Task { await self.drain(on: actor) }
    }

    /// Runs on the actor: delivers what is waiting, in order, until nothing is.
    private func drain(on actor: isolated any Actor) {
        while true {
            let values = pending.locked { pending in
                defer { pending = [] }
                if pending.isEmpty {
                    isDraining.store(false, ordering: .releasing)
                }
                return pending
            }
            guard !values.isEmpty else { return }
            for value in values where !subscription.isCancelledFlagSet {
                block(value)
            }
        }
    }
}

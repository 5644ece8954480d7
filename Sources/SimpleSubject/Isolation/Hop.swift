import Synchronization

/// How many values may wait for a subscriber's actor before senders from elsewhere wait for room.
let hopLimit = 1_024

/// The longest a sender waits for room at once; if the actor has not made room by then
/// (busy with one long job, or the sender is that job), senders stop waiting until it does.
let hopWaitMilliseconds = 100

/// How a subscriber made on an actor is called only on that actor (see "Why no monad layer", Isolation).
///
/// When the delivery runs on the subscriber's actor, the subject calls the closure itself, at
/// once (`takesNow`). Otherwise it hands the value here (`enqueue`): values wait in order, and the
/// first of a burst schedules a job on the actor; each job delivers up to `hopLimit` of them and,
/// if more wait, schedules the next, so that the actor's other work goes between. Senders from
/// elsewhere wait while `hopLimit` values are waiting (bounded: see `hopWaitMilliseconds`).
/// A value is never delivered after the subscription was cancelled on that actor, and once the
/// actor is gone its values are dropped and the subscription ends.
@usableFromInline final class Hop<Value>: @unchecked Sendable {
    // @unchecked because `block` — which may be isolated to the actor — is only called on the
    // actor: in `drain`, or by the subject's delivery when `takesNow` said it runs there.

    /// The actor's identity, for the delivery's comparison; `actor` is held weakly, and not at all
    /// for the main actor: a weak reference gives an object a side table for good, which puts every
    /// later retain and release of it on the runtime's slow path — and every send on the main actor
    /// retains and releases `MainActor.shared`.
    @usableFromInline let actorID: ObjectIdentifier
    @usableFromInline weak let actor: (any Actor)?
    /// The main actor never goes away: no weak load needed to know it is there (the seed's case).
    @usableFromInline let isMainActor: Bool
    /// Not a strong reference, so that `debugGraph` can tell a subscription that nothing but its
    /// subject's slot holds (SubjectBase+Inspecting.swift). Alive whenever it is read: the slot
    /// holds it while the subject calls `enqueue` or `catchUp` (a delivery holds its slot), and
    /// each drain job holds it for as long as it runs (`scheduleDrain`).
    unowned(unsafe) let subscription: Subscription
    let block: (Value) -> Void
    /// Values waiting for the actor, in order, and what their senders wait on.
    private let machine = Locked(HopStateMachine<Value>(limit: hopLimit))
    /// What keeps a delivery on the actor from calling the closure at once, as bits, so that
    /// `takesNow` needs one load for it: `drainingBit`, whether a drain is scheduled or running
    /// (the machine's `isDraining`: values then wait behind it), and `weakActorBit`, set for good
    /// for an actor other than the main actor, which must then be asked whether it still lives.
    /// The draining bit is stored with each transition, while holding the machine's lock, so that
    /// it changes together with the state; read without it by `takesNow`, which the subject calls
    /// from its one delivering thread — the only one that starts a drain.
    @usableFromInline let holds: Atomic<UInt8>
    /// Whether a sender waits for room (the machine's `isRoomAwaited`), stored as the draining bit
    /// is: the drain then makes room after each value it delivers, not only after each batch.
    private let isRoomAwaited = Atomic<Bool>(false)
    /// Whether the drain or a catch-up is calling the closure: a value that arrives then (from
    /// inside the closure) waits behind the ones being delivered. Touched only on the actor — by
    /// `drain(on:)`, which is isolated to it, and by `catchUp`, which runs only once the actor's
    /// identity or the runtime said the code running is isolated to it — so never by two threads
    /// at once.
    var isDelivering = false

    init(on actor: any Actor, _ subscription: Subscription, _ block: @escaping (Value) -> Void) {
        let isMainActor = actor === MainActor.shared
        self.actorID = ObjectIdentifier(actor)
        self.actor = isMainActor ? nil : actor
        self.isMainActor = isMainActor
        holds = Atomic(Hop.holdBits(draining: false, isMainActor: isMainActor))
        self.subscription = subscription
        self.block = block
    }

    /// The actor's type, for `debugDescription`; nil once the actor is gone.
    var actorTypeName: String? {
        if isMainActor {
            return "MainActor"
        }
        return actor.map { "\(type(of: $0))" }
    }

    /// Whether the subject may call the closure now: the delivery runs on this subscriber's actor
    /// and no earlier value is still waiting for it.
    ///
    /// - Complexity: O(1): an identity comparison and an atomic load (and, for an actor other
    ///   than the main actor, a weak load, so that a new actor at a gone one's address is not it).
    @inlinable func takesNow(from isolation: (any Actor)?) -> Bool {
        // Not `guard let isolation`: that binding retains the actor around the atomic load below,
        // which the optimizer cannot move it across (two calls per delivery in the seed's case).
        guard isolation.map(ObjectIdentifier.init) == actorID else { return false }
        let holds = holds.load(ordering: .acquiring)
        return holds == 0 || (holds == Hop.weakActorBit && actor != nil)
    }

    @usableFromInline static var drainingBit: UInt8 { 1 }
    @usableFromInline static var weakActorBit: UInt8 { 2 }

    /// What `holds` says: a drain is pending or not, and the actor is the main actor or not.
    static func holdBits(draining: Bool, isMainActor: Bool) -> UInt8 {
        let weakActor = isMainActor ? 0 : weakActorBit
        return draining ? drainingBit | weakActor : weakActor
    }

    /// Whether a drain is scheduled or running (see `holds`).
    var isDraining: Bool {
        holds.load(ordering: .acquiring) & Hop.drainingBit != 0
    }

    /// Keeps `value` for the actor; the first of a burst schedules the task that delivers it. When
    /// `hopLimit` values are waiting, a sender from elsewhere waits until the drain makes room —
    /// at most `hopWaitMilliseconds`, so that no wait can deadlock, even one in a cycle of waits
    /// or one whose sender is the actor's own job.
    @usableFromInline func enqueue(_ value: Value, from isolation: (any Actor)?) {
        let action = transition { $0.valueArrived(value) }
        switch action {
        case .scheduleDrain:
            scheduleDrain()
        case .queued:
            break
        case .waitForRoom(let gate, let ticket):
            guard isolation.map(ObjectIdentifier.init) != actorID else { return }  // only senders from elsewhere wait
            // This thread found an actor held up just now, perhaps through another subscriber's
            // queue: it does not wait again so soon (see HopTimeOut.swift).
            guard !HopTimeOut.isRecent(now: monotonicNanoseconds()) else {
                transition { $0.waitTimedOut(ticket: ticket) }
                return
            }
            if !gate.wait(for: ticket, milliseconds: hopWaitMilliseconds) {
                HopTimeOut.remember(now: monotonicNanoseconds())
                transition { $0.waitTimedOut(ticket: ticket) }
            }
        }
    }

    /// Delivers, on the actor, what waits for it and then `value`: a value sent on the actor
    /// while earlier ones wait for the drain job (see RuntimeIsolation.swift).
    func catchUp(thenDeliver value: Value) {
        isDelivering = true
        defer { isDelivering = false }
        for waiting in transition({ $0.caughtUp() }) where !subscription.isCancelledFlagSet {
            block(waiting)
        }
        if !subscription.isCancelledFlagSet {
            block(value)
        }
    }

    /// Runs `event` on the backlog while holding its lock, and stores whether a drain is pending
    /// for `takesNow` before the lock is released.
    private func transition<Action>(_ event: (inout HopStateMachine<Value>) -> Action) -> Action {
        machine.locked { machine in
            let action = event(&machine)
            holds.store(Hop.holdBits(draining: machine.isDraining, isMainActor: isMainActor), ordering: .releasing)
            isRoomAwaited.store(machine.isRoomAwaited, ordering: .relaxed)
            return action
        }
    }

    /// Has the actor deliver the next batch in a job of its own: the main actor's goes straight
    /// to it, not through the cooperative pool, which may be busy.
    private func scheduleDrain() {
        let subscription = subscription  // a strong reference, held by the job
        if isMainActor {
            Task { @MainActor in self.drain(on: MainActor.shared, keeping: subscription) }
        } else if let actor {
            Task { await self.drain(on: actor, keeping: subscription) }
        } else {
            subscription.cancel()  // the actor is gone: its values go with it
        }
    }

    /// A value was delivered while a sender waits for room: let it add one more.
    private func makeRoomForOne() {
        let gate = transition { $0.valueDelivered() }
        gate?.openNext()
    }

    /// Runs on the actor: delivers up to `hopLimit` waiting values, in order, makes room for their
    /// senders and leaves the rest to the next job, so that the actor's other work goes between.
    private func drain(on actor: isolated any Actor, keeping subscription: Subscription) {
        let batch = transition { $0.batchTaken() }
        isDelivering = true
        for value in batch where !subscription.isCancelledFlagSet {
            block(value)
            if isRoomAwaited.load(ordering: .relaxed) {
                makeRoomForOne()
            }
        }
        isDelivering = false
        let action = transition { $0.batchDelivered() }
        switch action {
        case .scheduleDrain(let gate, _):
            gate?.openNext()  // and the old list is let go of here, outside the lock
            scheduleDrain()
        case .finished(let gate, _):
            gate?.openNext()  // and what was delivered is let go of here, outside the lock
        }
    }
}

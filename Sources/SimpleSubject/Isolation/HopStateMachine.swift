/// A hop's backlog (see `Hop`): the values that wait for the subscriber's actor, and the room
/// their senders wait for. The delivering thread reports each value (`valueArrived`) and each
/// sender that waited in vain (`waitTimedOut`); the drain, on the actor, reports each batch it
/// takes (`batchTaken`), each value it delivers while a sender waits (`valueDelivered`) and each
/// batch it delivers (`batchDelivered`). Each event says what to do once the lock is released.
struct HopStateMachine<Value> {
    private enum State {
        /// No drain is scheduled: nothing waits for the actor.
        case idle
        /// A drain is scheduled or running. `values[taken...]` wait for it, in order; the first
        /// `taken` it has taken already, and they go once it has taken them all. `stalled`: a
        /// sender waited for room in vain (the actor is busy with one long job, or the sender is
        /// that job), so senders do not wait again until the actor delivers a value: a wait in
        /// vain is paid once, not once per value that a delivering thread passes on.
        case draining(values: [Value], taken: Int, stalled: Bool)
        /// Only inside an event, while it appends: the list stays uniquely referenced, so that
        /// it grows in place.
        case modifying
    }

    private var state = State.idle
    /// How many values may wait before senders from elsewhere wait for room.
    private let limit: Int
    /// How many times the drain has made room — delivered a value while a sender waited, or a
    /// batch: a sender that finds the backlog full waits for the next.
    private var roomsMade = 0
    /// Whether a sender was told to wait for ticket `roomsMade`.
    private(set) var isRoomAwaited = false
    /// Where senders wait for room, made the first time the backlog fills; it has opened
    /// `roomsMade` tickets, or is about to (`BatchDeliveredAction`).
    private var gate: Gate?

    init(limit: Int) {
        precondition(limit > 1, "A hop's first value never waits for room")
        self.limit = limit
    }

    /// Whether a drain is scheduled or running: values then wait behind it.
    var isDraining: Bool {
        guard case .idle = state else { return true }
        return false
    }

    /// What the delivering thread does after handing over a value.
    enum ArriveAction {
        /// The value starts a backlog: schedule a job on the actor to deliver it.
        case scheduleDrain
        /// The value waits behind others, for the drain already scheduled: nothing to do.
        case queued
        /// `limit` values wait: a sender from elsewhere waits until `gate` opens `ticket`, the
        /// drain's next room.
        case waitForRoom(gate: Gate, ticket: Int)
    }

    /// A value came for the actor.
    mutating func valueArrived(_ value: Value) -> ArriveAction {
        switch state {
        case .idle:
            state = .draining(values: [value], taken: 0, stalled: false)
            return .scheduleDrain
        case .draining(var values, let taken, let stalled):
            state = .modifying
            values.append(value)
            state = .draining(values: values, taken: taken, stalled: stalled)
            guard values.count - taken >= limit, !stalled else { return .queued }
            let gate = self.gate ?? Gate(opened: roomsMade)
            self.gate = gate
            isRoomAwaited = true
            return .waitForRoom(gate: gate, ticket: roomsMade)
        case .modifying:
            preconditionFailure("A hop's backlog is changed by one event at a time")
        }
    }

    /// A sender waited for `ticket` in vain: unless the drain has made room since, it is
    /// stalled, and senders stop waiting until the actor delivers a value.
    mutating func waitTimedOut(ticket: Int) {
        switch state {
        case .idle:
            assert(roomsMade > ticket, "A backlog empties only once the drain has made room")
        case .draining(let values, let taken, let stalled):
            state = .draining(values: values, taken: taken, stalled: stalled || roomsMade == ticket)
        case .modifying:
            preconditionFailure("A hop's backlog is changed by one event at a time")
        }
    }

    /// The drain, on the actor, takes the next batch: up to `limit` waiting values, oldest first
    /// (none, when the actor's own code caught up meanwhile).
    mutating func batchTaken() -> [Value] {
        guard case .draining(let values, let taken, let stalled) = state else {
            preconditionFailure("A hop drains only while values wait")
        }
        let end = min(values.count, taken + limit)
        state = .draining(values: values, taken: end, stalled: stalled)
        return Array(values[taken..<end])  // a copy: senders append meanwhile
    }

    /// Code running on the actor sends a value while others still wait for the drain: it takes
    /// them all, to deliver them first, there and then (the one timing rule). The drain job
    /// already scheduled then finds nothing, and ends the backlog.
    mutating func caughtUp() -> [Value] {
        guard case .draining(let values, let taken, let stalled) = state else { return [] }
        state = .draining(values: values, taken: values.count, stalled: stalled)
        return Array(values[taken...])
    }

    /// What the drain does after delivering a batch.
    enum BatchDeliveredAction {
        /// More values wait: open `gate`'s next ticket (senders wait there, if it is made), then
        /// schedule the next job, so that the actor's other work goes between; let go of
        /// `released`, the backlog's old list, once the lock is released.
        case scheduleDrain(opening: Gate?, released: [Value])
        /// Nothing waits: open `gate`'s next ticket, and let go of `delivered` once the lock is
        /// released (a value's `deinit` is user code).
        case finished(opening: Gate?, delivered: [Value])
    }

    /// The drain delivered a value while a sender waits for room: that makes room for one, so a
    /// slow actor holds its senders to its pace rather than to its batches. Returns the gate
    /// whose next ticket to open, if a sender still waits.
    mutating func valueDelivered() -> Gate? {
        guard isRoomAwaited, case .draining(let values, let taken, _) = state else { return nil }
        roomsMade += 1
        isRoomAwaited = false
        state = .draining(values: values, taken: taken, stalled: false)
        return gate
    }

    /// The drain delivered the batch it took: that makes room for the senders.
    mutating func batchDelivered() -> BatchDeliveredAction {
        guard case .draining(let values, let taken, _) = state else {
            preconditionFailure("A hop drains only while values wait")
        }
        roomsMade += 1
        isRoomAwaited = false
        guard taken == values.count else {
            // Only what still waits is kept: a flood the actor only just keeps up with must not
            // keep every value it has delivered alive until the backlog empties.
            state = .draining(values: Array(values[taken...]), taken: 0, stalled: false)
            return .scheduleDrain(opening: gate, released: values)
        }
        state = .idle
        return .finished(opening: gate, delivered: values)
    }
}

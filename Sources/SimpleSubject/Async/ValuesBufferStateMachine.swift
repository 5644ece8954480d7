/// How many values an iteration of `values` keeps (`.dropsNothing`) before the delivering thread
/// waits for its consumer to make room.
let valuesLimit = 1_024

/// Who consumes an iteration: the actor its `next()` runs on and its task (the task's hash, never
/// dereferenced). A delivering thread that is either never waits for it: it could not make room.
struct ValuesConsumer {
    var actor: (any Actor)?
    var task: Int?
}

/// One iteration of `values` (ValuesBuffer.swift): the values that wait for its consumer, the
/// consumer that waits for a value, and the room a delivering thread waits for. The delivering
/// thread reports each value (`valueArrived`) and each wait for room that ended in vain
/// (`waitEndedInVain`); the consumer reports each `next()` (`consumerTakes`, `consumerWaits`);
/// either side reports the end (`ended`). Each event says what to do once the lock is released:
/// resuming the consumer, opening the gate and releasing a value (a `deinit` is user code) all
/// happen outside it.
struct ValuesBufferStateMachine<Value> {
    private enum Consumer {
        /// Not inside `next()`, or inside it and about to look again.
        case busy
        /// Suspended in `next()` until a value comes or the iteration ends.
        case waiting(UnsafeContinuation<Value?, Never>)
        /// The iteration has ended: by the consumer (`next()` gives nothing more) or by the
        /// subject's release (what waits is still given, then nothing).
        case ended
    }

    private var consumer = Consumer.busy
    private var backlog = Backlog<Value>()
    private let policy: ValuesBufferingPolicy
    /// Who last called `next()`: a delivering thread that is that consumer never waits for room.
    private var lastConsumer = ValuesConsumer()
    /// How many times the consumer has made room (taken a value) for a waiting sender; the gate
    /// has opened that many tickets.
    private var roomsMade = 0
    /// Whether a sender was told to wait for ticket `roomsMade`.
    private var roomAwaited = false
    /// A wait for room ended in vain (the consumer took nothing for 100 ms, or the sender is the
    /// consumer's own code): senders stop waiting until the consumer takes a value — a wait in
    /// vain is paid once, not once per value a delivering thread passes on.
    private var stalled = false
    /// Where senders wait for room, made the first time the backlog fills.
    private var gate: Gate?

    init(policy: ValuesBufferingPolicy) {
        self.policy = policy
    }

    /// How many values wait for the consumer.
    var waitingCount: Int { backlog.count }

    /// What the delivering thread does once a value is handed over.
    enum ArriveAction {
        /// Nothing: the value waits for the consumer.
        case none
        /// Hand `value` to the waiting consumer.
        case resume(UnsafeContinuation<Value?, Never>, with: Value)
        /// Let go of `value`: the policy dropped it (or the one it pushed out), or the iteration ended.
        case release(Value)
        /// The backlog is full: wait until `gate` opens `ticket` (the consumer takes a value),
        /// unless the code running now is `consumer`'s.
        case waitForRoom(gate: Gate, ticket: Int, consumer: ValuesConsumer)
    }

    /// A value came for the consumer.
    mutating func valueArrived(_ value: Value) -> ArriveAction {
        switch consumer {
        case .ended:
            return .release(value)
        case .waiting(let continuation):
            consumer = .busy
            return .resume(continuation, with: value)
        case .busy:
            return keep(value)
        }
    }

    private mutating func keep(_ value: Value) -> ArriveAction {
        switch policy {
        case .dropsNothing:
            backlog.append(value)
            guard backlog.count >= valuesLimit, !stalled else { return .none }
            let gate = self.gate ?? Gate(opened: roomsMade)
            self.gate = gate
            roomAwaited = true
            return .waitForRoom(gate: gate, ticket: roomsMade, consumer: lastConsumer)
        case .bufferingNewest(let count):
            guard count > 0 else { return .release(value) }
            backlog.append(value)
            guard backlog.count > count else { return .none }
            return .release(backlog.takeOldest())
        case .bufferingOldest(let count):
            guard backlog.count < count else { return .release(value) }
            backlog.append(value)
            return .none
        }
    }

    /// A sender's wait for `ticket` ended in vain (or could not start: it is the consumer's
    /// code): unless the consumer has taken a value since, senders stop waiting until it does.
    mutating func waitEndedInVain(ticket: Int) {
        stalled = stalled || roomsMade == ticket
    }

    /// What `next()` does with what it found.
    enum TakeAction {
        /// Return `value`; open `gate`'s next ticket first, if there is one: room was made.
        case value(Value, opening: Gate?)
        /// Return nil: the iteration has ended.
        case end
        /// Nothing waits: suspend (`consumerWaits`).
        case nothing
    }

    /// The consumer, `caller`, looks for a value.
    mutating func consumerTakes(by caller: ValuesConsumer) -> TakeAction {
        lastConsumer = caller
        guard backlog.count == 0 else {
            let value = backlog.takeOldest()
            return .value(value, opening: roomMade())
        }
        guard case .ended = consumer else { return .nothing }
        return .end
    }

    /// A value was taken while a sender waits for room: open its ticket. Room is one value, so a
    /// consumer slower than its senders holds them to its pace, the backlog at the limit.
    private mutating func roomMade() -> Gate? {
        guard roomAwaited else { return nil }
        roomsMade += 1
        roomAwaited = false
        stalled = false
        return gate
    }

    /// The consumer, `caller`, finding nothing, suspends — unless something came or the
    /// iteration ended meanwhile: then it is resumed at once.
    mutating func consumerWaits(_ continuation: UnsafeContinuation<Value?, Never>,
                                by caller: ValuesConsumer) -> TakeAction {
        let found = consumerTakes(by: caller)
        guard case .nothing = found else { return found }
        if case .waiting = consumer {
            preconditionFailure("Two tasks wait on one iteration of `values`: each loop needs an iterator of its own")
        }
        consumer = .waiting(continuation)
        return .nothing
    }

    /// What ending the iteration lets go of, outside the lock.
    struct EndAction {
        /// The consumer waiting for a value: resume it with nil.
        var waitingConsumer: UnsafeContinuation<Value?, Never>?
        /// Values dropped: the consumer ended the iteration before taking them.
        var dropped: [Value]
        /// Where a sender may wait for room: open it for good.
        var gate: Gate?
    }

    /// The iteration ends: `byConsumer` (it stopped iterating: what waits is dropped), or by the
    /// subject's release (what waits is still given to the consumer, then nothing).
    mutating func ended(byConsumer: Bool) -> EndAction {
        var action = EndAction(waitingConsumer: nil, dropped: [], gate: gate)
        if case .waiting(let continuation) = consumer {
            action.waitingConsumer = continuation
        }
        consumer = .ended
        lastConsumer = ValuesConsumer()
        if byConsumer {
            action.dropped = backlog.takeAll()
        }
        roomsMade += 1
        roomAwaited = false
        return action
    }
}

/// Values in order, oldest first: appended to `incoming`, taken from the end of `outgoing`, which
/// holds them reversed — each value is moved twice, never shifted.
private struct Backlog<Value> {
    private var incoming: [Value] = []
    private var outgoing: [Value] = []

    var count: Int { incoming.count + outgoing.count }

    mutating func append(_ value: Value) {
        incoming.append(value)
    }

    /// The oldest value, moved out; the backlog must not be empty.
    mutating func takeOldest() -> Value {
        if outgoing.isEmpty {
            outgoing = incoming.reversed()
            incoming.removeAll(keepingCapacity: true)
        }
        return outgoing.removeLast()
    }

    /// Every value, oldest first, moved out.
    mutating func takeAll() -> [Value] {
        let all = outgoing.reversed() + incoming
        outgoing = []
        incoming = []
        return all
    }
}

import Synchronization

/// What one iteration of `values` (Values.swift) shares between the subject's delivering thread,
/// which hands it values, and the consumer's `next()`, which takes them: the buffer of
/// ValuesBufferStateMachine.swift, and the waits on either side.
final class ValuesBuffer<Value: Sendable>: Sendable {
    private let buffer: Locked<ValuesBufferStateMachine<Value>>
    /// The iteration's subscription, which the consumer's task ends when it is cancelled.
    private let subscription: Subscription?
    /// How many times a delivering thread has waited for room: for tests and debugging.
    let waitsForRoom = Atomic<Int>(0)

    init(policy: ValuesBufferingPolicy, subscription: Subscription?) {
        buffer = Locked(ValuesBufferStateMachine(policy: policy))
        self.subscription = subscription
    }

    /// How many values wait for the consumer.
    var waitingCount: Int {
        buffer.locked { $0.waitingCount }
    }

    /// The next value; nil once the iteration has ended. Cancelling the task ends it.
    func next(isolation actor: isolated (any Actor)?) async -> Value? {
        guard !Task.isCancelled else {
            stop()
            return nil
        }
        let caller = ValuesConsumer(actor: actor, task: currentTaskHash())
        let found = buffer.locked { $0.consumerTakes(by: caller) }
        guard case .nothing = found else { return result(of: found) }
        return await withTaskCancellationHandler {
            await withUnsafeContinuation(isolation: actor) { continuation in
                let action = buffer.locked { $0.consumerWaits(continuation, by: caller) }
                guard case .nothing = action else {
                    continuation.resume(returning: result(of: action))
                    return
                }
            }
        } onCancel: {
            stop()
        }
    }

    /// What `next()` returns for what it found; opens room for a waiting sender on the way.
    private func result(of found: ValuesBufferStateMachine<Value>.TakeAction) -> Value? {
        switch found {
        case .value(let value, let gate):
            gate?.openNext()
            return value
        case .end, .nothing:
            return nil
        }
    }

    /// Ends the subscription and the iteration: `next()` gives nothing more.
    func stop() {
        subscription?.cancel()
        end(byConsumer: true)
    }

    /// Called by the subject's delivering thread, one value at a time, in order.
    func deliver(_ value: Value) {
        let action = buffer.locked { $0.valueArrived(value) }
        switch action {
        case .none:
            break
        case .resume(let continuation, let value):
            continuation.resume(returning: value)
        case .release:
            break  // the value is let go of here, outside the lock
        case .waitForRoom(let gate, let ticket, let consumer):
            waitForRoom(gate, ticket, unlessRunBy: consumer)
        }
    }

    /// Waits until the consumer has taken a value — at most `hopWaitMilliseconds`, and not at all
    /// in the consumer's own task or on its actor, which could not take one while this thread waits.
    private func waitForRoom(_ gate: Gate, _ ticket: Int, unlessRunBy consumer: ValuesConsumer) {
        let isConsumersTask = consumer.task != nil && consumer.task == currentTaskHash()
        let isConsumersActor = consumer.actor.map(isRunningIsolated(to:)) ?? false
        if isConsumersTask || isConsumersActor {
            buffer.locked { $0.waitEndedInVain(ticket: ticket) }
            return
        }
        waitsForRoom.add(1, ordering: .relaxed)
        if !gate.wait(for: ticket, milliseconds: hopWaitMilliseconds) {
            buffer.locked { $0.waitEndedInVain(ticket: ticket) }
        }
    }

    /// Ends the iteration (see `ValuesBufferStateMachine.ended`).
    func end(byConsumer: Bool) {
        let action = buffer.locked { $0.ended(byConsumer: byConsumer) }
        action.gate?.openNext()
        action.waitingConsumer?.resume(returning: nil)
        // `action.dropped` is let go of here, outside the lock.
    }
}

/// What the subscriber's closure holds: it ends the iteration when the closure is released — when
/// the subject is, or when the subscription ends (then the iteration has ended already).
final class ValuesFeed<Value: Sendable>: Sendable {
    let buffer: ValuesBuffer<Value>

    init(_ buffer: ValuesBuffer<Value>) {
        self.buffer = buffer
    }

    deinit {
        buffer.end(byConsumer: false)
    }
}

/// The current task's identity, as a hash (nil outside any task): compared, never dereferenced.
private func currentTaskHash() -> Int? {
    withUnsafeCurrentTask { task in task?.hashValue }
}

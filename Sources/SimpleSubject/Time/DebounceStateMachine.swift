/// A `debounce`'s bursts: between them, a value waiting for its quiet period to pass, or a value
/// just sent. The source's delivering thread reports each value (`valueArrived`) and the sleep it
/// started for a burst (`sleeperStarted`); that sleep reports each time it wakes (`sleeperWoke`).
/// Each event says what to do once the lock is released.
@usableFromInline struct DebounceStateMachine<Value, Instant: InstantProtocol<Duration>> {
    private enum State {
        /// Between bursts: nothing waits, nothing sleeps.
        case quiet
        /// A burst: its newest value waits until `deadline`, `interval` after it arrived; `sleeper`
        /// sleeps until then (`nil` until the thread that started it hands it over).
        case waiting(latest: Value, deadline: Instant, sleeper: Sleep?)
        /// The burst's value went at `deadline`; its sleep wakes once more to see whether another came.
        case sent(deadline: Instant, sleeper: Sleep?)
    }

    private var state = State.quiet
    /// Who sends what this machine decided to send, in the order it decided (see `SendOrder`).
    @usableFromInline var order = SendOrder<Value>()
    /// The quiet period that ends a burst.
    private let interval: Duration

    @usableFromInline init(interval: Duration) {
        self.interval = interval
    }

    /// What the source's thread does after a value arrived.
    @usableFromInline enum ArriveAction {
        /// The value starts a burst: start a sleep until `deadline`, then hand it over
        /// with `sleeperStarted`. Nothing to send now.
        case startSleeping(until: Instant)
        /// The burst was due before the value came and its sleep has not woken yet: send the
        /// burst's value now. The new value waits for its own quiet period.
        case sendOverdue(Value)
        /// The value joined the burst and moved its deadline: nothing to send now. `displaced`,
        /// the value it replaced, is released once the lock is.
        case joined(displaced: Value?)
    }

    /// A value arrived at `now`.
    @usableFromInline mutating func valueArrived(_ value: Value, at now: Instant) -> ArriveAction {
        let deadline = now.advanced(by: interval)
        switch state {
        case .quiet:
            state = .waiting(latest: value, deadline: deadline, sleeper: nil)
            return .startSleeping(until: deadline)
        case .waiting(let latest, let due, let sleeper):
            state = .waiting(latest: value, deadline: deadline, sleeper: sleeper)
            guard due > now else { return .sendOverdue(latest) }
            return .joined(displaced: latest)
        case .sent(_, let sleeper):
            state = .waiting(latest: value, deadline: deadline, sleeper: sleeper)
            return .joined(displaced: nil)
        }
    }

    /// The thread that started a burst hands over its sleep.
    @usableFromInline mutating func sleeperStarted(_ sleeper: Sleep) {
        switch state {
        case .quiet:
            break  // the burst was over before its sleep was handed over: the sleep has ended
        case .waiting(let latest, let deadline, .none):
            state = .waiting(latest: latest, deadline: deadline, sleeper: sleeper)
        case .sent(let deadline, .none):
            state = .sent(deadline: deadline, sleeper: sleeper)
        case .waiting, .sent:
            preconditionFailure("A debounce burst has one sleep")
        }
    }

    /// The burst's sleep woke from sleeping until `slept`.
    @usableFromInline mutating func sleeperWoke(at slept: Instant) -> SleeperWake<Value, Instant> {
        switch state {
        case .quiet:
            preconditionFailure("A debounce sleep woke after its burst ended")
        case .waiting(let latest, let deadline, let sleeper):
            guard deadline <= slept else { return .sleep(until: deadline) }  // a later value moved it
            state = .sent(deadline: deadline, sleeper: sleeper)
            return .send(latest, thenSleepUntil: deadline)  // then, if nothing came meanwhile, the end
        case .sent(let deadline, _):
            assert(deadline <= slept, "A debounce task sleeps until the deadline it sent at")
            state = .quiet
            return .finish
        }
    }

    /// The burst's sleep, to cancel when the operator goes.
    @usableFromInline var sleeper: Sleep? {
        switch state {
        case .quiet:
            nil
        case .waiting(_, _, let sleeper), .sent(_, let sleeper):
            sleeper
        }
    }
}

extension DebounceStateMachine.ArriveAction: Equatable where Value: Equatable {}

extension DebounceStateMachine.ArriveAction {
    /// The values the action sends, in order.
    @usableFromInline var sent: [Value] {
        switch self {
        case .sendOverdue(let overdue):
            [overdue]
        case .startSleeping, .joined:
            []
        }
    }
}

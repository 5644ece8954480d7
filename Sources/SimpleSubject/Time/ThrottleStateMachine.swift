/// A `throttle`'s spells: outside one, or an interval of one with or without a value kept for
/// its end. The source's delivering thread reports each value (`valueArrived`) and the sleep it
/// started for a spell (`sleeperStarted`); that sleep reports each interval's end (`sleeperWoke`).
/// Each event says what to do once the lock is released.
@usableFromInline struct ThrottleStateMachine<Value, Instant: InstantProtocol<Duration>> {
    private enum State {
        /// Outside a spell: the next value is sent at once.
        case quiet
        /// An interval of a spell, until `end`, with nothing kept for its end: the spell's first
        /// value went at once, or the previous interval's at its end. `sleeper` sleeps until the
        /// end (`nil` until the thread that started it hands it over).
        case open(end: Instant, sleeper: Sleep?)
        /// An interval of a spell, until `end`, that keeps `kept` for its end: the latest value
        /// that came in it (`latest: true`) or the first.
        case keeping(kept: Value, end: Instant, sleeper: Sleep?)
    }

    private var state = State.quiet
    /// Who sends what this machine decided to send, in the order it decided (see `SendOrder`).
    @usableFromInline var order = SendOrder<Value>()
    /// How long each interval lasts.
    private let interval: Duration
    /// Whether an interval keeps its latest value rather than its first.
    private let keepsLatest: Bool

    @usableFromInline init(interval: Duration, latest: Bool) {
        self.interval = interval
        self.keepsLatest = latest
    }

    /// What the source's thread does after a value arrived.
    @usableFromInline enum ArriveAction {
        /// The value starts a spell: send it at once, then start a sleep until `end`
        /// and hand it over with `sleeperStarted`.
        case sendAndStartSleeping(Value, until: Instant)
        /// An interval ended before its sleep woke: send `value` now, then `next` if there is one.
        /// Either what the interval kept, or the arriving value, which starts afresh because no
        /// interval was left to keep it for.
        case sendLate(Value, then: Value?)
        /// Nothing to send now. `displaced`, a value kept before, is released once the lock is.
        case keep(displaced: Value?)
    }

    /// A value arrived at `now`.
    @usableFromInline mutating func valueArrived(_ value: Value, at now: Instant) -> ArriveAction {
        switch state {
        case .quiet:
            let end = now.advanced(by: interval)
            state = .open(end: end, sleeper: nil)
            return .sendAndStartSleeping(value, until: end)
        case .open(let end, let sleeper):
            guard end > now else {  // an interval with nothing in it is over; its sleep has not woken yet
                state = .open(end: now.advanced(by: interval), sleeper: sleeper)
                return .sendLate(value, then: nil)
            }
            state = .keeping(kept: value, end: end, sleeper: sleeper)
            return .keep(displaced: nil)
        case .keeping(let kept, let end, let sleeper):
            guard end > now else {  // over, but its sleep has not woken yet: what it kept is owed now
                let next = end.advanced(by: interval)
                guard now < next else {  // the next interval has passed too: the value starts afresh
                    state = .open(end: now.advanced(by: interval), sleeper: sleeper)
                    return .sendLate(kept, then: value)
                }
                state = .keeping(kept: value, end: next, sleeper: sleeper)
                return .sendLate(kept, then: nil)
            }
            guard keepsLatest else { return .keep(displaced: nil) }
            state = .keeping(kept: value, end: end, sleeper: sleeper)
            return .keep(displaced: kept)
        }
    }

    /// The thread that started a spell hands over its sleep.
    @usableFromInline mutating func sleeperStarted(_ sleeper: Sleep) {
        switch state {
        case .quiet:
            break  // the spell was over before its sleep was handed over: the sleep has ended
        case .open(let end, .none):
            state = .open(end: end, sleeper: sleeper)
        case .keeping(let kept, let end, .none):
            state = .keeping(kept: kept, end: end, sleeper: sleeper)
        case .open, .keeping:
            preconditionFailure("A throttle spell has one sleep")
        }
    }

    /// The spell's sleep woke from sleeping until `slept`, an interval's scheduled end.
    @usableFromInline mutating func sleeperWoke(at slept: Instant) -> SleeperWake<Value, Instant> {
        switch state {
        case .quiet:
            preconditionFailure("A throttle sleep woke after its spell ended")
        case .open(let end, _):
            guard end <= slept else { return .sleep(until: end) }  // a late arrival closed this interval: on to the next
            assert(end == slept, "A throttle task sleeps until an interval's end")
            state = .quiet  // an interval with nothing in it ends the spell
            return .finish
        case .keeping(let kept, let end, let sleeper):
            guard end <= slept else { return .sleep(until: end) }
            assert(end == slept, "A throttle task sleeps until an interval's end")
            let next = slept.advanced(by: interval)  // from the scheduled end: no drift
            state = .open(end: next, sleeper: sleeper)
            return .send(kept, thenSleepUntil: next)
        }
    }

    /// The spell's sleep, to cancel when the operator goes.
    @usableFromInline var sleeper: Sleep? {
        switch state {
        case .quiet:
            nil
        case .open(_, let sleeper), .keeping(_, _, let sleeper):
            sleeper
        }
    }
}

extension ThrottleStateMachine.ArriveAction: Equatable where Value: Equatable {}

extension ThrottleStateMachine.ArriveAction {
    /// The values the action sends, in order.
    @usableFromInline var sent: [Value] {
        switch self {
        case .sendAndStartSleeping(let first, _):
            [first]
        case .sendLate(let owed, nil):
            [owed]
        case .sendLate(let owed, let next?):
            [owed, next]
        case .keep:
            []
        }
    }
}

/// A running `throttle`: its clock and its spells (see `ThrottleStateMachine`). Its source's
/// delivering thread calls `arrive`, one value at a time; the spell's sleep calls `wake`.
@usableFromInline final class ThrottleOperator<Value: Sendable, WakingClock: Clock<Duration>>: Sleeper {
    @usableFromInline let clock: WakingClock
    @usableFromInline let scheduling: Scheduling<WakingClock.Instant>?
    @usableFromInline let machine: Locked<ThrottleStateMachine<Value, WakingClock.Instant>>

    @usableFromInline init(_ interval: Duration, _ clock: WakingClock, latest: Bool) {
        self.clock = clock
        self.scheduling = Scheduling(clock)
        self.machine = Locked(ThrottleStateMachine(interval: interval, latest: latest))
    }

    @inlinable func arrive(_ value: Value, _ feed: Feed<Value>, from isolation: (any Actor)?) {
        let now = clock.now  // outside the lock: a clock is user code
        let action = machine.locked { $0.valueArrived(value, at: now) }
        switch action {
        case .sendAndStartSleeping(let first, let end):
            feed.send(first, from: isolation)  // before a sleep exists, so nothing it sends can overtake
            let sleeper = startSleeping(until: end, feed)
            machine.locked { $0.sleeperStarted(sleeper) }  // only this thread starts spells: it is this spell's
        case .sendLate(let owed, let next):
            feed.send(owed, from: isolation)
            if let next {
                feed.send(next, from: isolation)
            }
        case .keep:
            feed.detachIfUnobserved()  // nothing to send now
        }
    }

    @usableFromInline func wake(sleptUntil end: WakingClock.Instant) -> SleeperWake<Value, WakingClock.Instant> {
        machine.locked { $0.sleeperWoke(at: end) }
    }

    deinit {
        machine.locked { $0.sleeper }?.cancel()
    }
}

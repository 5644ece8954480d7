/// A running `debounce`: its clock and its bursts (see `DebounceStateMachine`). Its source's
/// delivering thread calls `arrive`, one value at a time; the burst's sleep calls `wake`.
@usableFromInline final class DebounceOperator<Value: Sendable, WakingClock: Clock<Duration>>: Sleeper {
    @usableFromInline let clock: WakingClock
    @usableFromInline let scheduling: Scheduling<WakingClock.Instant>?
    @usableFromInline let machine: Locked<DebounceStateMachine<Value, WakingClock.Instant>>

    @usableFromInline init(_ interval: Duration, _ clock: WakingClock) {
        self.clock = clock
        self.scheduling = Scheduling(clock)
        self.machine = Locked(DebounceStateMachine(interval: interval))
    }

    @inlinable func arrive(_ value: Value, _ feed: Feed<Value>, from isolation: (any Actor)?) {
        let now = clock.now  // outside the lock: a clock is user code
        let action = machine.locked { $0.valueArrived(value, at: now) }
        switch action {
        case .startSleeping(let deadline):
            feed.detachIfUnobserved()  // nothing to send now
            let sleeper = startSleeping(until: deadline, feed)
            machine.locked { $0.sleeperStarted(sleeper) }  // only this thread starts bursts: it is this burst's
        case .sendOverdue(let overdue):
            feed.send(overdue, from: isolation)  // its burst ended before this value came; its sleep is late
        case .joined:
            feed.detachIfUnobserved()  // nothing to send now
        }
    }

    @usableFromInline func wake(sleptUntil slept: WakingClock.Instant) -> SleeperWake<Value, WakingClock.Instant> {
        machine.locked { $0.sleeperWoke(at: slept) }
    }

    deinit {
        machine.locked { $0.sleeper }?.cancel()
    }
}

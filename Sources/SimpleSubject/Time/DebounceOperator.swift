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
        let (action, batch) = machine.locked { machine in
            let action = machine.valueArrived(value, at: now)
            return (action, machine.order.decided(action.sent))
        }
        sendInOrder(batch) { feed.send($0, from: isolation) }
        switch action {
        case .startSleeping(let deadline):
            feed.detachIfUnobserved()  // nothing to send now
            let sleeper = startSleeping(until: deadline, feed)
            machine.locked { $0.sleeperStarted(sleeper) }  // only this thread starts bursts: it is this burst's
        case .sendOverdue:
            break  // its burst ended before this value came; its sleep is late
        case .joined:
            feed.detachIfUnobserved()  // nothing to send now
        }
    }

    @usableFromInline func wake(sleptUntil slept: WakingClock.Instant) -> SleeperWake<[Value], WakingClock.Instant> {
        machine.locked { machine in
            machine.order.ordered(machine.sleeperWoke(at: slept))
        }
    }

    @usableFromInline func batchSent() -> [Value] {
        machine.locked { $0.order.batchSent() }
    }

    deinit {
        machine.locked { $0.sleeper }?.cancel()
    }
}

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
        let (action, batch) = machine.locked { machine in
            let action = machine.valueArrived(value, at: now)
            return (action, machine.order.decided(action.sent))
        }
        sendInOrder(batch) { feed.send($0, from: isolation) }
        switch action {
        case .sendAndStartSleeping(_, let end):
            let sleeper = startSleeping(until: end, feed)
            machine.locked { $0.sleeperStarted(sleeper) }  // only this thread starts spells: it is this spell's
        case .sendLate:
            break
        case .keep:
            feed.detachIfUnobserved()  // nothing to send now
        }
    }

    @usableFromInline func wake(sleptUntil end: WakingClock.Instant) -> SleeperWake<[Value], WakingClock.Instant> {
        machine.locked { machine in
            machine.order.ordered(machine.sleeperWoke(at: end))
        }
    }

    @usableFromInline func batchSent() -> [Value] {
        machine.locked { $0.order.batchSent() }
    }

    deinit {
        machine.locked { $0.sleeper }?.cancel()
    }
}

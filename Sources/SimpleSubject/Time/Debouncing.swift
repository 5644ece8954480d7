/// A `debounce`'s burst: the newest value and when it is due. Its source's delivering thread
/// calls `arrive`, one value at a time; the burst's task calls `wake`.
@usableFromInline final class Debouncing<Value: Sendable, WakingClock: Clock<Duration>>: Sleeper {
    @usableFromInline struct Burst {
        /// The newest value, until it is sent.
        @usableFromInline var latest: Value?
        /// `interval` after the newest value arrived.
        @usableFromInline var deadline: WakingClock.Instant
        @usableFromInline var sleeper: Task<Void, Never>?

        @usableFromInline init(latest: Value, deadline: WakingClock.Instant) {
            self.latest = latest
            self.deadline = deadline
        }
    }

    @usableFromInline let interval: Duration
    @usableFromInline let clock: WakingClock
    /// `nil` between bursts.
    @usableFromInline let burst = Locked<Burst?>(nil)

    @usableFromInline init(_ interval: Duration, _ clock: WakingClock) {
        self.interval = interval
        self.clock = clock
    }

    @inlinable func arrive(_ value: Value, _ feed: Feed<Value>, from isolation: (any Actor)?) {
        let now = clock.now  // outside the lock: a clock is user code
        let deadline = now.advanced(by: interval)
        let (starts, displaced, isOver) = burst.locked { burst -> (Bool, Value?, Bool) in
            guard burst != nil else {
                burst = Burst(latest: value, deadline: deadline)
                return (true, nil, false)
            }
            defer {
                burst!.latest = value
                burst!.deadline = deadline
            }
            return (false, burst!.latest, burst!.deadline <= now)
        }
        if isOver, let displaced {
            feed.send(displaced, from: isolation)  // its burst ended before this value came; the task is late
        } else {
            feed.detachIfUnobserved()  // nothing to send now
        }
        guard starts else { return }
        let sleeper = startSleeping(until: deadline, feed)
        burst.locked { $0?.sleeper = sleeper }  // only this thread starts bursts: it is this burst's
    }

    @usableFromInline func wake(sleptUntil slept: WakingClock.Instant) -> (send: Value?, next: WakingClock.Instant?) {
        burst.locked { burst in
            guard let current = burst, current.latest != nil || current.deadline > slept else {
                burst = nil  // sent, and nothing came since: the burst is over
                return (nil, nil)
            }
            guard current.deadline <= slept else { return (nil, current.deadline) }  // a later value moved it
            burst!.latest = nil
            return (current.latest, current.deadline)  // then, if nothing comes meanwhile, the end
        }
    }

    deinit {
        burst.locked { $0?.sleeper }?.cancel()
    }
}

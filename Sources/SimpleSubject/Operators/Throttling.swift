/// A `throttle`'s spell: the value kept for the end of the current interval, and when that is.
@usableFromInline final class Throttling<Value: Sendable, WakingClock: Clock<Duration>>: Sleeper {
    @usableFromInline struct Spell {
        @usableFromInline var kept: Value?
        @usableFromInline var intervalEnd: WakingClock.Instant
        @usableFromInline var sleeper: Task<Void, Never>?

        @usableFromInline init(intervalEnd: WakingClock.Instant) {
            self.intervalEnd = intervalEnd
        }
    }

    @usableFromInline let interval: Duration
    @usableFromInline let clock: WakingClock
    @usableFromInline let keepsLatest: Bool
    /// `nil` outside a spell.
    @usableFromInline let spell = Locked<Spell?>(nil)

    @usableFromInline init(_ interval: Duration, _ clock: WakingClock, latest: Bool) {
        self.interval = interval
        self.clock = clock
        self.keepsLatest = latest
    }

    @inlinable func arrive(_ value: Value, _ feed: Feed<Value>, from isolation: (any Actor)?) {
        let intervalEnd = clock.now.advanced(by: interval)  // outside the lock: a clock is user code
        let (starts, _) = spell.locked { spell -> (Bool, Value?) in  // `_`: displaced, released after the lock
            guard spell != nil else {
                spell = Spell(intervalEnd: intervalEnd)
                return (true, nil)
            }
            guard keepsLatest || spell!.kept == nil else { return (false, nil) }
            defer { spell!.kept = value }
            return (false, spell!.kept)
        }
        guard starts else {
            feed.detachIfUnobserved()  // nothing to send now
            return
        }
        feed.send(value, from: isolation)  // before the task exists, so nothing it sends can overtake this
        let sleeper = startSleeping(until: intervalEnd, feed)
        spell.locked { $0?.sleeper = sleeper }  // only this thread starts spells: it is this spell's
    }

    @usableFromInline func wake(sleptUntil end: WakingClock.Instant) -> (send: Value?, next: WakingClock.Instant?) {
        spell.locked { spell in
            guard let kept = spell?.kept else {
                spell = nil  // an interval with nothing in it ends the spell
                return (nil, nil)
            }
            let next = end.advanced(by: interval)  // from the scheduled end: no drift
            spell!.kept = nil
            spell!.intervalEnd = next
            return (kept, next)
        }
    }

    deinit {
        spell.locked { $0?.sleeper }?.cancel()
    }
}

/// A `throttle`'s spell: the value kept for the end of the current interval, and when that is.
@usableFromInline final class Throttling<Value: Sendable, WakingClock: Clock<Duration>>: Sleeper {
    @usableFromInline struct Spell {
        @usableFromInline var kept: Value?
        @usableFromInline var intervalEnd: WakingClock.Instant
        @usableFromInline var sleeper: Task<Void, Never>?

        @usableFromInline init(intervalEnd: WakingClock.Instant) {
            self.intervalEnd = intervalEnd
        }

        /// The interval ended before its task woke and `value` came: what it kept is owed now,
        /// and `value` is kept for the next interval — or, when nothing was kept or the next
        /// interval has passed too, a new spell starts and `value` goes at once.
        @usableFromInline mutating func close(lateFor value: Value, at now: WakingClock.Instant,
                                              _ interval: Duration) -> [Value] {
            let owed = kept
            kept = nil
            intervalEnd = intervalEnd.advanced(by: interval)
            guard let owed, now < intervalEnd else {
                intervalEnd = now.advanced(by: interval)
                return (owed.map { [$0] } ?? []) + [value]
            }
            kept = value
            return [owed]
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
        let now = clock.now  // outside the lock: a clock is user code
        let (starts, sends, _) = spell.locked { spell -> (Bool, [Value], Value?) in  // `_`: displaced
            guard spell != nil else {
                spell = Spell(intervalEnd: now.advanced(by: interval))
                return (true, [value], nil)
            }
            guard spell!.intervalEnd > now else {  // over, but its task has not woken yet
                return (false, spell!.close(lateFor: value, at: now, interval), nil)
            }
            guard keepsLatest || spell!.kept == nil else { return (false, [], nil) }
            defer { spell!.kept = value }
            return (false, [], spell!.kept)
        }
        for value in sends {
            feed.send(value, from: isolation)  // before a task exists, so nothing it sends can overtake
        }
        if sends.isEmpty {
            feed.detachIfUnobserved()  // nothing to send now
        }
        guard starts else { return }
        let sleeper = startSleeping(until: now.advanced(by: interval), feed)
        spell.locked { $0?.sleeper = sleeper }  // only this thread starts spells: it is this spell's
    }

    @usableFromInline func wake(sleptUntil end: WakingClock.Instant) -> SleeperWake<Value, WakingClock.Instant> {
        spell.locked { spell in
            guard spell!.intervalEnd <= end else {
                return .sleep(until: spell!.intervalEnd)  // a late arrival closed this interval: on to the next
            }
            guard let kept = spell!.kept else {
                spell = nil  // an interval with nothing in it ends the spell
                return .finish
            }
            let next = end.advanced(by: interval)  // from the scheduled end: no drift
            spell!.kept = nil
            spell!.intervalEnd = next
            return .send(kept, thenSleepUntil: next)
        }
    }

    deinit {
        spell.locked { $0?.sleeper }?.cancel()
    }
}

extension ReadOnlySubject where Value: Sendable {
    /// At most one value per `interval`: the first value after a quiet spell at once, then, at the
    /// end of each interval in which values came, the latest of them (`latest: true`) or the first.
    ///
    /// An interval with no value in it ends the spell. With 5 seconds, values at 0, 1, 2, 3, 7 and
    /// 8 s give 0 at 0 s, 3 at 5 s and 8 at 10 s with `latest: true`, and 0, 1 and 7 at the same
    /// times with `latest: false` (Combine's marbles). Each interval starts at the previous one's
    /// scheduled end, so a slow subscriber does not make the windows drift; the first one starts
    /// when its value arrives, read from `clock`. A ``Subject``'s current value counts as a first
    /// value: it is sent at once.
    ///
    /// ```swift
    /// scrollOffset.throttle(for: .milliseconds(100), latest: true).subscribeNext { redraw($0) }
    /// ```
    ///
    /// The first value of a spell is sent on the delivering thread; the others from a task, as
    /// from outside any actor: a subscriber made on an actor gets them there. One task sleeps per
    /// spell. Once the subscription to this subject ends — nobody observes the result, or this
    /// subject is released — the task is cancelled and frees what it holds. On a busy machine
    /// the task may wake late: a value that arrives after an interval's end but before its task
    /// woke first sends what that interval kept, from the arriving value's thread, and belongs to
    /// the next interval (or starts a new spell, if an interval with nothing in it has passed).
    ///
    /// On a ``SchedulingClock`` (`TestClock`) no task sleeps: the clock runs the interval's end
    /// inside the call that moves it, in its isolation.
    ///
    /// - Returns: A replay subject of the last value sent: new subscribers get it first.
    @inlinable public func throttle<C: Clock<Duration>>(
        for interval: Duration, clock: C = ContinuousClock(), latest: Bool,
        file: StaticString = #fileID, line: UInt = #line
    ) -> ReplaySubject<Value> {
        derived(ReplaySubject(bufferSize: 1), file, line, joins: false, throttling(interval, clock, latest))
    }
}

extension EventSubject where Value: Sendable {
    /// At most one value per `interval`, from now on; see ``ReadOnlySubject/throttle(for:clock:latest:file:line:)``.
    @inlinable public func throttle<C: Clock<Duration>>(
        for interval: Duration, clock: C = ContinuousClock(), latest: Bool,
        file: StaticString = #fileID, line: UInt = #line
    ) -> EventSubject<Value> {
        derived(EventSubject(), file, line, joins: false, throttling(interval, clock, latest))
    }
}

extension ReplaySubject where Value: Sendable {
    /// At most one value per `interval`; see ``ReadOnlySubject/throttle(for:clock:latest:file:line:)``.
    @inlinable public func throttle<C: Clock<Duration>>(
        for interval: Duration, clock: C = ContinuousClock(), latest: Bool,
        file: StaticString = #fileID, line: UInt = #line
    ) -> ReplaySubject<Value> {
        derived(ReplaySubject(bufferSize: 1), file, line, joins: false, throttling(interval, clock, latest))
    }
}

extension SubjectBase where Value: Sendable {
    /// The closure of `throttle`; see `derived`.
    @inlinable func throttling<C: Clock<Duration>>(_ interval: Duration, _ clock: C, _ latest: Bool) -> (Feed<Value>?) -> PartBlock {
        let throttling = ThrottleOperator<Value, C>(interval, clock, latest: latest)
        return { feed in
            { throttling.arrive($0, feed!, from: $1) }  // no `queuedFirstCall`: `feed` is there
        }
    }
}

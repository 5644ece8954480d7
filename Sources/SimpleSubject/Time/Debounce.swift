extension ReadOnlySubject where Value: Sendable {
    /// The last value of each burst, sent once `interval` has passed without another: the search
    /// field that waits for typing to pause.
    ///
    /// The quiet period is measured from the *last* value: with 5 seconds, values at 0, 1, 2, 3
    /// and 9 s give 3 at 8 s and 9 at 14 s. Each deadline is read from `clock` when its value
    /// arrives. A ``Subject``'s current value counts as a first value (it starts a burst).
    ///
    /// ```swift
    /// query.debounce(for: .milliseconds(300)).subscribeNext { search($0) }
    /// ```
    ///
    /// Values are sent from a task, as from outside any actor: a subscriber made on an actor
    /// gets them there. One task sleeps per burst; a value that joins a burst only moves its
    /// deadline. Once the subscription to this subject ends — nobody observes the result, or this
    /// subject is released — the task is cancelled and frees what it holds. On a busy machine
    /// the task may wake late: a value that arrives after a burst's deadline but before its task
    /// woke first sends that burst's value, from the arriving value's thread, then starts the next.
    ///
    /// - Parameters:
    ///   - interval: The quiet period after the last value of a burst.
    ///   - clock: The clock that measures it; tests pass one they advance by hand.
    ///     A ``SchedulingClock`` (`TestClock`) runs the wait itself, with no task: the value is
    ///     sent inside the call that moves the clock, in its isolation.
    ///   - file: Where `debounce` is written, for `debugGraph`.
    ///   - line: Where `debounce` is written, for `debugGraph`.
    /// - Returns: A replay subject of the last value sent: new subscribers get it first.
    @inlinable public func debounce<C: Clock<Duration>>(
        for interval: Duration, clock: C = ContinuousClock(), file: StaticString = #fileID, line: UInt = #line
    ) -> ReplaySubject<Value> {
        derived(ReplaySubject(bufferSize: 1), file, line, joins: false, debouncing(interval, clock))
    }
}

extension EventSubject where Value: Sendable {
    /// The last value of each burst sent from now on; see ``ReadOnlySubject/debounce(for:clock:file:line:)``.
    @inlinable public func debounce<C: Clock<Duration>>(
        for interval: Duration, clock: C = ContinuousClock(), file: StaticString = #fileID, line: UInt = #line
    ) -> EventSubject<Value> {
        derived(EventSubject(), file, line, joins: false, debouncing(interval, clock))
    }
}

extension ReplaySubject where Value: Sendable {
    /// The last value of each burst; see ``ReadOnlySubject/debounce(for:clock:file:line:)``.
    @inlinable public func debounce<C: Clock<Duration>>(
        for interval: Duration, clock: C = ContinuousClock(), file: StaticString = #fileID, line: UInt = #line
    ) -> ReplaySubject<Value> {
        derived(ReplaySubject(bufferSize: 1), file, line, joins: false, debouncing(interval, clock))
    }
}

extension SubjectBase where Value: Sendable {
    /// The closure of `debounce`; see `derived`.
    @inlinable func debouncing<C: Clock<Duration>>(_ interval: Duration, _ clock: C) -> (Feed<Value>?) -> PartBlock {
        let debouncing = DebounceOperator<Value, C>(interval, clock)
        return { feed in
            { debouncing.arrive($0, feed!, from: $1) }  // no `queuedFirstCall`: `feed` is there
        }
    }
}

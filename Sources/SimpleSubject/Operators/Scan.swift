extension Subject {
    /// A subject that accumulates this one's values: it starts at `next(initial, value)` and
    /// becomes `next(previous, newValue)` on every send.
    ///
    /// ```swift
    /// let total = points.scan(0, +)
    /// ```
    public func scan<Result>(
        _ initial: Result, file: StaticString = #fileID, line: UInt = #line,
        _ next: @escaping (Result, Value) -> Result
    ) -> Subject<Result> {
        let accumulated = Subject<Result>(awaitingFirstValue: ())
        feedAccumulated(into: accumulated, initial, next, file, line)
        accumulated.fillIfEmpty { next(initial, value) }
        return accumulated
    }
}

extension EventSubject {
    /// An event subject that sends the running result of `next` over the values sent from now on.
    ///
    /// ```swift
    /// let presses = EventSubject<Int>()
    /// let total = presses.scan(0, +)   // 5, 10, 15 … as presses send 5s
    /// ```
    public func scan<Result>(
        _ initial: Result, file: StaticString = #fileID, line: UInt = #line,
        _ next: @escaping (Result, Value) -> Result
    ) -> EventSubject<Result> {
        let accumulated = EventSubject<Result>()
        feedAccumulated(into: accumulated, initial, next, file, line)
        return accumulated
    }
}

extension ReplaySubject {
    /// A replay subject of the same `bufferSize` holding the running results of `next`.
    public func scan<Result>(
        _ initial: Result, file: StaticString = #fileID, line: UInt = #line,
        _ next: @escaping (Result, Value) -> Result
    ) -> ReplaySubject<Result> {
        let accumulated = ReplaySubject<Result>(bufferSize: bufferSize)
        feedAccumulated(into: accumulated, initial, next, file, line)
        return accumulated
    }
}

extension SubjectBase {
    final func feedAccumulated<Result>(
        into target: SubjectBase<Result>, _ initial: Result, _ next: @escaping (Result, Value) -> Result,
        _ file: StaticString, _ line: UInt
    ) {
        let feed = Feed(target, from: [self], file: file, line: line)
        var result = initial  // only the source's delivering thread touches it
        attach(feed.subscription) { value in
            result = next(result, value)
            feed.send(result)
        }
    }
}

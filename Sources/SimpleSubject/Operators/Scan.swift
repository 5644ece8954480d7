extension Subject {
    /// A subject that accumulates this one's values: it starts at `next(initial, value)` and
    /// becomes `next(previous, newValue)` on every send.
    ///
    /// ```swift
    /// let total = points.scan(0, +)
    /// ```
    @inlinable public func scan<Result>(_ initial: Result, file: StaticString = #fileID, line: UInt = #line,
                             _ next: @escaping (Result, Value) -> Result) -> Subject<Result> {
        feedMapped(into: Subject<Result>(awaitingFirstValue: ()), file, line, accumulate(initial, next))
            .filled { next(initial, value) }
    }
}

extension EventSubject {
    /// An event subject that sends the running result of `next` over the values sent from now on.
    ///
    /// ```swift
    /// let presses = EventSubject<Int>()
    /// let total = presses.scan(0, +)   // 5, 10, 15 … as presses send 5s
    /// ```
    @inlinable public func scan<Result>(_ initial: Result, file: StaticString = #fileID, line: UInt = #line,
                             _ next: @escaping (Result, Value) -> Result) -> EventSubject<Result> {
        feedMapped(into: EventSubject<Result>(), file, line, accumulate(initial, next))
    }
}

extension ReplaySubject {
    /// A replay subject of the same `bufferSize` holding the running results of `next`.
    @inlinable public func scan<Result>(_ initial: Result, file: StaticString = #fileID, line: UInt = #line,
                             _ next: @escaping (Result, Value) -> Result) -> ReplaySubject<Result> {
        feedMapped(into: ReplaySubject<Result>(bufferSize: bufferSize), file, line, accumulate(initial, next))
    }
}

/// The running result of `next`. Only the source's delivering thread calls it, so its memory
/// needs no lock.
@usableFromInline func accumulate<Result, Value>(
    _ initial: Result, _ next: @escaping (Result, Value) -> Result
) -> (Value) -> Result {
    var result = initial
    return { value in
        result = next(result, value)
        return result
    }
}

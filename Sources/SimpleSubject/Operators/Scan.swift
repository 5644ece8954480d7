extension ReadOnlySubject {
    /// A subject that accumulates this one's values: it starts at `next(initial, value)` and
    /// becomes `next(previous, newValue)` on every send.
    ///
    /// ```swift
    /// let total = points.scan(0, +)
    /// ```
    /// - Complexity: one call of `next` and one extra send per value.
    @inlinable public func scan<Result: Sendable>(_ initial: Result, file: StaticString = #fileID, line: UInt = #line,
                                        _ next: @escaping @Sendable (Result, Value) -> Result) -> Subject<Result> {
        let first = { next(initial, $0) }
        return derived(Subject<Result>(awaitingFirstValue: ()), file, line, first: first, mapping(accumulate(initial, next)))
    }
}

extension EventSubject {
    /// An event subject that sends the running result of `next` over the values sent from now on.
    ///
    /// ```swift
    /// let presses = EventSubject<Int>()
    /// let total = presses.scan(0, +)   // 5, 10, 15 … as presses send 5s
    /// ```
    @inlinable public func scan<Result: Sendable>(_ initial: Result, file: StaticString = #fileID, line: UInt = #line,
                                        _ next: @escaping @Sendable (Result, Value) -> Result) -> EventSubject<Result> {
        derived(EventSubject<Result>(), file, line, mapping(accumulate(initial, next)))
    }
}

extension ReplaySubject {
    /// A replay subject of the same `bufferSize` holding the running results of `next`.
    @inlinable public func scan<Result: Sendable>(_ initial: Result, file: StaticString = #fileID, line: UInt = #line,
                                        _ next: @escaping @Sendable (Result, Value) -> Result) -> ReplaySubject<Result> {
        derived(ReplaySubject<Result>(bufferSize: bufferSize), file, line, mapping(accumulate(initial, next)))
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

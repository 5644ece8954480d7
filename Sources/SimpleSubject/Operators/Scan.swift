extension Subject {
    /// A subject that accumulates this one's values: it starts at `next(initial, value)` and
    /// becomes `next(previous, newValue)` on every send.
    ///
    /// ```swift
    /// let total = points.scan(0, +)
    /// ```
    @inlinable public func scan<Result>(_ initial: Result, file: StaticString = #fileID, line: UInt = #line,
                                        _ next: @escaping @Sendable (Result, Value) -> Result) -> Subject<Result> {
        let target = Subject<Result>(awaitingFirstValue: ())
        let running = accumulate(initial, next)
        if let made = feedMapped(into: target, primer: { _ = running($0) }, file, line, running) {
            target.fill(next(initial, made))
        }
        return target
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
                                        _ next: @escaping @Sendable (Result, Value) -> Result) -> EventSubject<Result> {
        let target = EventSubject<Result>()
        feedMapped(into: target, file, line, accumulate(initial, next))
        return target
    }
}

extension ReplaySubject {
    /// A replay subject of the same `bufferSize` holding the running results of `next`.
    @inlinable public func scan<Result>(_ initial: Result, file: StaticString = #fileID, line: UInt = #line,
                                        _ next: @escaping @Sendable (Result, Value) -> Result) -> ReplaySubject<Result> {
        let target = ReplaySubject<Result>(bufferSize: bufferSize)
        feedMapped(into: target, file, line, accumulate(initial, next))
        return target
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

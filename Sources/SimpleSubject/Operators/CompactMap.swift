extension Subject {
    /// A subject of the non-`nil` results of `transform`.
    ///
    /// Like ``filter(file:line:_:)``: a new subscriber first gets the result for this subject's
    /// current value when it is not `nil`, and nothing otherwise — never an older one.
    ///
    /// ```swift
    /// let age = text.compactMap { Int($0) }   // only what parses
    /// ```
    ///
    /// - Complexity: one call of `transform` and at most one extra send per value.
    public func compactMap<Result>(file: StaticString = #fileID, line: UInt = #line,
                                   _ transform: @escaping @Sendable (Value) -> Result?) -> ReplaySubject<Result> {
        derive(into: ReplaySubject<Result>(bufferSize: 1), file: file, line: line, passingNonNil(transform))
    }
}

extension EventSubject {
    /// An event subject of the non-`nil` results of `transform` on the values sent from now on.
    ///
    /// - Complexity: one call of `transform` and at most one extra send per value.
    public func compactMap<Result>(file: StaticString = #fileID, line: UInt = #line,
                                   _ transform: @escaping @Sendable (Value) -> Result?) -> EventSubject<Result> {
        derive(into: EventSubject<Result>(), file: file, line: line, passingNonNil(transform))
    }
}

extension ReplaySubject {
    /// A replay subject of the same `bufferSize` holding the non-`nil` results of `transform`; a
    /// `nil` result clears what it replays, as a value ``Subject/filter(file:line:_:)`` drops does.
    ///
    /// - Complexity: one call of `transform` and at most one extra send per value.
    public func compactMap<Result>(file: StaticString = #fileID, line: UInt = #line,
                                   _ transform: @escaping @Sendable (Value) -> Result?) -> ReplaySubject<Result> {
        derive(into: ReplaySubject<Result>(bufferSize: bufferSize), file: file, line: line, passingNonNil(transform))
    }
}

/// `compactMap`'s body: sends a non-`nil` result, skips a `nil` one.
private func passingNonNil<Value, Result>(
    _ transform: @escaping @Sendable (Value) -> Result?
) -> @Sendable (Value, Downstream<Result>) -> Void {
    { value, downstream in
        guard let result = transform(value) else { return downstream.skip() }
        downstream.send(result)
    }
}

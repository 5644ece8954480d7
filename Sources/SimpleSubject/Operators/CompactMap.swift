extension ReadOnlySubject {
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
    public func compactMap<Result: Sendable>(file: StaticString = #fileID, line: UInt = #line,
                                   _ transform: @escaping @Sendable (Value) -> Result?) -> ReplaySubject<Result> {
        derived(ReplaySubject<Result>(bufferSize: 1), file, line, compacting(transform))
    }
}

extension EventSubject {
    /// An event subject of the non-`nil` results of `transform` on the values sent from now on.
    ///
    /// - Complexity: one call of `transform` and at most one extra send per value.
    public func compactMap<Result: Sendable>(file: StaticString = #fileID, line: UInt = #line,
                                   _ transform: @escaping @Sendable (Value) -> Result?) -> EventSubject<Result> {
        derived(EventSubject<Result>(), file, line, compacting(transform))
    }
}

extension ReplaySubject {
    /// A replay subject of the same `bufferSize` holding the non-`nil` results of `transform`; a
    /// `nil` result clears what it replays, as a value ``ReadOnlySubject/filter(file:line:_:)`` drops does.
    ///
    /// - Complexity: one call of `transform` and at most one extra send per value.
    public func compactMap<Result: Sendable>(file: StaticString = #fileID, line: UInt = #line,
                                   _ transform: @escaping @Sendable (Value) -> Result?) -> ReplaySubject<Result> {
        derived(ReplaySubject<Result>(bufferSize: bufferSize), file, line, compacting(transform))
    }
}

extension SubjectBase {
    /// The closure of `compactMap`: each non-`nil` result, and a skip for a `nil` one.
    @inlinable func compacting<Result>(_ transform: @escaping (Value) -> Result?) -> (Feed<Result>?) -> PartBlock {
        { feed in
            { feed?.sendOrSkip(transform($0), from: $1) }
        }
    }
}

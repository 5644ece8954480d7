extension ReadOnlySubject {
    /// A subject whose value is `transform` applied to this subject's value.
    ///
    /// It starts at `transform(value)` and follows every later value. `transform` should be a
    /// plain function of its input; it runs on whichever thread delivers, so it is `@Sendable`:
    /// a transform that reads main-actor state does not compile. For the same reason its results
    /// are `Sendable`, as are those of every operator that makes new values.
    ///
    /// ```swift
    /// let label = credit.map { "\($0) points" }
    /// ```
    ///
    /// The result stays connected while anyone can observe it (a live subscriber, or a reference
    /// to it), and detaches from this subject at its next send once nobody can. The same holds for
    /// every operator.
    /// - Complexity: one extra send per value.
    @inlinable public func map<Result: Sendable>(file: StaticString = #fileID, line: UInt = #line,
                                       _ transform: @escaping @Sendable (Value) -> Result) -> Subject<Result> {
        derived(Subject<Result>(awaitingFirstValue: ()), file, line, first: transform, mapping(transform))
    }
}

extension EventSubject {
    /// An event subject that sends `transform` of every value sent from now on.
    @inlinable public func map<Result: Sendable>(file: StaticString = #fileID, line: UInt = #line,
                                       _ transform: @escaping @Sendable (Value) -> Result) -> EventSubject<Result> {
        derived(EventSubject<Result>(), file, line, mapping(transform))
    }
}

extension ReplaySubject {
    /// A replay subject of the same `bufferSize` holding `transform` of this subject's values.
    @inlinable public func map<Result: Sendable>(file: StaticString = #fileID, line: UInt = #line,
                                       _ transform: @escaping @Sendable (Value) -> Result) -> ReplaySubject<Result> {
        derived(ReplaySubject<Result>(bufferSize: bufferSize), file, line, mapping(transform))
    }
}

extension SubjectBase {
    /// The closure of the operators that send one result per value (`map`, `scan`); see `derived`.
    @inlinable func mapping<Result>(_ transform: @escaping (Value) -> Result) -> (Feed<Result>?) -> PartBlock {
        { feed in
            { value, isolation in
                let result = transform(value)  // also for a `queuedFirstCall`, which has no `feed`
                feed?.send(result, from: isolation)
            }
        }
    }
}

extension Subject {
    /// A subject whose value is `transform` applied to this subject's value.
    ///
    /// It starts at `transform(value)` and follows every later value. `transform` should be a
    /// plain function of its input.
    ///
    /// ```swift
    /// let label = credit.map { "\($0) points" }
    /// ```
    ///
    /// The result stays connected while anyone can observe it (a live subscriber, or a reference
    /// to it), and detaches from this subject at its next send once nobody can.
    /// - Complexity: one extra send per value.
    public func map<Result>(
        file: StaticString = #fileID, line: UInt = #line, _ transform: @escaping (Value) -> Result
    ) -> Subject<Result> {
        let mapped = Subject<Result>(awaitingFirstValue: ())
        feedMapped(into: mapped, transform, file, line)
        mapped.fillIfEmpty { transform(value) }
        return mapped
    }
}

extension EventSubject {
    /// An event subject that sends `transform` of every value sent from now on.
    public func map<Result>(
        file: StaticString = #fileID, line: UInt = #line, _ transform: @escaping (Value) -> Result
    ) -> EventSubject<Result> {
        let mapped = EventSubject<Result>()
        feedMapped(into: mapped, transform, file, line)
        return mapped
    }
}

extension ReplaySubject {
    /// A replay subject of the same `bufferSize` holding `transform` of this subject's values.
    public func map<Result>(
        file: StaticString = #fileID, line: UInt = #line, _ transform: @escaping (Value) -> Result
    ) -> ReplaySubject<Result> {
        let mapped = ReplaySubject<Result>(bufferSize: bufferSize)
        feedMapped(into: mapped, transform, file, line)
        return mapped
    }
}

extension SubjectBase {
    final func feedMapped<Result>(
        into target: SubjectBase<Result>, _ transform: @escaping (Value) -> Result,
        _ file: StaticString, _ line: UInt
    ) {
        let feed = Feed(target, from: [self], file: file, line: line)
        attach(feed.subscription) { feed.send(transform($0)) }
    }
}

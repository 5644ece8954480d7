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
    /// to it), and detaches from this subject at its next send once nobody can. The same holds for
    /// every operator.
    /// - Complexity: one extra send per value.
    @inlinable public func map<Result>(file: StaticString = #fileID, line: UInt = #line,
                            _ transform: @escaping (Value) -> Result) -> Subject<Result> {
        feedMapped(into: Subject<Result>(awaitingFirstValue: ()), file, line, transform).filled { transform(value) }
    }
}

extension EventSubject {
    /// An event subject that sends `transform` of every value sent from now on.
    @inlinable public func map<Result>(file: StaticString = #fileID, line: UInt = #line,
                            _ transform: @escaping (Value) -> Result) -> EventSubject<Result> {
        feedMapped(into: EventSubject<Result>(), file, line, transform)
    }
}

extension ReplaySubject {
    /// A replay subject of the same `bufferSize` holding `transform` of this subject's values.
    @inlinable public func map<Result>(file: StaticString = #fileID, line: UInt = #line,
                            _ transform: @escaping (Value) -> Result) -> ReplaySubject<Result> {
        feedMapped(into: ReplaySubject<Result>(bufferSize: bufferSize), file, line, transform)
    }
}

extension SubjectBase {
    /// Sends `transform` of each value into `target`; the one-to-one operators' common part.
    @inlinable final func feedMapped<Result, Target: SubjectBase<Result>>(
        into target: Target, _ file: StaticString, _ line: UInt, _ transform: @escaping (Value) -> Result
    ) -> Target {
        let feed = Feed(target, from: [self], file: file, line: line)
        attach(feed.subscription) { feed.send(transform($0)) }
        return target
    }
}

extension Subject {
    /// A subject whose value is `transform` applied to this subject's value.
    ///
    /// It starts at `transform(value)` and follows every later value. `transform` should be a
    /// plain function of its input; it runs on whichever thread delivers, so it is `@Sendable`:
    /// a transform that reads main-actor state does not compile.
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
                                       _ transform: @escaping @Sendable (Value) -> Result) -> Subject<Result> {
        let target = Subject<Result>(awaitingFirstValue: ())
        if let made = feedMapped(into: target, primer: { _ in }, file, line, transform) {
            target.fill(transform(made))
        }
        return target
    }
}

extension EventSubject {
    /// An event subject that sends `transform` of every value sent from now on.
    @inlinable public func map<Result>(file: StaticString = #fileID, line: UInt = #line,
                                       _ transform: @escaping @Sendable (Value) -> Result) -> EventSubject<Result> {
        let target = EventSubject<Result>()
        feedMapped(into: target, file, line, transform)
        return target
    }
}

extension ReplaySubject {
    /// A replay subject of the same `bufferSize` holding `transform` of this subject's values.
    @inlinable public func map<Result>(file: StaticString = #fileID, line: UInt = #line,
                                       _ transform: @escaping @Sendable (Value) -> Result) -> ReplaySubject<Result> {
        let target = ReplaySubject<Result>(bufferSize: bufferSize)
        feedMapped(into: target, file, line, transform)
        return target
    }
}

extension SubjectBase {
    /// Sends `transform` of each value into `target`; the one-to-one operators' common part.
    /// Returns the value to make `target`'s first value from, when `attach` says so.
    @inlinable @discardableResult final func feedMapped<Result>(
        into target: SubjectBase<Result>, primer: Block? = nil, _ file: StaticString, _ line: UInt,
        _ transform: @escaping (Value) -> Result
    ) -> Value? {
        let feed = Feed(target, from: [self], file: file, line: line)
        return attach(feed.subscription, feeding: feed, primer: primer) { [unowned(unsafe) self] in
            feed.send(transform($0), from: self.deliveryIsolation)
        }
    }
}

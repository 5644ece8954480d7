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
        feedCompactMapped(into: ReplaySubject<Result>(bufferSize: 1), file, line, transform)
    }
}

extension EventSubject {
    /// An event subject of the non-`nil` results of `transform` on the values sent from now on.
    ///
    /// - Complexity: one call of `transform` and at most one extra send per value.
    public func compactMap<Result>(file: StaticString = #fileID, line: UInt = #line,
                                   _ transform: @escaping @Sendable (Value) -> Result?) -> EventSubject<Result> {
        feedCompactMapped(into: EventSubject<Result>(), file, line, transform)
    }
}

extension ReplaySubject {
    /// A replay subject of the same `bufferSize` holding the non-`nil` results of `transform`; a
    /// `nil` result clears what it replays, as a value ``Subject/filter(file:line:_:)`` drops does.
    ///
    /// - Complexity: one call of `transform` and at most one extra send per value.
    public func compactMap<Result>(file: StaticString = #fileID, line: UInt = #line,
                                   _ transform: @escaping @Sendable (Value) -> Result?) -> ReplaySubject<Result> {
        feedCompactMapped(into: ReplaySubject<Result>(bufferSize: bufferSize), file, line, transform)
    }
}

extension SubjectBase {
    /// Sends the non-`nil` results of `transform` into `target`; a `nil` one makes it forget what
    /// it replays.
    final func feedCompactMapped<Result, Target: SubjectBase<Result>>(
        into target: Target, _ file: StaticString, _ line: UInt, _ transform: @escaping @Sendable (Value) -> Result?
    ) -> Target {
        let feed = Feed(target, from: [self], forgetsOnSkip: true, file: file, line: line)
        attach(feed.subscription, feeding: feed) { [unowned(unsafe) self] value in
            guard let result = transform(value) else { return feed.skip() }
            feed.send(result, from: self.deliveryIsolation)
        }
        return target
    }
}

extension Subject {
    /// A subject of the values that satisfy `isIncluded`.
    ///
    /// A new subscriber first gets this subject's current value if it is included, and nothing
    /// otherwise — never an older one: while the credit is 80, `credit.filter { $0 >= 70 }`
    /// replays 80; once it drops to 20, nothing.
    ///
    /// ```swift
    /// credit.filter { $0 >= 70 }.subscribeNext { _ in print("passed") }
    /// ```
    @inlinable public func filter(file: StaticString = #fileID, line: UInt = #line,
                       _ isIncluded: @escaping (Value) -> Bool) -> ReplaySubject<Value> {
        feedFiltered(into: ReplaySubject(bufferSize: 1), clearsOnSkip: true, file, line, isIncluded)
    }
}

extension EventSubject {
    /// An event subject that sends the values, sent from now on, that satisfy `isIncluded`.
    @inlinable public func filter(file: StaticString = #fileID, line: UInt = #line,
                       _ isIncluded: @escaping (Value) -> Bool) -> EventSubject<Value> {
        feedFiltered(into: EventSubject(), file, line, isIncluded)
    }
}

extension ReplaySubject {
    /// A replay subject of the same `bufferSize` holding the values that satisfy `isIncluded`.
    @inlinable public func filter(file: StaticString = #fileID, line: UInt = #line,
                       _ isIncluded: @escaping (Value) -> Bool) -> ReplaySubject<Value> {
        feedFiltered(into: ReplaySubject(bufferSize: bufferSize), file, line, isIncluded)
    }
}

extension SubjectBase {
    /// Sends the values that satisfy `isIncluded` into `target`; the operators that pass some
    /// values on unchanged share it. With `clearsOnSkip`, a skipped value also clears what
    /// `target` replays, so a new subscriber gets nothing rather than a stale value.
    @inlinable final func feedFiltered<Target: SubjectBase<Value>>(
        into target: Target, clearsOnSkip: Bool = false, _ file: StaticString, _ line: UInt,
        _ isIncluded: @escaping (Value) -> Bool
    ) -> Target {
        let feed = Feed(target, from: [self], clearsOnSkip: clearsOnSkip, file: file, line: line)
        attach(feed.subscription) { isIncluded($0) ? feed.send($0) : feed.skip() }
        return target
    }
}

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
    public func filter(
        file: StaticString = #fileID, line: UInt = #line, _ isIncluded: @escaping (Value) -> Bool
    ) -> ReplaySubject<Value> {
        let filtered = ReplaySubject<Value>(bufferSize: 1)
        feedFiltered(into: filtered, clearsOnSkip: true, isIncluded, file, line)
        return filtered
    }
}

extension EventSubject {
    /// An event subject that sends the values, sent from now on, that satisfy `isIncluded`.
    public func filter(
        file: StaticString = #fileID, line: UInt = #line, _ isIncluded: @escaping (Value) -> Bool
    ) -> EventSubject<Value> {
        let filtered = EventSubject<Value>()
        feedFiltered(into: filtered, clearsOnSkip: false, isIncluded, file, line)
        return filtered
    }
}

extension ReplaySubject {
    /// A replay subject of the same `bufferSize` holding the values that satisfy `isIncluded`.
    public func filter(
        file: StaticString = #fileID, line: UInt = #line, _ isIncluded: @escaping (Value) -> Bool
    ) -> ReplaySubject<Value> {
        let filtered = ReplaySubject<Value>(bufferSize: bufferSize)
        feedFiltered(into: filtered, clearsOnSkip: false, isIncluded, file, line)
        return filtered
    }
}

extension SubjectBase {
    final func feedFiltered(
        into target: SubjectBase<Value>, clearsOnSkip: Bool, _ isIncluded: @escaping (Value) -> Bool,
        _ file: StaticString, _ line: UInt
    ) {
        let feed = Feed(target, from: [self], clearsOnSkip: clearsOnSkip, file: file, line: line)
        attach(feed.subscription) { isIncluded($0) ? feed.send($0) : feed.skip() }
    }
}

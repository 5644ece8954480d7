extension Subject where Value: Equatable {
    /// A subject that changes only when this one's value changes: a value equal to the previous
    /// one is not sent on.
    ///
    /// ```swift
    /// credit.map { $0 >= 70 }.removeDuplicates().subscribeNext { print("passed:", $0) }
    /// ```
    public func removeDuplicates(file: StaticString = #fileID, line: UInt = #line) -> Subject<Value> {
        let distinct = Subject<Value>(awaitingFirstValue: ())
        feedDistinct(into: distinct, file, line)
        distinct.fillIfEmpty { value }
        return distinct
    }
}

extension EventSubject where Value: Equatable {
    /// An event subject that sends the values, sent from now on, that differ from the previous one.
    public func removeDuplicates(file: StaticString = #fileID, line: UInt = #line) -> EventSubject<Value> {
        let distinct = EventSubject<Value>()
        feedDistinct(into: distinct, file, line)
        return distinct
    }
}

extension ReplaySubject where Value: Equatable {
    /// A replay subject of the same `bufferSize` holding the values that differ from the previous one.
    public func removeDuplicates(file: StaticString = #fileID, line: UInt = #line) -> ReplaySubject<Value> {
        let distinct = ReplaySubject<Value>(bufferSize: bufferSize)
        feedDistinct(into: distinct, file, line)
        return distinct
    }
}

extension SubjectBase where Value: Equatable {
    final func feedDistinct(into target: SubjectBase<Value>, _ file: StaticString, _ line: UInt) {
        let feed = Feed(target, from: [self], file: file, line: line)
        var previous: Value?  // only the source's delivering thread touches it
        attach(feed.subscription) { value in
            if value == previous { return feed.skip() }
            previous = value
            feed.send(value)
        }
    }
}

extension Subject {
    /// A subject of the values that satisfy `isIncluded`.
    ///
    /// A new subscriber first gets this subject's current value if it is included, and nothing
    /// otherwise — never an older one: while the credit is 80, `credit.filter { $0 >= 70 }`
    /// replays 80; once it drops to 20, nothing (and neither does anything derived from it).
    ///
    /// ```swift
    /// credit.filter { $0 >= 70 }.subscribeNext { _ in print("passed") }
    /// ```
    @inlinable public func filter(file: StaticString = #fileID, line: UInt = #line,
                                  _ isIncluded: @escaping @Sendable (Value) -> Bool) -> ReplaySubject<Value> {
        let target = ReplaySubject<Value>(bufferSize: 1)
        feedFiltered(into: target, forgetsOnSkip: true, file, line, isIncluded)
        return target
    }
}

extension EventSubject {
    /// An event subject that sends the values, sent from now on, that satisfy `isIncluded`.
    @inlinable public func filter(file: StaticString = #fileID, line: UInt = #line,
                                  _ isIncluded: @escaping @Sendable (Value) -> Bool) -> EventSubject<Value> {
        let target = EventSubject<Value>()
        feedFiltered(into: target, file, line, isIncluded)
        return target
    }
}

extension ReplaySubject {
    /// A replay subject of the same `bufferSize` holding the values that satisfy `isIncluded`.
    @inlinable public func filter(file: StaticString = #fileID, line: UInt = #line,
                                  _ isIncluded: @escaping @Sendable (Value) -> Bool) -> ReplaySubject<Value> {
        let target = ReplaySubject<Value>(bufferSize: bufferSize)
        feedFiltered(into: target, file, line, isIncluded)
        return target
    }
}

extension SubjectBase {
    /// Sends the values that satisfy `isIncluded` into `target`; the operators that pass some
    /// values on unchanged share it. With `forgetsOnSkip`, a skipped value also makes `target`
    /// (and what is derived from it) forget what it replays. Returns the value to make
    /// `target`'s first value from, when `attach` says so.
    @inlinable @discardableResult final func feedFiltered(
        into target: SubjectBase<Value>, forgetsOnSkip: Bool = false, reset: (() -> Void)? = nil,
        primer: Block? = nil, _ file: StaticString, _ line: UInt, _ isIncluded: @escaping (Value) -> Bool
    ) -> Value? {
        let feed = Feed(target, from: [self], forgetsOnSkip: forgetsOnSkip, reset: reset, file: file, line: line)
        return attach(feed.subscription, feeding: feed, primer: primer) { [unowned(unsafe) self] in
            isIncluded($0) ? feed.send($0, from: self.deliveryIsolation) : feed.skip()
        }
    }
}

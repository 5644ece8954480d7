extension Subject {
    /// A subject of the values after the first `count`, counting the current value as the first.
    ///
    /// New subscribers first get the current value once it is past the skipped ones.
    public func skip(_ count: Int, file: StaticString = #fileID, line: UInt = #line) -> ReplaySubject<Value> {
        let rest = ReplaySubject<Value>(bufferSize: 1)
        feedCounted(into: rest, clearsOnSkip: true, { $0 >= count }, file, line)
        return rest
    }

    /// A subject of the first `count` values, counting the current value as the first.
    ///
    /// `subject.take(1).subscribeNext(f)` calls `f` with the current value, as in RxSwift and
    /// Combine. New subscribers first get the source's latest value only while it is one of
    /// those taken.
    public func take(_ count: Int, file: StaticString = #fileID, line: UInt = #line) -> ReplaySubject<Value> {
        let first = ReplaySubject<Value>(bufferSize: 1)
        feedCounted(into: first, clearsOnSkip: true, { $0 < count }, file, line)
        return first
    }
}

extension EventSubject {
    /// An event subject of the values sent from now on, after the first `count`.
    public func skip(_ count: Int, file: StaticString = #fileID, line: UInt = #line) -> EventSubject<Value> {
        let rest = EventSubject<Value>()
        feedCounted(into: rest, clearsOnSkip: false, { $0 >= count }, file, line)
        return rest
    }

    /// An event subject of the first `count` values sent from now on.
    public func take(_ count: Int, file: StaticString = #fileID, line: UInt = #line) -> EventSubject<Value> {
        let first = EventSubject<Value>()
        feedCounted(into: first, clearsOnSkip: false, { $0 < count }, file, line)
        return first
    }
}

extension ReplaySubject {
    /// A replay subject of the same `bufferSize` holding the values after the first `count`,
    /// counting the replayed ones.
    public func skip(_ count: Int, file: StaticString = #fileID, line: UInt = #line) -> ReplaySubject<Value> {
        let rest = ReplaySubject<Value>(bufferSize: bufferSize)
        feedCounted(into: rest, clearsOnSkip: false, { $0 >= count }, file, line)
        return rest
    }

    /// A replay subject of the same `bufferSize` holding the first `count` values, counting the
    /// replayed ones.
    public func take(_ count: Int, file: StaticString = #fileID, line: UInt = #line) -> ReplaySubject<Value> {
        let first = ReplaySubject<Value>(bufferSize: bufferSize)
        feedCounted(into: first, clearsOnSkip: false, { $0 < count }, file, line)
        return first
    }
}

extension SubjectBase {
    /// Passes on the values whose position (0 for the first value this operator sees) satisfies
    /// `isIncluded`.
    final func feedCounted(
        into target: SubjectBase<Value>, clearsOnSkip: Bool, _ isIncluded: @escaping (Int) -> Bool,
        _ file: StaticString, _ line: UInt
    ) {
        let feed = Feed(target, from: [self], clearsOnSkip: clearsOnSkip, file: file, line: line)
        var position = 0  // only the source's delivering thread touches it
        attach(feed.subscription) { value in
            defer { position = position == .max ? position : position + 1 }
            isIncluded(position) ? feed.send(value) : feed.skip()
        }
    }
}

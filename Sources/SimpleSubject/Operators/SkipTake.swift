extension ReadOnlySubject {
    /// A subject of the values after the first `count`, counting the current value as the first.
    ///
    /// New subscribers first get the source's latest value once it is past the skipped ones.
    @inlinable public func skip(_ count: Int, file: StaticString = #fileID, line: UInt = #line) -> ReplaySubject<Value> {
        derived(ReplaySubject(bufferSize: 1), file, line, passing(position { $0 >= count }))
    }

    /// A subject of the first `count` values, counting the current value as the first.
    ///
    /// `subject.take(1).subscribeNext(f)` calls `f` with the current value, as in RxSwift and
    /// Combine. New subscribers first get the source's latest value only while it is one of
    /// those taken.
    @inlinable public func take(_ count: Int, file: StaticString = #fileID, line: UInt = #line) -> ReplaySubject<Value> {
        derived(ReplaySubject(bufferSize: 1), file, line, passing(position { $0 < count }))
    }
}

extension EventSubject {
    /// An event subject of the values sent from now on, after the first `count`.
    @inlinable public func skip(_ count: Int, file: StaticString = #fileID, line: UInt = #line) -> EventSubject<Value> {
        derived(EventSubject(), file, line, passing(position { $0 >= count }))
    }

    /// An event subject of the first `count` values sent from now on.
    @inlinable public func take(_ count: Int, file: StaticString = #fileID, line: UInt = #line) -> EventSubject<Value> {
        derived(EventSubject(), file, line, passing(position { $0 < count }))
    }
}

extension ReplaySubject {
    /// A replay subject of the same `bufferSize` holding the values after the first `count`,
    /// counting the replayed ones.
    @inlinable public func skip(_ count: Int, file: StaticString = #fileID, line: UInt = #line) -> ReplaySubject<Value> {
        derived(ReplaySubject(bufferSize: bufferSize), file, line, passing(position { $0 >= count }))
    }

    /// A replay subject of the same `bufferSize` holding the first `count` values, counting the
    /// replayed ones.
    @inlinable public func take(_ count: Int, file: StaticString = #fileID, line: UInt = #line) -> ReplaySubject<Value> {
        derived(ReplaySubject(bufferSize: bufferSize), file, line, passing(position { $0 < count }))
    }
}

/// Whether each value's position (0 for the first one seen) satisfies `isIncluded`. Only the
/// source's delivering thread calls it, so its memory needs no lock.
@usableFromInline func position<Value>(_ isIncluded: @escaping (Int) -> Bool) -> (Value) -> Bool {
    var next = 0
    return { _ in
        defer { next = min(next, .max - 1) + 1 }  // counts up to `Int.max` and stays there
        return isIncluded(next)
    }
}

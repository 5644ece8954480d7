extension Subject where Value: Equatable {
    /// A subject that changes only when this one's value changes: a value equal to the previous
    /// one is not sent on.
    ///
    /// ```swift
    /// credit.map { $0 >= 70 }.removeDuplicates().subscribeNext { print("passed:", $0) }
    /// ```
    @inlinable public func removeDuplicates(file: StaticString = #fileID, line: UInt = #line) -> Subject<Value> {
        let target = Subject<Value>(awaitingFirstValue: ())
        let previous = Previous<Value>()
        let primer: Block = { _ = previous.isChange($0) }
        if let made = feedFiltered(into: target, primer: primer, file, line, previous.isChange) {
            target.fill(made)
        }
        return target
    }
}

extension EventSubject where Value: Equatable {
    /// An event subject that sends the values, sent from now on, that differ from the previous one.
    @inlinable public func removeDuplicates(file: StaticString = #fileID, line: UInt = #line) -> EventSubject<Value> {
        let target = EventSubject<Value>()
        feedFiltered(into: target, file, line, Previous<Value>().isChange)
        return target
    }
}

extension ReplaySubject where Value: Equatable {
    /// A replay subject of the same `bufferSize` holding the values that differ from the previous
    /// one. When this subject forgets what it replays, the next value counts as a change.
    @inlinable public func removeDuplicates(file: StaticString = #fileID, line: UInt = #line) -> ReplaySubject<Value> {
        let target = ReplaySubject<Value>(bufferSize: bufferSize)
        let previous = Previous<Value>()
        feedFiltered(into: target, reset: previous.reset, file, line, previous.isChange)
        return target
    }
}

/// The value before the current one. Only the source's delivering thread touches it, so it
/// needs no lock.
@usableFromInline final class Previous<Value: Equatable> {
    @usableFromInline var value: Value?

    @usableFromInline init() {}

    /// True for a value that differs from the one before it.
    @usableFromInline func isChange(_ next: Value) -> Bool {
        let changed = next != value
        value = next
        return changed
    }

    @usableFromInline func reset() {
        value = nil
    }
}

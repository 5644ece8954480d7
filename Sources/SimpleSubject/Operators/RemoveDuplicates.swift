extension Subject where Value: Equatable {
    /// A subject that changes only when this one's value changes: a value equal to the previous
    /// one is not sent on.
    ///
    /// ```swift
    /// credit.map { $0 >= 70 }.removeDuplicates().subscribeNext { print("passed:", $0) }
    /// ```
    @inlinable public func removeDuplicates(file: StaticString = #fileID, line: UInt = #line) -> Subject<Value> {
        feedFiltered(into: Subject(awaitingFirstValue: ()), file, line, isChange()).filled { value }
    }
}

extension EventSubject where Value: Equatable {
    /// An event subject that sends the values, sent from now on, that differ from the previous one.
    @inlinable public func removeDuplicates(file: StaticString = #fileID, line: UInt = #line) -> EventSubject<Value> {
        feedFiltered(into: EventSubject(), file, line, isChange())
    }
}

extension ReplaySubject where Value: Equatable {
    /// A replay subject of the same `bufferSize` holding the values that differ from the previous one.
    @inlinable public func removeDuplicates(file: StaticString = #fileID, line: UInt = #line) -> ReplaySubject<Value> {
        feedFiltered(into: ReplaySubject(bufferSize: bufferSize), file, line, isChange())
    }
}

/// True for a value that differs from the one before it. Only the source's delivering thread
/// calls it, so its memory needs no lock.
@usableFromInline func isChange<Value: Equatable>() -> (Value) -> Bool {
    var previous: Value?
    return { value in
        defer { previous = value }
        return value != previous
    }
}

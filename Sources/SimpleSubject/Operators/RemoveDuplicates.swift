extension Subject where Value: Equatable & SendableMetatype {
    /// A subject that changes only when this one's value changes: a value equal to the previous
    /// one is not sent on.
    ///
    /// ```swift
    /// credit.map { $0 >= 70 }.removeDuplicates().subscribeNext { print("passed:", $0) }
    /// ```
    @inlinable public func removeDuplicates(file: StaticString = #fileID, line: UInt = #line) -> Subject<Value> {
        derived(Subject(awaitingFirstValue: ()), file, line, first: { $0 }, passing(Previous().isChange))
    }
}

extension EventSubject where Value: Equatable & SendableMetatype {
    /// An event subject that sends the values, sent from now on, that differ from the previous one.
    @inlinable public func removeDuplicates(file: StaticString = #fileID, line: UInt = #line) -> EventSubject<Value> {
        derived(EventSubject(), file, line, passing(Previous().isChange))
    }
}

extension ReplaySubject where Value: Equatable & SendableMetatype {
    /// A replay subject of the same `bufferSize` holding the values that differ from the previous
    /// one. When this subject forgets what it replays, the next value counts as a change.
    @inlinable public func removeDuplicates(file: StaticString = #fileID, line: UInt = #line) -> ReplaySubject<Value> {
        let previous = Previous<Value>()
        return derived(ReplaySubject(bufferSize: bufferSize), file, line, reset: { previous.value = nil },
                       passing(previous.isChange))
    }
}

/// The value before the current one. Only the source's delivering thread touches it, so it
/// needs no lock.
@usableFromInline final class Previous<Value: Equatable> {
    @usableFromInline var value: Value?

    @usableFromInline init() {}

    /// True for a value that differs from the one before it.
    @usableFromInline func isChange(_ next: Value) -> Bool {
        defer { value = next }
        return next != value
    }
}

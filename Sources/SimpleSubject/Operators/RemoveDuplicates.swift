extension ReadOnlySubject where Value: Equatable & SendableMetatype {
    /// A subject that changes only when this one's value changes: a value equal to the previous
    /// one is not sent on.
    ///
    /// ```swift
    /// credit.map { $0 >= 70 }.removeDuplicates().subscribeNext { print("passed:", $0) }
    /// ```
    @inlinable public func removeDuplicates(file: StaticString = #fileID, line: UInt = #line) -> Subject<Value> {
        removeDuplicates(by: { $0 == $1 }, file: file, line: line)
    }
}

extension ReadOnlySubject where Value: SendableMetatype {
    /// A subject that changes only when `areDuplicates` says a value differs from the previous
    /// one — for values that are not `Equatable` (tuples, a `combineLatest`'s) or compared by a
    /// key.
    ///
    /// ```swift
    /// combineLatest(name, email).removeDuplicates { $0 == $1 }   // tuples compare with ==
    /// ```
    ///
    /// - Parameters:
    ///   - areDuplicates: Whether the second value repeats the first; it runs on the delivering
    ///     thread, once per value.
    ///   - file: Where `removeDuplicates` is written, for `debugGraph`.
    ///   - line: Where `removeDuplicates` is written, for `debugGraph`.
    @inlinable public func removeDuplicates(by areDuplicates: @escaping @Sendable (Value, Value) -> Bool,
                                            file: StaticString = #fileID, line: UInt = #line) -> Subject<Value> {
        derived(Subject(awaitingFirstValue: ()), file, line, first: { $0 }, passing(Previous(areDuplicates).isChange))
    }
}

extension EventSubject where Value: Equatable & SendableMetatype {
    /// An event subject that sends the values, sent from now on, that differ from the previous one.
    @inlinable public func removeDuplicates(file: StaticString = #fileID, line: UInt = #line) -> EventSubject<Value> {
        removeDuplicates(by: { $0 == $1 }, file: file, line: line)
    }
}

extension EventSubject where Value: SendableMetatype {
    /// An event subject that sends the values, sent from now on, that `areDuplicates` says differ
    /// from the previous one.
    @inlinable public func removeDuplicates(by areDuplicates: @escaping @Sendable (Value, Value) -> Bool,
                                            file: StaticString = #fileID, line: UInt = #line) -> EventSubject<Value> {
        derived(EventSubject(), file, line, passing(Previous(areDuplicates).isChange))
    }
}

extension ReplaySubject where Value: Equatable & SendableMetatype {
    /// A replay subject of the same `bufferSize` holding the values that differ from the previous
    /// one. When this subject forgets what it replays, the next value counts as a change.
    @inlinable public func removeDuplicates(file: StaticString = #fileID, line: UInt = #line) -> ReplaySubject<Value> {
        removeDuplicates(by: { $0 == $1 }, file: file, line: line)
    }
}

extension ReplaySubject where Value: SendableMetatype {
    /// A replay subject of the same `bufferSize` holding the values that `areDuplicates` says
    /// differ from the previous one. When this subject forgets what it replays, the next value
    /// counts as a change.
    @inlinable public func removeDuplicates(by areDuplicates: @escaping @Sendable (Value, Value) -> Bool,
                                            file: StaticString = #fileID, line: UInt = #line) -> ReplaySubject<Value> {
        let previous = Previous(areDuplicates)
        return derived(ReplaySubject(bufferSize: bufferSize), file, line, reset: { previous.value = nil },
                       passing(previous.isChange))
    }
}

/// The value before the current one. Only the source's delivering thread touches it, so it
/// needs no lock.
@usableFromInline final class Previous<Value> {
    @usableFromInline var value: Value?
    /// Whether the second value repeats the first.
    @usableFromInline let areDuplicates: (Value, Value) -> Bool

    @usableFromInline init(_ areDuplicates: @escaping (Value, Value) -> Bool) {
        self.areDuplicates = areDuplicates
    }

    /// True for a value that differs from the one before it.
    @usableFromInline func isChange(_ next: Value) -> Bool {
        defer { value = next }
        guard let value else { return true }
        return !areDuplicates(value, next)
    }
}

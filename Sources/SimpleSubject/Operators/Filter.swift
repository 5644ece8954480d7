extension ReadOnlySubject {
    /// A subject of the values that satisfy `isIncluded`.
    ///
    /// A new subscriber first gets this subject's current value if it is included, and nothing
    /// otherwise — never an older one: while the credit is 80, `credit.filter { $0 >= 70 }`
    /// replays 80; once it drops to 20, nothing (and neither does anything derived from it).
    ///
    /// ```swift
    /// credit.filter { $0 >= 70 }.subscribeNext { _ in print("passed") }
    /// ```
    /// - Complexity: one call of `isIncluded` and at most one extra send per value.
    @inlinable public func filter(file: StaticString = #fileID, line: UInt = #line,
                                  _ isIncluded: @escaping @Sendable (Value) -> Bool) -> ReplaySubject<Value> {
        derived(ReplaySubject(bufferSize: 1), file, line, passing(isIncluded))
    }
}

extension EventSubject {
    /// An event subject that sends the values, sent from now on, that satisfy `isIncluded`.
    @inlinable public func filter(file: StaticString = #fileID, line: UInt = #line,
                                  _ isIncluded: @escaping @Sendable (Value) -> Bool) -> EventSubject<Value> {
        derived(EventSubject(), file, line, passing(isIncluded))
    }
}

extension ReplaySubject {
    /// A replay subject of the same `bufferSize` holding the values that satisfy `isIncluded`.
    ///
    /// Made from a subject that stands for a ``Subject``'s current value — what `filter`,
    /// `compactMap`, `skip` or `take` give on a `Subject`, and what is made from those — a value
    /// that `isIncluded` drops clears what it replays, as ``ReadOnlySubject/filter(file:line:_:)``'s does:
    /// `credit.filter { $0 >= 70 }.filter { $0.isMultiple(of: 2) }` replays nothing once the
    /// credit is 81.
    @inlinable public func filter(file: StaticString = #fileID, line: UInt = #line,
                                  _ isIncluded: @escaping @Sendable (Value) -> Bool) -> ReplaySubject<Value> {
        derived(ReplaySubject(bufferSize: bufferSize), file, line, passing(isIncluded))
    }
}

extension SubjectBase {
    /// The closure of the operators that pass some values on unchanged (`filter`, `skip`,
    /// `take`, `removeDuplicates`): each value that satisfies `isIncluded`, and a skip for the
    /// others; see `derived`.
    @inlinable func passing(_ isIncluded: @escaping (Value) -> Bool) -> (Feed<Value>?) -> PartBlock {
        { feed in
            { isIncluded($0) ? feed?.send($0, from: $1) : feed?.skip() }
        }
    }
}

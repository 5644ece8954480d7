extension ReadOnlySubject {
    /// The same values, in a delivery domain of their own: what is built on the result does not
    /// take turns with this subject's graph.
    ///
    /// Operators such as `map` and `combineLatest` put their result in their sources' domain,
    /// where one thread at a time delivers, so that no send through the graph shows another's
    /// half-done (see the Delivery guarantees). `merge`, `withLatestFrom`'s other side and the
    /// time operators never join domains, so a shared settings subject does not make every screen
    /// wait for every other. Use `boundary` where you want that break yourself: a long-lived
    /// source that many independent pipelines each map from.
    ///
    /// ```swift
    /// let theme = settings.map(\.theme).boundary()   // screens built on `theme` deliver apart
    /// ```
    ///
    /// Each value crosses the boundary as a send of its own: an operator past it that also reads
    /// this subject's graph through another path may see one path's new value beside the other's
    /// old one, as with two subjects sent one after the other. ``SubjectBase/debugGraph(_:)``
    /// shows where the domains are.
    /// - Complexity: one extra send per value.
    public func boundary(file: StaticString = #fileID, line: UInt = #line) -> Subject<Value> {
        derived(Subject(awaitingFirstValue: ()), file, line, joins: false, first: { $0 }, mapping { $0 })
    }
}

extension EventSubject {
    /// The same events, in a delivery domain of their own; see ``ReadOnlySubject/boundary(file:line:)``.
    public func boundary(file: StaticString = #fileID, line: UInt = #line) -> EventSubject<Value> {
        derived(EventSubject(), file, line, joins: false, mapping { $0 })
    }
}

extension ReplaySubject {
    /// The same values, replayed alike, in a delivery domain of their own; see
    /// ``ReadOnlySubject/boundary(file:line:)``.
    public func boundary(file: StaticString = #fileID, line: UInt = #line) -> ReplaySubject<Value> {
        derived(ReplaySubject(bufferSize: bufferSize), file, line, joins: false, mapping { $0 })
    }
}

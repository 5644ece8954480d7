extension SubjectBase where Value: Sendable {
    /// A ``Subject`` that starts at `value` and then follows this subject: Combine's `prepend`,
    /// RxSwift's `startWith`.
    ///
    /// Whatever this subject's kind, the result has a current value: what a `debounce`d or
    /// `filter`ed field needs to be a ``Subject`` again. It takes what a new subscriber of this
    /// subject gets first at once — a ``Subject``'s current value, a ``ReplaySubject``'s replay —
    /// so `value` shows only while that is nothing, and then every later value. A value that an
    /// operator upstream drops (a `filter` that lets nothing through) leaves it where it was.
    ///
    /// ```swift
    /// let query = EventSubject<String>()
    /// let shown: Subject<String> = query.debounce(for: .milliseconds(300)).prepend("")
    /// print(shown.value)  // prints "" until the first pause in typing
    /// ```
    ///
    /// - Complexity: one extra send per value.
    @inlinable public func prepend(_ value: Value, file: StaticString = #fileID, line: UInt = #line) -> Subject<Value> {
        let prepended = derived(Subject(awaitingFirstValue: ()), file, line, first: { $0 }, mapping { $0 })
        prepended.fill(value)  // nothing came first: a source with no current value, or no replay yet
        return prepended
    }
}

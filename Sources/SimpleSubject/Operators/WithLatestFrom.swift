extension Subject {
    /// Each value of this subject with the latest value of `other` — the "form submit with the
    /// current field values" pattern (RxSwift's and EasyReact's `withLatestFrom`).
    ///
    /// Values of `other` alone send nothing. A new subscriber first gets the pair for this
    /// subject's current value, when `other` has a value; while `other` has none, values pass
    /// nothing on.
    ///
    /// ```swift
    /// let submitted = taps.withLatestFrom(name)   // (tap, name) on each tap
    /// ```
    ///
    /// - Complexity: one extra send per value of this subject.
    public func withLatestFrom<Other: Sendable>(_ other: SubjectBase<Other>, file: StaticString = #fileID,
                                      line: UInt = #line) -> ReplaySubject<(Value, Other)> {
        feedWithLatest(from: other, into: ReplaySubject<(Value, Other)>(bufferSize: 1), file, line)
    }
}

extension EventSubject {
    /// Each value sent from now on with the latest value of `other` (none while `other` has none).
    ///
    /// - Complexity: one extra send per value of this subject.
    public func withLatestFrom<Other: Sendable>(_ other: SubjectBase<Other>, file: StaticString = #fileID,
                                      line: UInt = #line) -> EventSubject<(Value, Other)> {
        feedWithLatest(from: other, into: EventSubject<(Value, Other)>(), file, line)
    }
}

extension SubjectBase {
    /// Sends each value with `other`'s latest into `target`.
    final func feedWithLatest<Other, Target: SubjectBase<(Value, Other)>>(
        from other: SubjectBase<Other>, into target: Target, _ file: StaticString, _ line: UInt,
        name: StaticString = #function
    ) -> Target {
        let latest = Latest<Other>()
        let feed = Feed(target, from: [self, other], forgetsOnSkip: true, name: name, file: file, line: line,
                        drawnFeeding: target)
        // `other` first, so that this subject's first value finds `other`'s. Made during a
        // delivery of `other`, its first call waits behind that value, so the value `other` had
        // when this joined is kept now — unless the delivering thread got a newer one there first.
        let made = other.attach(feed.parts[1], feeding: feed, primer: latest.set) { latest.set($0) }
        if let made = made ?? other.newestRemembered {  // a ReplaySubject's joins with its newest
            latest.setIfEmpty(made)
        }
        attach(feed.parts[0], feeding: feed) { [unowned(unsafe) self] value in
            feed.sendOrSkip(latest.value.map { (value, $0) }, from: self.deliveryIsolation)
        }
        return target
    }
}

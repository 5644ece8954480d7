extension ReadOnlySubject {
    /// Each value of this subject with the latest value of `other` — the "form submit with the
    /// current field values" pattern (RxSwift's and EasyReact's `withLatestFrom`).
    ///
    /// Values of `other` alone send nothing. A new subscriber first gets the pair for this
    /// subject's current value, when `other` has a value; while `other` has none, values pass
    /// nothing on.
    ///
    /// Glitch-free: when one send reaches both — `other` derived from this subject, perhaps
    /// through a `combineLatest` — each value is paired once every path of that send has reached
    /// the operator, with `other`'s value from the same send, before that `sendNext` returns.
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

extension ReplaySubject {
    /// Each value of this subject with the latest value of `other` (none while `other` has none);
    /// a new subscriber first gets the pair for the newest value this subject replays — so
    /// `credit.filter { $0 >= 70 }.withLatestFrom(user)` pairs passing credits with the user.
    ///
    /// - Complexity: one extra send per value of this subject.
    public func withLatestFrom<Other: Sendable>(_ other: SubjectBase<Other>, file: StaticString = #fileID,
                                      line: UInt = #line) -> ReplaySubject<(Value, Other)> {
        feedWithLatest(from: other, into: ReplaySubject<(Value, Other)>(bufferSize: 1), file, line)
    }
}

extension SubjectBase {
    /// Sends each value with `other`'s latest into `target`.
    final func feedWithLatest<Other, Target: SubjectBase<(Value, Other)>>(
        from other: SubjectBase<Other>, into target: Target, _ file: StaticString, _ line: UInt,
        name: StaticString = #function
    ) -> Target {
        let latest = Latest<Other>()
        target.domain.join(domain)  // this subject's side only: `other` is read, not followed
        let feed = Feed(target, from: [self, other], joins: false, forgetsOnSkip: true, name: name, file: file, line: line,
                        drawnFeeding: target)
        // `other` first, so that this subject's first value finds `other`'s. Made during a
        // delivery of `other`, its first call waits behind that value, so the value `other` had
        // when this joined is kept now — unless the delivering thread got a newer one there first.
        let pairing = LatestPairing(feed, latest)
        let fromSelf = connected(to: feed, file, line) { value, isolation in
            pairing.arrive(value, from: isolation)
        }
        // `other`'s values pass nothing on, so its closure asks itself whether anyone can still
        // observe the result: otherwise a dropped result would stay on `other` until this subject
        // sent, and for ever once this subject was released.
        let fromOther = other.connected(to: feed, file, line) { value, _ in
            latest.set(value)
            feed.detachIfUnobserved()
        }
        let made = other.attach(fromOther, feeding: feed, queuedFirstCall: { value, _ in latest.set(value) })
        if let made = made ?? other.newestRemembered {  // a ReplaySubject's joins with its newest
            latest.setIfEmpty(made)
        }
        opensTransactionsFromNowOn()
        other.opensTransactionsFromNowOn()
        attach(fromSelf, feeding: feed)
        return target
    }
}

/// `withLatestFrom`'s pairing: each value of the source with the latest of the other, made once
/// every path of the send has reached the operator (Transaction.swift) — `other` may be reached
/// from the same send, later than the source is.
final class LatestPairing<Value, Other>: WaitingOperator, @unchecked Sendable {
    // @unchecked: `Value` need not be `Sendable`; values move between the threads that deliver
    // the source, as a subject's do.
    let feed: Feed<(Value, Other)>
    let latest: Latest<Other>
    /// The source's values that wait for the flush, oldest first.
    private let waiting = Locked<[Value]>([])

    init(_ feed: Feed<(Value, Other)>, _ latest: Latest<Other>) {
        self.feed = feed
        self.latest = latest
        super.init()
    }

    override var height: Int {
        feed.receiver._withUnsafeGuaranteedRef { $0.heightNow }
    }

    /// A value of the source: paired now, or when the send's other paths are done.
    func arrive(_ value: Value, from isolation: (any Actor)?) {
        guard wait(self, reachedIn: isolation) else {
            return send(value, in: isolation)
        }
        waiting.locked { $0.append(value) }
    }

    override func flush(in isolation: (any Actor)?) {
        // One at a time, keeping the buffer: a flush allocates nothing. Usually there is one.
        while let value = waiting.locked({ $0.isEmpty ? nil : $0.removeFirst() }) {
            send(value, in: isolation)
        }
    }

    private func send(_ value: Value, in isolation: (any Actor)?) {
        feed.sendOrSkip(latest.value.map { (value, $0) }, from: isolation)
    }
}

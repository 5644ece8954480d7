extension SubjectBase {
    /// Feeds `target` from this subject through `body`: the mechanism every built-in operator
    /// uses, for writing your own.
    ///
    /// `body` gets each value and a ``Downstream`` handle: call ``Downstream/send(_:)`` to pass a
    /// value on, or ``Downstream/skip()`` to pass nothing on for this one (a ``ReplaySubject``
    /// derived from a ``Subject`` then forgets what it would replay, so that nothing stale is
    /// replayed). What makes built-in
    /// operators correct comes with it:
    /// - `target` stays connected while anyone can observe it (a live subscriber, or a reference
    ///   to it), and detaches from this subject at its next send once nobody can;
    /// - the first call is what a new subscriber of this subject gets first; made while this
    ///   subject is being delivered — inside one of its subscribers — `body` gets the value being
    ///   delivered at once, so `target` never shows the value it was made with after that (made on
    ///   another thread while one delivers, `body` gets it when that thread comes to it, before
    ///   its next value, and `target` keeps the value it was made with until then);
    /// - values arrive in order, one at a time, on the delivering thread; subscribers of `target`
    ///   made on an actor run there, as everywhere — at once when the value was sent on that
    ///   actor, as through a built-in operator (the one timing rule), and through their actor's
    ///   queue when `downstream` is kept and sent to later from elsewhere.
    ///
    /// ```swift
    /// extension EventSubject where Value: Sendable {
    ///     /// Each value with the one before it.
    ///     func pairwise(file: StaticString = #fileID, line: UInt = #line) -> EventSubject<(Value, Value)> {
    ///         let previous = Mutex<Value?>(nil)
    ///         return derive(into: EventSubject<(Value, Value)>(), file: file, line: line) { value, downstream in
    ///             let before = previous.withLock { last in
    ///                 defer { last = value }
    ///                 return last
    ///             }
    ///             guard let before else { return downstream.skip() }
    ///             downstream.send((before, value))
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// `file` and `line` name where the operator was made in ``debugGraph(_:)``: an operator that
    /// takes them as `#fileID` and `#line` defaults and passes them on, as `pairwise` does, is
    /// drawn at the line that used it, not at a line inside its own body.
    ///
    /// `body` is `@Sendable` plumbing: it runs on whichever thread delivers, so what it keeps
    /// between values lives in something `Sendable` (a `Mutex`, an `Atomic`). Don't capture this
    /// subject in `body`: this subject holds `body`, so that cycle keeps it alive for as long as
    /// the operator is attached — releasing your last reference to it then frees nothing. The
    /// value and `downstream` are all `body` needs.
    ///
    /// `target` is one of the kinds that take sends — a ``Subject`` here, an ``EventSubject`` or a
    /// ``ReplaySubject`` in the two forms beside this one — so a ``ReadOnlySubject`` that a view
    /// model exposes cannot be fed this way.
    ///
    /// - Returns: `target`.
    /// - Complexity: one extra send per value passed on.
    @discardableResult
    public final func derive<Output: Sendable>(
        into target: Subject<Output>, name: StaticString = #function, file: StaticString = #fileID, line: UInt = #line,
        _ body: @escaping @Sendable (Value, Downstream<Output>) -> Void
    ) -> Subject<Output> {
        feed(target, name, file, line, body)
    }

    /// Feeds `target`, an event subject, from this subject through `body`; see the form that
    /// feeds a ``Subject``.
    @discardableResult
    public final func derive<Output: Sendable>(
        into target: EventSubject<Output>, name: StaticString = #function, file: StaticString = #fileID,
        line: UInt = #line, _ body: @escaping @Sendable (Value, Downstream<Output>) -> Void
    ) -> EventSubject<Output> {
        feed(target, name, file, line, body)
    }

    /// Feeds `target`, a replay subject, from this subject through `body`; see the form that
    /// feeds a ``Subject``.
    @discardableResult
    public final func derive<Output: Sendable>(
        into target: ReplaySubject<Output>, name: StaticString = #function, file: StaticString = #fileID,
        line: UInt = #line, _ body: @escaping @Sendable (Value, Downstream<Output>) -> Void
    ) -> ReplaySubject<Output> {
        feed(target, name, file, line, body)
    }

    /// What the three forms of `derive` do, for any kind of target.
    final func feed<Output: Sendable, Target: SubjectBase<Output>>(
        _ target: Target, _ name: StaticString, _ file: StaticString, _ line: UInt,
        _ body: @escaping @Sendable (Value, Downstream<Output>) -> Void
    ) -> Target {
        // Made inside a delivery of this subject, on the delivering thread, the first call would
        // wait behind the value being delivered, and `target` would show the value it was made
        // with meanwhile. So the body gets that value now, and the queued first call is skipped.
        // (Made on another thread during a delivery, the first call stays queued: running the
        // body now could overtake the values that thread delivers next.)
        let primedAtOnce = Latest<Void>()
        let feed = Feed(target, from: [self], forgetsOnSkip: clearsReplayOnDrop(of: target),
                        name: name, file: file, line: line, drawnFeeding: target)
        let queuedFirstCall: PartBlock = { value, _ in
            if primedAtOnce.value == nil {
                body(value, Downstream(feed))
            }
        }
        let made = attach(connected(to: feed, file, line) { value, _ in body(value, Downstream(feed)) }, feeding: feed,
                          queuedFirstCall: queuedFirstCall)
        if let made, isDeliveringOnThisThread {
            primedAtOnce.set(())
            body(made, Downstream(feed))
        }
        return target
    }

    /// A subscriber to this subject calling `block`, made the next part of `feed`, which `block`
    /// sends to: attach it next.
    @inlinable
    @inline(__always)
    final func connected<Output>(to feed: Feed<Output>, _ file: StaticString, _ line: UInt,
                                 _ block: @escaping PartBlock) -> Subscriber<Value> {
        let part = Subscriber(to: self, file: file, line: line, block)
        feed.connect(part)
        return part
    }

    /// Whether the calling thread is delivering this subject's values: it is inside one of its
    /// subscribers (no other thread can make this true or false meanwhile).
    final var isDeliveringOnThisThread: Bool {
        phase.load(ordering: .acquiring) != .idle && domain.root.isHeld(by: currentThread())
    }

    /// How `derive` works, and what the built-in operators use directly: `block` makes the
    /// subscriber's closure from the `Feed` it sends to, so that a built-in operator's closure is
    /// the only stack frame it adds (besides the target's `send`) and passes the delivery's
    /// isolation on — a chain on one actor stays synchronous. For a ``Subject`` `target` made
    /// empty, `first` makes its first value from this subject's value; made while this subject
    /// is being delivered, the operator's queued first call then only primes its state: `block`
    /// is called once more with no `Feed`, and that closure is `attach`'s `queuedFirstCall`. An operator
    /// that is a part of another (`combineLatest`'s relay) is not `drawn` by `debugGraph`.
    @inlinable
    @inline(__always)
    @discardableResult
    final func derived<Output, Target: SubjectBase<Output>>(
        _ target: Target, _ file: StaticString, _ line: UInt, name: StaticString = #function, drawn: Bool = true,
        joins: Bool = true, first: ((Value) -> Output)? = nil, reset: (() -> Void)? = nil,
        _ block: (Feed<Output>?) -> PartBlock
    ) -> Target {
        let feed = Feed(target, from: [self], joins: joins, forgetsOnSkip: clearsReplayOnDrop(of: target), reset: reset, name: name, file: file, line: line,
                        drawnFeeding: drawn ? target : nil)
        let made = attach(connected(to: feed, file, line, block(feed)), feeding: feed,
                          queuedFirstCall: first == nil ? nil : block(nil))
        if let made, let first {
            (target as? Subject<Output>)?.fill(first(made))
        }
        return target
    }
}

/// What an operator written with ``SubjectBase/derive(into:name:file:line:_:)->Subject<Output>`` passes values on
/// with: ``send(_:)`` or ``skip()``, once per value, inside the operator's body.
///
/// It may be kept and used later, from any thread or task (a `debounce` sends after a pause).
/// A subscriber of the target made on an actor gets what it sends at once when the send runs on
/// that actor — inside the body of a delivery sent there, or later from code on that actor — and
/// otherwise through the actor's queue, in order.
public struct Downstream<Output>: @unchecked Sendable {
    // @unchecked because `Feed` is only used through its thread-safe `send` and `skip`.
    /// Where values go; `nil` while an operator's state is only being primed.
    @usableFromInline let feed: Feed<Output>?

    @usableFromInline init(_ feed: Feed<Output>?) {
        self.feed = feed
    }

    /// Passes `value` on to the target's subscribers.
    @inlinable public func send(_ value: Output) {
        feed?.send(value, from: nil)
    }

    /// Passes nothing on for this value; a ``ReplaySubject`` derived from a ``Subject`` forgets
    /// what it would replay.
    @inlinable public func skip() {
        feed?.skip()
    }
}

// `combineLatest` of two, three and four sources, spelled out with plain generic types rather than
// a parameter pack. The caller's module specializes them for its value types; the pack form, which
// Swift 6.3 runs unspecialized, looks up its types' metadata at run time on every value (in
// `swift_getGenericMetadata`), and that is most of what a value costs it. What they do is the pack
// form's (CombineLatest.swift), word for word; five sources and more take the pack form.
//
// Three and four sources also need their own forms for another reason: Swift 6.3 cannot read
// `$0.2` or `$0.3` of a tuple made from a parameter pack inside a closure ("value pack expansion
// can only appear inside a function argument list"), so a form's `map { $0.2 }` needs these. Five
// and more: name the closure's parameters (`{ name, email, password, confirm, terms in … }`),
// which works at any count.

/// `combineLatest` of two subjects: a subject of their latest values together, starting at their
/// current values; see ``combineLatest(_:_:_:file:line:)->Subject<(First,Second,Rest)>``.
///
/// - Complexity: O(1) per value of a source.
@inlinable public func combineLatest<A: Sendable, B: Sendable>(
    _ a: ReadOnlySubject<A>, _ b: ReadOnlySubject<B>, file: StaticString = #fileID, line: UInt = #line
) -> Subject<(A, B)> {
    let join = JoinCommit()
    let latest = (CombinedSide<A>(join), CombinedSide<B>(join))
    return latestSubject(join, [a, b], file, line, take: { latestPair(latest.0, latest.1) }) { parts in
        let made = (latest.0.follow(a, parts), latest.1.follow(b, parts))
        latest.0.start(made.0, a)
        latest.1.start(made.1, b)
    }
}

/// `combineLatest` of two sources of any kind: an event subject of their latest values together,
/// whenever one sends and both have a value; see
/// ``combineLatest(_:_:_:file:line:)->EventSubject<(First,Second,Rest)>``.
///
/// - Complexity: O(1) per value of a source.
@inlinable public func combineLatest<A: Sendable, B: Sendable>(
    _ a: SubjectBase<A>, _ b: SubjectBase<B>, file: StaticString = #fileID, line: UInt = #line
) -> EventSubject<(A, B)> {
    let join = JoinCommit()
    let latest = (CombinedSide<A>(join), CombinedSide<B>(join))
    return latestEvents(join, [a, b], file, line, take: { latestPair(latest.0, latest.1) }) { parts in
        latest.0.follow(a, parts)
        latest.1.follow(b, parts)
    }
}

/// `combineLatest` of three subjects; see ``combineLatest(_:_:_:file:line:)->Subject<(First,Second,Rest)>``.
///
/// - Complexity: O(1) per value of a source.
@inlinable public func combineLatest<A: Sendable, B: Sendable, C: Sendable>(
    _ a: ReadOnlySubject<A>, _ b: ReadOnlySubject<B>, _ c: ReadOnlySubject<C>, file: StaticString = #fileID, line: UInt = #line
) -> Subject<(A, B, C)> {
    let join = JoinCommit()
    let latest = (CombinedSide<A>(join), CombinedSide<B>(join), CombinedSide<C>(join))
    return latestSubject(join, [a, b, c], file, line, take: { latestTriple(latest.0, latest.1, latest.2) }) { parts in
        let made = (latest.0.follow(a, parts), latest.1.follow(b, parts), latest.2.follow(c, parts))
        latest.0.start(made.0, a)
        latest.1.start(made.1, b)
        latest.2.start(made.2, c)
    }
}

/// `combineLatest` of three sources of any kind; see ``combineLatest(_:_:_:file:line:)->EventSubject<(First,Second,Rest)>``.
///
/// - Complexity: O(1) per value of a source.
@inlinable public func combineLatest<A: Sendable, B: Sendable, C: Sendable>(
    _ a: SubjectBase<A>, _ b: SubjectBase<B>, _ c: SubjectBase<C>, file: StaticString = #fileID, line: UInt = #line
) -> EventSubject<(A, B, C)> {
    let join = JoinCommit()
    let latest = (CombinedSide<A>(join), CombinedSide<B>(join), CombinedSide<C>(join))
    return latestEvents(join, [a, b, c], file, line, take: { latestTriple(latest.0, latest.1, latest.2) }) { parts in
        latest.0.follow(a, parts)
        latest.1.follow(b, parts)
        latest.2.follow(c, parts)
    }
}

/// `combineLatest` of four subjects; see ``combineLatest(_:_:_:file:line:)->Subject<(First,Second,Rest)>``.
///
/// - Complexity: O(1) per value of a source.
@inlinable public func combineLatest<A: Sendable, B: Sendable, C: Sendable, D: Sendable>(
    _ a: ReadOnlySubject<A>, _ b: ReadOnlySubject<B>, _ c: ReadOnlySubject<C>, _ d: ReadOnlySubject<D>, file: StaticString = #fileID, line: UInt = #line
) -> Subject<(A, B, C, D)> {
    let join = JoinCommit()
    let latest = (CombinedSide<A>(join), CombinedSide<B>(join), CombinedSide<C>(join), CombinedSide<D>(join))
    let take = { latestQuad(latest.0, latest.1, latest.2, latest.3) }
    return latestSubject(join, [a, b, c, d], file, line, take: take) { parts in
        let made = (latest.0.follow(a, parts), latest.1.follow(b, parts), latest.2.follow(c, parts),
                    latest.3.follow(d, parts))
        latest.0.start(made.0, a)
        latest.1.start(made.1, b)
        latest.2.start(made.2, c)
        latest.3.start(made.3, d)
    }
}

/// `combineLatest` of four sources of any kind; see ``combineLatest(_:_:_:file:line:)->EventSubject<(First,Second,Rest)>``.
///
/// - Complexity: O(1) per value of a source.
@inlinable public func combineLatest<A: Sendable, B: Sendable, C: Sendable, D: Sendable>(
    _ a: SubjectBase<A>, _ b: SubjectBase<B>, _ c: SubjectBase<C>, _ d: SubjectBase<D>,
    file: StaticString = #fileID, line: UInt = #line
) -> EventSubject<(A, B, C, D)> {
    let join = JoinCommit()
    let latest = (CombinedSide<A>(join), CombinedSide<B>(join), CombinedSide<C>(join), CombinedSide<D>(join))
    let take = { latestQuad(latest.0, latest.1, latest.2, latest.3) }
    return latestEvents(join, [a, b, c, d], file, line, take: take) { parts in
        latest.0.follow(a, parts)
        latest.1.follow(b, parts)
        latest.2.follow(c, parts)
        latest.3.follow(d, parts)
    }
}

/// A spelled-out `combineLatest` of `Subject`s: `attach` follows the sources (`Latest.follow`),
/// then starts each at its value (`Latest.start`), and the target starts at them together.
@inlinable func latestSubject<Output>(_ join: JoinCommit, _ sources: [any SubscriptionHost], _ file: StaticString,
                                      _ line: UInt, take: @escaping () -> Output?,
                                      attach: (PartCursor) -> Void) -> Subject<Output> {
    let target = Subject<Output>(awaitingFirstValue: ())
    feedJoinedSpelledOut(sources, into: target, file, line, name: "combineLatest", waitsForEveryPath: true,
                         commit: join, take: take, attach: attach)
    target.fill(join.read(take)!)
    return target
}

/// A spelled-out `combineLatest` of sources of any kind: `attach` follows them (`Latest.follow`).
@inlinable func latestEvents<Output>(
    _ join: JoinCommit, _ sources: [any SubscriptionHost], _ file: StaticString, _ line: UInt,
    take: @escaping () -> Output?, attach: (PartCursor) -> Void
) -> EventSubject<Output> {
    let target = EventSubject<Output>()
    feedJoinedSpelledOut(sources, into: target, file, line, name: "combineLatest", waitsForEveryPath: true,
                         commit: join, take: take, attach: attach)
    return target
}

extension CombinedSide {
    /// Attaches `source`, the next of a `combineLatest`'s, keeping its values here, as the pack
    /// form's `feedLatest` does; returns what `attach` gave it for its `queuedFirstCall`.
    @inlinable
    @discardableResult
    func follow(_ source: SubjectBase<Value>, _ parts: PartCursor) -> Value? {
        parts.attach(source, JoinSide(self))
    }

    /// Starts at a `Subject` source's first value, unless a value has arrived already.
    @inlinable func start(_ made: Value?, _ source: ReadOnlySubject<Value>) {
        setIfEmpty(firstValue(made, source))
    }
}

/// The latest values of both sources, together; `nil` while one has none. Under the operator's
/// lock (`JoinCommit.read`), as the two below.
@inlinable func latestPair<A, B>(_ latestA: CombinedSide<A>, _ latestB: CombinedSide<B>) -> (A, B)? {
    guard let a = latestA.heldValue, let b = latestB.heldValue else { return nil }
    return (a, b)
}

/// The latest values of three sources, together; `nil` while one has none.
@inlinable func latestTriple<A, B, C>(_ latestA: CombinedSide<A>, _ latestB: CombinedSide<B>,
                                      _ latestC: CombinedSide<C>) -> (A, B, C)? {
    guard let (a, b) = latestPair(latestA, latestB), let c = latestC.heldValue else { return nil }
    return (a, b, c)
}

/// The latest values of four sources, together; `nil` while one has none.
@inlinable func latestQuad<A, B, C, D>(_ latestA: CombinedSide<A>, _ latestB: CombinedSide<B>,
                                       _ latestC: CombinedSide<C>, _ latestD: CombinedSide<D>) -> (A, B, C, D)? {
    guard let (a, b, c) = latestTriple(latestA, latestB, latestC), let d = latestD.heldValue else { return nil }
    return (a, b, c, d)
}

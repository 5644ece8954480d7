// `combineLatest` of two sources, the common case, spelled out with plain generic types rather
// than a parameter pack. The caller's module specializes it for its value types; the pack form,
// which Swift 6.3 runs unspecialized, looked up its types' metadata at run time on every value
// (callgrind, two `Subject<Int>`s pumped: 10,259 instructions a value, most of them in
// `swift_getGenericMetadata`). What it does is the pack form's (CombineLatest.swift), word for word.

/// `combineLatest` of two subjects: a subject of their latest values together, starting at their
/// current values; see ``combineLatest(_:_:_:file:line:)->Subject<(First,Second,Rest)>``.
///
/// - Complexity: O(1) per value of a source.
@inlinable public func combineLatest<A: Sendable, B: Sendable>(
    _ a: Subject<A>, _ b: Subject<B>, file: StaticString = #fileID, line: UInt = #line
) -> Subject<(A, B)> {
    let target = Subject<(A, B)>(awaitingFirstValue: ())
    let latestA = Latest<A>()
    let latestB = Latest<B>()
    let made = feedLatestPair(a, b, keeping: latestA, latestB, into: target, file, line)
    latestA.setIfEmpty(firstValue(made.0, a))
    latestB.setIfEmpty(firstValue(made.1, b))
    target.fill((valueKept(latestA), valueKept(latestB)))
    return target
}

/// `combineLatest` of two sources of any kind: an event subject of their latest values together,
/// whenever one sends and both have a value; see
/// ``combineLatest(_:_:_:file:line:)->EventSubject<(First,Second,Rest)>``.
///
/// - Complexity: O(1) per value of a source.
@inlinable public func combineLatest<A: Sendable, B: Sendable>(
    _ a: SubjectBase<A>, _ b: SubjectBase<B>, file: StaticString = #fileID, line: UInt = #line
) -> EventSubject<(A, B)> {
    let target = EventSubject<(A, B)>()
    feedLatestPair(a, b, keeping: Latest<A>(), Latest<B>(), into: target, file, line)
    return target
}

/// `feedLatest` for two sources: each one's latest value kept, and the pair sent once both have one.
@inlinable
@discardableResult
func feedLatestPair<A, B>(_ a: SubjectBase<A>, _ b: SubjectBase<B>, keeping latestA: Latest<A>, _ latestB: Latest<B>,
                          into target: SubjectBase<(A, B)>, _ file: StaticString, _ line: UInt) -> (A?, B?) {
    feedJoinedPair(a, b, into: target, file, line, name: "combineLatest", waitsForEveryPath: true,
                   sides: JoinSide(record: latestA.set, queuedFirstCall: latestA.set),
                   JoinSide(record: latestB.set, queuedFirstCall: latestB.set)) {
        latestPair(latestA, latestB)
    }
}

/// The latest values of both sources, together; `nil` while one has none.
@inlinable func latestPair<A, B>(_ latestA: Latest<A>, _ latestB: Latest<B>) -> (A, B)? {
    guard let a = latestA.value, let b = latestB.value else { return nil }
    return (a, b)
}

/// A subject of the latest values of `a` and `b` together: it starts at `(a.value, b.value)`
/// and changes whenever either does.
///
/// ```swift
/// let form = combineLatest(name, credit)   // Subject<(String, Int)>
/// form.subscribeNext { name, credit in print(name, credit) }
/// ```
///
/// Sends from two threads at once are put in one order, and each pair is read when its turn
/// comes, so the last value is always the latest pair (two changes at once may send it twice).
///
/// Glitch-free: when both sources are reached from one send — two paths from one subject, a
/// "diamond" — the pair is made once, after both have changed, before that `sendNext` returns:
/// `combineLatest(d.map { $0 }, d.map { $0 * 2 })` with `d` going from 1 to 5 sends `(1, 2)`,
/// then `(5, 10)`, never the `(5, 2)` that RxSwift and Combine show between them. A graph of such
/// operators computes each once per send, however many paths lead to it (see
/// <doc:WhyNoMonadLayer>).
public func combineLatest<A: Sendable, B: Sendable>(_ a: Subject<A>, _ b: Subject<B>,
                                file: StaticString = #fileID, line: UInt = #line) -> Subject<(A, B)> {
    let target = Subject<(A, B)>(awaitingFirstValue: ())
    let (latestA, latestB, madeA, madeB) = feedLatest(of: a, b, into: target, file, line)
    latestA.setIfEmpty(madeA ?? a.value)
    latestB.setIfEmpty(madeB ?? b.value)
    target.fill((latestA.value!, latestB.value!))
    return target
}

/// An event subject that sends the latest values of `a` and `b` together, whenever either sends
/// and both have sent at least once.
public func combineLatest<A: Sendable, B: Sendable>(_ a: SubjectBase<A>, _ b: SubjectBase<B>,
                                file: StaticString = #fileID, line: UInt = #line) -> EventSubject<(A, B)> {
    let target = EventSubject<(A, B)>()
    feedLatest(of: a, b, into: target, file, line)
    return target
}

/// The latest value of each source, and `feedTogether` sending the pair once both have one. A
/// queued first call (made during a delivery) only records the value: the pair it would make was
/// sent before this combineLatest existed, or is the target's first value already.
@discardableResult
private func feedLatest<A, B>(of a: SubjectBase<A>, _ b: SubjectBase<B>, into target: SubjectBase<(A, B)>,
                              _ file: StaticString, _ line: UInt,
                              name: StaticString = #function) -> (Latest<A>, Latest<B>, A?, B?) {
    let latestA = Latest<A>()
    let latestB = Latest<B>()
    let (madeA, madeB) = feedTogether(a, b, into: target, file, line, name: name, waitsForEveryPath: true,
                                      primers: (latestA.set, latestB.set),
                                      record: (latestA.set, latestB.set)) {
        latestA.value.flatMap { a in latestB.value.map { (a, $0) } }
    }
    return (latestA, latestB, madeA, madeB)
}

/// A subject of the latest values of `a`, `b` and `c` together.
public func combineLatest<A: Sendable, B: Sendable, C: Sendable>(_ a: Subject<A>, _ b: Subject<B>, _ c: Subject<C>,
                                   file: StaticString = #fileID, line: UInt = #line) -> Subject<(A, B, C)> {
    combineLatest(combineLatest(a, b, file: file, line: line), c, file: file, line: line)
        .map(file: file, line: line) { ($0.0, $0.1, $1) }
}

/// An event subject that sends the latest values of `a`, `b` and `c` together, whenever one
/// sends and all have sent at least once.
public func combineLatest<A: Sendable, B: Sendable, C: Sendable>(_ a: SubjectBase<A>, _ b: SubjectBase<B>, _ c: SubjectBase<C>,
                                   file: StaticString = #fileID, line: UInt = #line) -> EventSubject<(A, B, C)> {
    combineLatest(combineLatest(a, b, file: file, line: line), c, file: file, line: line)
        .map(file: file, line: line) { ($0.0, $0.1, $1) }
}

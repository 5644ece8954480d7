/// How the operators with two sources (`combineLatest`, `zip`) put their values in one order:
/// each source's closure records its value (`record`), then says "arrived" into one subject,
/// which puts sends from several threads in one order; its single subscriber sends what `take`
/// gives when its turn comes, or skips. So the result never has an older value overtake a newer.
///
/// `primers` are each source's `primer` (see `attach`): made while a source is being delivered,
/// the operator's queued first call only records. Returns what `attach` gave each source for its primer.
@discardableResult
func feedTogether<A, B, Output>(
    _ a: SubjectBase<A>, _ b: SubjectBase<B>, into target: SubjectBase<Output>, _ file: StaticString, _ line: UInt,
    name: StaticString = #function,
    primers: ((A) -> Void, (B) -> Void), record: ((A) -> Void, (B) -> Void), take: @escaping () -> Output?
) -> (A?, B?) {
    let arrivals = EventSubject<Void>()
    arrivals.derived(target, file, line, drawn: false, arrivals.compacting { _ in take() })  // as `compactMap` does
    let toArrivals = Feed(arrivals, from: [a, b], name: name, file: file, line: line, drawnFeeding: target)
    let madeA = a.attach(toArrivals.parts[0], feeding: toArrivals, primer: primers.0) { [unowned(unsafe) a] value in
        record.0(value)
        toArrivals.send((), from: a.deliveryIsolation)
    }
    let madeB = b.attach(toArrivals.parts[1], feeding: toArrivals, primer: primers.1) { [unowned(unsafe) b] value in
        record.1(value)
        toArrivals.send((), from: b.deliveryIsolation)
    }
    return (madeA, madeB)
}

/// How the operators with two sources (`combineLatest`, `zip`) put their values in one order:
/// each source's closure records its value (`record`), then says "arrived" into one subject,
/// which puts sends from several threads in one order; its single subscriber sends what `take`
/// gives when its turn comes, or skips. So the result never has an older value overtake a newer.
///
/// With `waitsForEveryPath` (`combineLatest`), an arrival inside a send waits for the send's
/// other paths (Transaction.swift): both sources may be reached from one subject, and the pair
/// is taken once, when both are current. `zip` pairs the n-th value of each side, which are of
/// one send already, so it takes them as they come.
///
/// `primers` are each source's `primer` (see `attach`): made while a source is being delivered,
/// the operator's queued first call only records. Returns what `attach` gave each source for its primer.
@discardableResult
func feedTogether<A, B, Output>(
    _ a: SubjectBase<A>, _ b: SubjectBase<B>, into target: SubjectBase<Output>, _ file: StaticString, _ line: UInt,
    name: StaticString = #function, waitsForEveryPath: Bool = false,
    primers: ((A) -> Void, (B) -> Void), record: ((A) -> Void, (B) -> Void), take: @escaping () -> Output?
) -> (A?, B?) {
    let arrivals = EventSubject<Void>()
    arrivals.derived(target, file, line, drawn: false, arrivals.compacting { _ in take() })  // as `compactMap` does
    let toArrivals = Feed(arrivals, from: [a, b], name: name, file: file, line: line, drawnFeeding: target)
    let arrival = Arrival(toArrivals, arrivals, waits: waitsForEveryPath)
    if waitsForEveryPath {
        a.opensTransactionsFromNowOn()
        b.opensTransactionsFromNowOn()
    }
    let madeA = a.attach(toArrivals.parts[0], feeding: toArrivals, primer: primers.0) { [unowned(unsafe) a] value in
        record.0(value)
        arrival.arrive(from: a.deliveryIsolation)
    }
    let madeB = b.attach(toArrivals.parts[1], feeding: toArrivals, primer: primers.1) { [unowned(unsafe) b] value in
        record.1(value)
        arrival.arrive(from: b.deliveryIsolation)
    }
    return (madeA, madeB)
}

/// A two-source operator's "arrived": sent at once, or — for one that waits for every path of a
/// send — when the transaction open on this thread flushes it.
final class Arrival: WaitingOperator {
    let feed: Feed<Void>
    /// The subject `feed` sends into, whose height is this operator's place in a flush.
    unowned(unsafe) let arrivals: EventSubject<Void>
    let waits: Bool

    init(_ feed: Feed<Void>, _ arrivals: EventSubject<Void>, waits: Bool) {
        self.feed = feed
        self.arrivals = arrivals
        self.waits = waits
    }

    /// A source's value was recorded: says so now, or waits for the flush.
    func arrive(from isolation: (any Actor)?) {
        if !waits || !wait(self, reachedIn: isolation) {
            feed.send((), from: isolation)
        }
    }

    var height: Int {
        arrivals.heightNow
    }

    func flush(in isolation: (any Actor)?) {
        feed.send((), from: isolation)
    }
}

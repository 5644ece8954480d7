/// How the operators with several sources (`combineLatest`, `zip`) put their values in one order:
/// each source's closure records its value (its side's `record`), then says "arrived" into one
/// subject, which puts sends from several threads in one order; its single subscriber sends what
/// `take` gives when its turn comes, or skips. So the result never has an older value overtake a
/// newer. `take` runs on that subject's delivering thread alone, one call at a time.
///
/// With `waitsForEveryPath` (`combineLatest`), an arrival inside a send waits for the send's
/// other paths (Transaction.swift): several sources may be reached from one subject, and the
/// result is taken once, when all are current. `zip` pairs the n-th value of each side, which
/// are of one send already, so it takes them as they come.
///
/// Each side's `queuedFirstCall` is its source's `queuedFirstCall` (see `attach`): made while a source is being
/// delivered, the operator's queued first call only records. Returns what `attach` gave each
/// source for its `queuedFirstCall`.
@inlinable
@discardableResult
func feedJoined<each Value, Output>(
    _ sources: repeat SubjectBase<each Value>, into target: SubjectBase<Output>, _ file: StaticString, _ line: UInt,
    name: StaticString, waitsForEveryPath: Bool, sides: repeat JoinSide<each Value>, commit: JoinCommit = JoinCommit(),
    take: @escaping () -> Output?
) -> (repeat (each Value)?) {
    var hosts: [any SubscriptionHost] = []
    for source in repeat each sources {
        hosts.append(source)
    }
    return feedJoinedSpelledOut(hosts, into: target, file, line, name: name, waitsForEveryPath: waitsForEveryPath,
                                commit: commit, take: take) { parts in
        (repeat parts.attach(each sources, each sides))
    }
}

/// `feedJoined` with its sources spelled out: a pack runs unspecialized (each value looks up its
/// types' metadata, most of its cost), so the forms of two to four sources are generic over plain
/// types that the caller's module specializes. `attach` attaches the sources, in `hosts`' order,
/// with `PartCursor.attach`; what it gives is returned.
@inlinable
@discardableResult
func feedJoinedSpelledOut<Output, Made>(
    _ hosts: [any SubscriptionHost], into target: SubjectBase<Output>, _ file: StaticString, _ line: UInt,
    name: StaticString, waitsForEveryPath: Bool, commit: JoinCommit = JoinCommit(), take: @escaping () -> Output?,
    attach: (PartCursor) -> Made
) -> Made {
    let arrival = joinArrival(from: hosts, into: target, file, line, name: name, waitsForEveryPath: waitsForEveryPath,
                              commit: commit, take: take)
    return attach(PartCursor(arrival, file, line))
}

/// What `feedJoined` makes before it attaches the sources: the subject that puts their arrivals
/// in one order, its single subscriber that sends what `take` gives into `target`, and the feed
/// from the sources into it.
@inlinable
func joinArrival<Output>(from hosts: [any SubscriptionHost], into target: SubjectBase<Output>,
                         _ file: StaticString, _ line: UInt, name: StaticString, waitsForEveryPath: Bool,
                         commit: JoinCommit, take: @escaping () -> Output?) -> Arrival {
    let arrivals = EventSubject<Void>()
    arrivals.derived(target, file, line, drawn: false, arrivals.compacting { _ in commit.read(take) })  // as `compactMap` does
    let toArrivals = Feed(arrivals, from: hosts, name: name, file: file, line: line, drawnFeeding: target)
    if waitsForEveryPath {
        hosts.forEach { $0.opensTransactionsFromNowOn(depth: 0) }
    }
    return Arrival(toArrivals, arrivals, commit, waits: waitsForEveryPath)
}

/// What an operator with several sources does with one source's values.
@usableFromInline struct JoinSide<Value> {
    /// Keeps a value that arrived, before the operator is told it arrived.
    @usableFromInline let record: (Value) -> Void
    /// For an operator that waits for every path of a send (`combineLatest`): keeps a value that
    /// arrived inside a transaction apart until the transaction flushes the operator, which then
    /// commits it with the other sides' (see `JoinCommit`). An operator that takes values as they
    /// come (`zip`) records them.
    @usableFromInline let stage: (Value) -> Void
    /// A queued first call's work (see `attach`).
    @usableFromInline let queuedFirstCall: (Value) -> Void

    @inlinable init(record: @escaping (Value) -> Void, queuedFirstCall: @escaping (Value) -> Void) {
        self.record = record
        self.stage = record
        self.queuedFirstCall = queuedFirstCall
    }

    /// A side of `combineLatest`.
    @inlinable init(_ side: CombinedSide<Value>) {
        self.record = side.set
        self.stage = side.stage
        self.queuedFirstCall = side.set
    }
}

/// Attaches a join's sources, in order, each as the next of its feed's parts.
@usableFromInline struct PartCursor {
    @usableFromInline let arrival: Arrival
    @usableFromInline let file: StaticString
    @usableFromInline let line: UInt

    @inlinable init(_ arrival: Arrival, _ file: StaticString, _ line: UInt) {
        self.arrival = arrival
        self.file = file
        self.line = line
    }

    /// Attaches the next source: its values are recorded, then arrive.
    @inlinable func attach<Value>(_ source: SubjectBase<Value>, _ side: JoinSide<Value>) -> Value? {
        let arrival = arrival
        let part = source.connected(to: arrival.feed, file, line) { value, isolation in
            arrival.arrive(value, at: side, from: isolation)
        }
        return source.attach(part, feeding: arrival.feed, queuedFirstCall: { value, _ in side.queuedFirstCall(value) })
    }
}

/// An operator's "arrived": sent at once, or — for one that waits for every path of a send —
/// when the transaction open on this thread flushes it.
@usableFromInline final class Arrival: WaitingOperator {
    @usableFromInline let feed: Feed<Void>
    /// The subject `feed` sends into, whose height is this operator's place in a flush.
    @usableFromInline unowned(unsafe) let arrivals: EventSubject<Void>
    @usableFromInline let waits: Bool
    /// What makes the values of one send the latest together (see `JoinCommit`).
    @usableFromInline let commit: JoinCommit

    @usableFromInline init(_ feed: Feed<Void>, _ arrivals: EventSubject<Void>, _ commit: JoinCommit, waits: Bool) {
        self.feed = feed
        self.arrivals = arrivals
        self.commit = commit
        self.waits = waits
        super.init()
    }

    /// A source's value arrived at `side`: recorded and said now, or — inside a transaction, for
    /// an operator that waits for every path of a send — staged until the flush.
    @inlinable func arrive<Value>(_ value: Value, at side: JoinSide<Value>, from isolation: (any Actor)?) {
        guard waits, wait(self, reachedIn: isolation) else {
            side.record(value)
            return feed.send((), from: isolation)
        }
        side.stage(value)
    }

    @usableFromInline override var height: Int {
        arrivals.heightNow
    }

    @usableFromInline override func flush(in isolation: (any Actor)?) {
        commit.commit()
        feed.send((), from: isolation)
    }
}

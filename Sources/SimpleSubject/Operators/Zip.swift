/// An event subject that pairs the values sent to its sources from now on, in order: the first of
/// each, then the second of each, and so on — for any number of sources, as one flat tuple.
///
/// Current and replayed values do not count: a tuple is made of values sent after `zip` was
/// made. The faster sources' values wait for their partners, in order and without limit, so zip
/// sources that send about as often as each other.
///
/// ```swift
/// let answers = zip(requests, responses)   // (request, response), one pair per response
/// ```
///
/// Sources that one send reaches (`zip(d.map { $0 }, d.map { $0 * 2 })`) give one tuple per
/// send, made when the last path arrives: the n-th values of each side are of one send already,
/// so zip does not wait for the send's other paths as
/// ``combineLatest(_:_:_:file:line:)->Subject<(First,Second,Rest)>`` does.
///
/// - Complexity: O(*w*) per tuple, where *w* is the number of values waiting for a partner.
public func zip<First: Sendable, Second: Sendable, each Rest: Sendable>(
    _ first: SubjectBase<First>, _ second: SubjectBase<Second>, _ rest: repeat SubjectBase<each Rest>,
    file: StaticString = #fileID, line: UInt = #line
) -> EventSubject<(First, Second, repeat each Rest)> {
    zipAll(first, second, repeat each rest, file: file, line: line)
}

/// `zip` of three sources: the same as the any-number form, spelled out so that a closure over
/// the triple type-checks as fast as it did before that form existed.
public func zip<A: Sendable, B: Sendable, C: Sendable>(_ a: SubjectBase<A>, _ b: SubjectBase<B>, _ c: SubjectBase<C>,
                                                      file: StaticString = #fileID, line: UInt = #line) -> EventSubject<(A, B, C)> {
    zipAll(a, b, c, file: file, line: line)
}

/// `zip` of four sources, spelled out as the three-source one is — and so that a closure can
/// read `$0.3` (see CombineLatest.swift).
public func zip<A: Sendable, B: Sendable, C: Sendable, D: Sendable>(
    _ a: SubjectBase<A>, _ b: SubjectBase<B>, _ c: SubjectBase<C>, _ d: SubjectBase<D>,
    file: StaticString = #fileID, line: UInt = #line
) -> EventSubject<(A, B, C, D)> {
    zipAll(a, b, c, d, file: file, line: line)
}

/// `zip` of the sources in one pack.
private func zipAll<each Value>(_ sources: repeat SubjectBase<each Value>, file: StaticString,
                                line: UInt) -> EventSubject<(repeat each Value)> {
    let target = EventSubject<(repeat each Value)>()
    let sides = (repeat ZipSide<each Value>())
    feedJoined(repeat each sources, into: target, file, line, name: "zip", waitsForEveryPath: false,
               sides: repeat JoinSide(record: (each sides).add, queuedFirstCall: { _ in })) {
        oldestOfAll(repeat each sides)
    }
    repeat (each sides).startPairing()  // what the sources gave at once (current values, replays) is not paired
    return target
}

/// The oldest value of every side, taken together; `nil` while a side has none. Called by the
/// arrivals' delivering thread alone, so a side that has a value keeps it until taken here.
private func oldestOfAll<each Value>(_ sides: repeat ZipSide<each Value>) -> (repeat each Value)? {
    var missing = false
    for side in repeat each sides {
        if !side.hasValue {
            missing = true
        }
    }
    guard !missing else { return nil }
    return (repeat (each sides).takeOldest())
}

/// One side's values that wait for partners (see `ZipStateMachine`); its source's thread adds,
/// the arrivals' thread takes.
private final class ZipSide<Value>: @unchecked Sendable {
    // @unchecked: `Value` need not be `Sendable`; values move between the threads that deliver
    // the sources, as a subject's do.
    private let machine = Locked(ZipStateMachine<Value>())

    func add(_ value: Value) {
        machine.locked { $0.arrived(value) }
    }

    func startPairing() {
        machine.locked { $0.startPairing() }
    }

    var hasValue: Bool {
        machine.locked { $0.hasValue }
    }

    func takeOldest() -> Value {
        machine.locked { $0.takeOldest() }
    }
}

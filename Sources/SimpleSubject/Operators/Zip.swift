/// An event subject that pairs the values sent to `a` and `b` from now on, in order: the first
/// of each, then the second of each, and so on.
///
/// Current and replayed values do not count: a pair is made of values sent after `zip` was
/// made. The faster side's values wait for their partners, in order and without limit, so zip
/// sources that send about as often as each other.
///
/// ```swift
/// let answers = zip(requests, responses)   // (request, response), one pair per response
/// ```
///
/// Two sources that one send reaches (`zip(d.map { $0 }, d.map { $0 * 2 })`) give one pair per
/// send, made when the second path arrives: the n-th values of each side are of one send already,
/// so zip does not wait for the send's other paths as ``combineLatest(_:_:file:line:)-(Subject<A>,Subject<B>,_,_)`` does.
///
/// - Complexity: O(*w*) per pair, where *w* is the number of values waiting for a partner.
public func zip<A: Sendable, B: Sendable>(_ a: SubjectBase<A>, _ b: SubjectBase<B>,
                      file: StaticString = #fileID, line: UInt = #line) -> EventSubject<(A, B)> {
    let target = EventSubject<(A, B)>()
    let waiting = Pairing<A, B>()
    feedTogether(a, b, into: target, file, line, primers: ({ _ in }, { _ in }), record: (waiting.add, waiting.add),
                 take: waiting.takePair)
    waiting.startPairing()  // what the sources gave at once (current values, replays) is not paired
    return target
}

/// A three-way `zip`: the first of each, then the second of each, and so on.
public func zip<A: Sendable, B: Sendable, C: Sendable>(_ a: SubjectBase<A>, _ b: SubjectBase<B>, _ c: SubjectBase<C>,
                         file: StaticString = #fileID, line: UInt = #line) -> EventSubject<(A, B, C)> {
    zip(zip(a, b, file: file, line: line), c, file: file, line: line)
        .map(file: file, line: line) { ($0.0, $0.1, $1) }
}

/// The values of each side that wait for a partner (see `ZipStateMachine`); sides on two
/// threads add at once.
private final class Pairing<A, B>: Sendable {
    private let machine = Locked(ZipStateMachine<A, B>())

    func add(_ value: A) {
        machine.locked { $0.firstArrived(value) }
    }

    func add(_ value: B) {
        machine.locked { $0.secondArrived(value) }
    }

    func startPairing() {
        machine.locked { $0.startPairing() }
    }

    func takePair() -> (A, B)? {
        machine.locked { $0.takePair() }
    }
}

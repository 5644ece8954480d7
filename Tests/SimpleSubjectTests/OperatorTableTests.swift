import SimpleSubject
import Testing

/// One table per operator, across the three subject kinds. Every row runs the same story:
/// 1, 2 are sent before the operator is made (a `Subject` starts at 1; the `ReplaySubject` keeps
/// two values), a subscriber made at once records what it gets, 3, 4, 4, 5 are sent, a late
/// subscriber records what it gets first, and then the source is released: a subscriber made
/// after that gets what the late one got, and the source is freed.
@MainActor @Suite struct OperatorTableTests {
    enum Kind: String, Sendable {
        case subject, event, replay
    }

    /// An operator written once per kind, since each kind's version has its own result type.
    struct Operator: Sendable {
        let subject: @Sendable (Subject<Int>) -> SubjectBase<Int>
        let event: @Sendable (EventSubject<Int>) -> SubjectBase<Int>
        let replay: @Sendable (ReplaySubject<Int>) -> SubjectBase<Int>
    }

    struct Row: Sendable, CustomTestStringConvertible {
        let kind: Kind
        /// What a subscriber made right after the operator gets first, then all it gets by the end.
        let atOnce: [Int]
        let all: [Int]
        /// What a subscriber made after the last value gets first.
        let late: [Int]

        var testDescription: String { "\(kind): first \(atOnce), then \(all), late \(late)" }
    }

    static let before = [1, 2]
    static let later = [3, 4, 4, 5]

    /// The source of `kind`, sent `before`, and `op` applied to it.
    static func derive(_ kind: Kind, _ op: Operator) -> (source: SubjectBase<Int>, result: SubjectBase<Int>) {
        switch kind {
        case .subject:
            let source = Subject(before[0])
            before.dropFirst().forEach { source.sendNext($0) }
            return (source, op.subject(source))
        case .event:
            let source = EventSubject<Int>()
            before.forEach { source.sendNext($0) }
            return (source, op.event(source))
        case .replay:
            let source = ReplaySubject<Int>(bufferSize: 2)
            before.forEach { source.sendNext($0) }
            return (source, op.replay(source))
        }
    }

    /// `sendNext` to whichever kind `subject` is: `SubjectBase` has no `sendNext` (a
    /// `ReadOnlySubject` is one too).
    static func send(_ value: Int, to subject: SubjectBase<Int>) {
        switch subject {
        case let subject as Subject<Int>:
            subject.sendNext(value)
        case let subject as EventSubject<Int>:
            subject.sendNext(value)
        case let subject as ReplaySubject<Int>:
            subject.sendNext(value)
        default:
            Issue.record("not a kind one can send to: \(subject)")
        }
    }

    static func check(_ op: Operator, _ row: Row) {
        var (source, result): (SubjectBase<Int>?, SubjectBase<Int>) = derive(row.kind, op)
        let atOnce = record(result)
        #expect(atOnce.values == row.atOnce, "first values")
        later.forEach { send($0, to: source!) }
        #expect(atOnce.values == row.all, "all values")
        #expect(record(result).values == row.late, "a late subscriber's first values")
        weak let released = source
        source = nil
        #expect(released == nil, "the source is freed")
        #expect(record(result).values == row.late, "first values once the source is gone")
    }

    @Test(arguments: [
        Row(kind: .subject, atOnce: [20], all: [20, 30, 40, 40, 50], late: [50]),
        Row(kind: .event, atOnce: [], all: [30, 40, 40, 50], late: []),
        Row(kind: .replay, atOnce: [10, 20], all: [10, 20, 30, 40, 40, 50], late: [40, 50]),
    ])
    func map(_ row: Row) {
        Self.check(Operator(subject: { $0.map { $0 * 10 } }, event: { $0.map { $0 * 10 } },
                            replay: { $0.map { $0 * 10 } }), row)
    }

    @Test(arguments: [
        Row(kind: .subject, atOnce: [2], all: [2, 4, 4], late: []),  // 5 is dropped: 4 is stale
        Row(kind: .event, atOnce: [], all: [4, 4], late: []),
        Row(kind: .replay, atOnce: [2], all: [2, 4, 4], late: [4, 4]),  // the last two that passed
    ])
    func filter(_ row: Row) {
        Self.check(Operator(subject: { $0.filter { $0 % 2 == 0 } }, event: { $0.filter { $0 % 2 == 0 } },
                            replay: { $0.filter { $0 % 2 == 0 } }), row)
    }

    @Test(arguments: [
        Row(kind: .subject, atOnce: [2], all: [2, 5, 9, 13, 18], late: [18]),
        Row(kind: .event, atOnce: [], all: [3, 7, 11, 16], late: []),
        Row(kind: .replay, atOnce: [1, 3], all: [1, 3, 6, 10, 14, 19], late: [14, 19]),
    ])
    func scan(_ row: Row) {
        Self.check(Operator(subject: { $0.scan(0, +) }, event: { $0.scan(0, +) }, replay: { $0.scan(0, +) }), row)
    }

    @Test(arguments: [
        Row(kind: .subject, atOnce: [2], all: [2, 3, 4, 5], late: [5]),
        Row(kind: .event, atOnce: [], all: [3, 4, 5], late: []),
        Row(kind: .replay, atOnce: [1, 2], all: [1, 2, 3, 4, 5], late: [4, 5]),
    ])
    func removeDuplicates(_ row: Row) {
        Self.check(Operator(subject: { $0.removeDuplicates() }, event: { $0.removeDuplicates() },
                            replay: { $0.removeDuplicates() }), row)
    }

    @Test(arguments: [
        Row(kind: .subject, atOnce: [], all: [4, 4, 5], late: [5]),  // the current 2 counts as the first
        Row(kind: .event, atOnce: [], all: [4, 5], late: []),
        Row(kind: .replay, atOnce: [], all: [3, 4, 4, 5], late: [4, 5]),  // the replayed 1, 2 count
    ])
    func skip(_ row: Row) {
        Self.check(Operator(subject: { $0.skip(2) }, event: { $0.skip(2) }, replay: { $0.skip(2) }), row)
    }

    @Test(arguments: [
        Row(kind: .subject, atOnce: [2], all: [2, 3], late: []),  // 4 is dropped: 3 is stale
        Row(kind: .event, atOnce: [], all: [3, 4], late: []),
        Row(kind: .replay, atOnce: [1, 2], all: [1, 2], late: [1, 2]),
    ])
    func take(_ row: Row) {
        Self.check(Operator(subject: { $0.take(2) }, event: { $0.take(2) }, replay: { $0.take(2) }), row)
    }

    @Test(arguments: [
        Row(kind: .subject, atOnce: [20], all: [20, 40, 40], late: []),
        Row(kind: .event, atOnce: [], all: [40, 40], late: []),
        Row(kind: .replay, atOnce: [20], all: [20, 40, 40], late: [40, 40]),
    ])
    func compactMap(_ row: Row) {
        let evenTimesTen: @Sendable (Int) -> Int? = { $0 % 2 == 0 ? $0 * 10 : nil }
        Self.check(Operator(subject: { $0.compactMap(evenTimesTen) }, event: { $0.compactMap(evenTimesTen) },
                            replay: { $0.compactMap(evenTimesTen) }), row)
    }
}

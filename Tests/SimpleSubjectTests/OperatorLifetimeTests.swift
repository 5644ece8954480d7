import SimpleSubject
import Testing

/// Every operator lives exactly as long as its sources' slots for it (issue 31: an operator's
/// `Subscriber` holds the closure it attaches, which holds the operator, so anything holding the
/// `Subscriber` strongly in turn would keep the operator, the subject it feeds and what its
/// closures captured alive for ever). Each kind is checked both ways: released with its sources,
/// and detached from a live source once nobody can observe it.
@Suite struct OperatorLifetimeTests {
    /// What an operator's closures capture: freed with the operator.
    final class Token: Sendable {}

    enum Kind: String, CaseIterable, Sendable {
        case map, filter, compactMap, scan, removeDuplicates, skip, take, derive
        case combineLatest, withLatestFrom, merge, zip, switchToLatest

        /// Makes the operator from `source` and `other`, capturing `token`; returns what it feeds.
        func make(_ source: Subject<Int>, _ other: Subject<Int>, _ token: Token) -> AnyObject {
            switch self {
            case .map: source.map { value in withExtendedLifetime(token) { value } }
            case .filter: source.filter { _ in withExtendedLifetime(token) { true } }
            case .compactMap: source.compactMap { value in withExtendedLifetime(token) { value } }
            case .scan: source.scan(0) { sum, value in withExtendedLifetime(token) { sum + value } }
            case .removeDuplicates: source.removeDuplicates { a, b in withExtendedLifetime(token) { a == b } }
            case .skip: source.map { value in withExtendedLifetime(token) { value } }.skip(1)
            case .take: source.map { value in withExtendedLifetime(token) { value } }.take(5)
            case .derive:
                source.derive(into: EventSubject<Int>()) { value, downstream in
                    withExtendedLifetime(token) { downstream.send(value) }
                }
            case .combineLatest: SimpleSubject.combineLatest(source, other.map { value in withExtendedLifetime(token) { value } })
            case .withLatestFrom: source.withLatestFrom(other.map { value in withExtendedLifetime(token) { value } })
            case .merge: SimpleSubject.merge(source, other.map { value in withExtendedLifetime(token) { value } })
            case .zip: SimpleSubject.zip(source, other.map { value in withExtendedLifetime(token) { value } })
            case .switchToLatest:
                source.map { value in withExtendedLifetime(token) { other } }.switchToLatest()
            }
        }
    }

    @Test(arguments: Kind.allCases)
    func releasingItsSourcesFreesAnOperatorAndWhatItCaptured(_ kind: Kind) {
        weak var weakToken: Token?
        weak var weakTarget: AnyObject?
        weak var weakSource: Subject<Int>?
        do {
            let source = Subject(1)
            let other = Subject(2)
            let token = Token()
            weakToken = token
            weakSource = source
            let target = kind.make(source, other, token)
            weakTarget = target
            source.sendNext(3)
            other.sendNext(4)
        }
        #expect(weakSource == nil)
        #expect(weakTarget == nil)
        #expect(weakToken == nil)
    }

    @Test(arguments: Kind.allCases)
    func anOperatorNobodyCanObserveDetachesAndIsFreed(_ kind: Kind) {
        let source = Subject(1)
        let other = Subject(2)
        weak var weakToken: Token?
        weak var weakTarget: AnyObject?
        do {
            let token = Token()
            weakToken = token
            weakTarget = kind.make(source, other, token)
        }
        for value in 3..<7 {
            source.sendNext(value)
            other.sendNext(value)
        }
        #expect(weakTarget == nil)
        #expect(weakToken == nil)
        #expect(source.subscriberCount == 0)
        #expect(other.subscriberCount == 0)
    }

    @Test func aSyncedPairReleasedTogetherFreesTheBinding() {
        weak var weakA: Subject<Int>?
        weak var weakB: Subject<Int>?
        weak var weakToken: Token?
        do {
            let a = Subject(1)
            let b = Subject(2)
            let token = Token()
            weakA = a
            weakB = b
            weakToken = token
            _ = a.sync(with: b, forward: { value in withExtendedLifetime(token) { value } }, backward: { $0 })
            a.sendNext(3)
        }
        #expect(weakA == nil)
        #expect(weakB == nil)
        #expect(weakToken == nil)
    }
}

/// `withLatestFrom`'s other source only records its values, and so never noticed that nobody
/// could observe the result any more (outside attack, 2026-11-27): a dropped result stayed on
/// `other` until its own source sent, and for ever once that source was released.
@MainActor @Suite struct WithLatestFromLifetimeTests {
    final class Token: Sendable {}

    @Test func aDroppedResultDetachesFromTheOtherSourceAtItsNextSend() {
        let taps = EventSubject<Void>()
        let name = Subject("")
        weak var weakToken: Token?
        weak var weakResult: EventSubject<(Void, String)>?
        do {
            let token = Token()
            weakToken = token
            let result = taps.withLatestFrom(name.map { value in withExtendedLifetime(token) { value } })
            weakResult = result
        }
        name.sendNext("typed")  // taps never sends
        name.sendNext("typed again")
        #expect(weakResult == nil)
        #expect(weakToken == nil)
        #expect(name.subscriberCount == 0)
        #expect(taps.subscriberCount == 0)
    }

    @Test func releasingTheSourceDetachesTheResultFromTheOtherSource() {
        let name = Subject("")
        weak var weakResult: EventSubject<(Void, String)>?
        do {
            let taps = EventSubject<Void>()
            weakResult = taps.withLatestFrom(name)
        }
        name.sendNext("typed")
        #expect(weakResult == nil)
        #expect(name.subscriberCount == 0)
    }

    @Test func aHeldResultStaysOnTheOtherSource() {
        let taps = EventSubject<Void>()
        let name = Subject("")
        let result = taps.withLatestFrom(name)
        name.sendNext("typed")
        name.sendNext("typed again")
        var seen: [String] = []
        result.subscribeNext { seen.append($0.1) }
        taps.sendNext(())
        #expect(seen == ["typed again"])
        #expect(name.subscriberCount == 1)
    }
}

/// A transaction that reached a `combineLatest` flushes it at its end, also after every other
/// reference to the operator is gone (outside attack, 2026-11-27: made and dropped while two
/// threads sent to its sources, a `combineLatest` crashed on freed memory in its commit, 3 runs
/// in 3 in a debug build).
@Suite struct CombineLatestDroppedWhileSentToTests {
    @Test(arguments: [false, true])
    func dropsWhileTwoThreadsSendAreSafe(diamond: Bool) {
        let d = Subject(0)
        let other = Subject(0)
        onThreads(3) { thread in
            switch thread {
            case 0:
                for value in 1...20_000 { d.sendNext(value) }
            case 1:
                for value in 1...20_000 { other.sendNext(value) }
            default:
                for _ in 0..<2_000 {
                    if diamond {
                        _ = combineLatest(d, d.map { $0 * 2 }, other)
                    } else {
                        _ = combineLatest(d, other)
                    }
                }
            }
        }
        // It crashed before it got here. Then every dropped operator detaches at the next send
        // (CI saw 194 still attached, the `d.map`s feeding dead `combineLatest`s: see
        // DeadChainIntoAJoinTests).
        d.sendNext(-1)
        other.sendNext(-2)
        #expect(d.subscriberCount == 0)
        #expect(other.subscriberCount == 0)
        let after = combineLatest(d, d.map { $0 * 2 }, other)
        #expect(after.value == (-1, -2, -2))
    }
}

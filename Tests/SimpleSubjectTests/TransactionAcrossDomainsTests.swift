import SimpleSubject
import Synchronization
import Testing

/// A send from inside one domain's delivery into another domain's subject is a transaction of
/// that domain's (ARCHITECTURE.md, R2): it is flushed before the thread gives that domain's turn
/// back, so no other thread can reach its operators while they wait.
@Suite struct TransactionAcrossDomainsTests {
    /// How `c`'s subscriber puts 1 into `a`: a send, or a subscriber made there whose first call
    /// sends it.
    enum Entry: CaseIterable, Sendable {
        case send
        case firstCall

        func putOne(into a: Subject<Int>) {
            switch self {
            case .send:
                a.sendNext(1)
            case .firstCall:
                a.subscribeNext { value in
                    if value == 0 {
                        a.sendNext(1)
                    }
                }.cancel()
            }
        }
    }

    /// `c`'s delivery opens a transaction (a `combineLatest` lies downstream of it); its
    /// subscriber puts 1 into `a`, another domain, then waits while another thread sends 2 into
    /// `a`. The tuples of `combineLatest(a, a.map { $0 * 2 })` show 1 before 2, and end at 2.
    @Test(arguments: Entry.allCases)
    func whatADeliverySendsIntoAnotherDomainIsFlushedBeforeThatDomainIsFree(entry: Entry) {
        let c = Subject(0)
        let cPairs = combineLatest(c, c.map { $0 + 1 }).subscribeNext { _ in }
        let a = Subject(0)
        let tuples = Shared<[Int]>([])
        let aPairs = combineLatest(a, a.map { $0 * 2 }).subscribeNext { value, doubled in
            tuples.modify { $0.append(value * 10 + doubled / 2) }
        }
        let inside = c.subscribeNext { value in
            guard value == 1 else { return }
            entry.putOne(into: a)
            let other = Joinable { a.sendNext(2) }
            #expect(other.join(), "the other thread's send into `a` did not return")
        }
        c.sendNext(1)
        #expect(tuples.value == [0, 11, 22])
        #expect(a.value == 2)
        [cPairs, aPairs, inside].forEach { $0.cancel() }
    }

    /// A `combineLatest` of two domains made inside the inner of two nested deliveries, which
    /// leaves them apart; then one thread sends to each source. Each domain's diamond stays whole
    /// in every tuple, and the last tuple is the sources' last values.
    @Test func aCombineLatestAcrossTwoDomainsThatStayedApartNeverTears() {
        let torn = Shared<[String]>([])
        for _ in 0..<20 {
            let a = Subject(0)
            let b = Subject(0)
            let made = Shared<Subject<(Int, Int, Int, Int)>?>(nil)
            let outer = a.subscribeNext { value in
                if value == 1 {
                    b.sendNext(1)
                }
            }
            let inner = b.subscribeNext { value in
                if value == 1 {
                    made.modify { $0 = combineLatest(a, a.map { $0 }, b, b.map { $0 }) }
                }
            }
            a.sendNext(1)
            [outer, inner].forEach { $0.cancel() }
            guard let combined = made.value else {
                Issue.record("the combineLatest was not made")
                return
            }
            let tuples = combined.subscribeNext { t in
                if t.0 != t.1 || t.2 != t.3 {
                    torn.modify { $0.append("\(t)") }
                }
            }
            onThreads(2) { thread in
                for value in 2...300 {
                    (thread == 0 ? a : b).sendNext(value)
                }
            }
            #expect(combined.value == (300, 300, 300, 300))
            tuples.cancel()
        }
        #expect(torn.value.isEmpty, "torn: \(torn.value.prefix(5))")
    }

    /// Operators made inside a delivery of `b` on `c`, which another thread delivers meanwhile:
    /// each starts from one send's values and misses none after it.
    @Test func anOperatorMadeInsideADeliveryOnAnotherThreadsGraphStartsWholeAndMissesNothing() {
        let c = Subject(0)
        let b = Subject(0)
        let stop = Atomic<Bool>(false)
        let subscriptions = Shared<[Subscription]>([])
        let firstTuples = Shared<[Shared<(Int, Int)?>]>([])
        let mapped = Shared<[(Subject<Int>, Shared<[Int]>)]>([])
        let maker = b.subscribeNext { value in
            guard value > 0 else { return }
            let first = Shared<(Int, Int)?>(nil)
            let pairs = combineLatest(c, c.map { $0 }).subscribeNext { pair in
                first.modify { $0 = $0 ?? pair }
            }
            let map = c.map { $0 }
            let seen = Shared<[Int]>([])
            let values = map.subscribeNext { value in seen.modify { $0.append(value) } }
            subscriptions.modify { $0 += [pairs, values] }
            firstTuples.modify { $0.append(first) }
            mapped.modify { $0.append((map, seen)) }
        }
        onThreads(2) { thread in
            guard thread == 1 else {
                var value = 0
                while !stop.load(ordering: .relaxed) {
                    value += 1
                    c.sendNext(value)
                }
                return
            }
            for value in 1...100 {
                b.sendNext(value)
            }
            stop.store(true, ordering: .relaxed)
        }
        let torn = firstTuples.value.compactMap(\.value).filter { $0.0 != $0.1 }
        #expect(torn.isEmpty, "first tuples that never existed: \(torn.prefix(3))")
        let gaps = mapped.value.filter { map, seen in
            let values = seen.value
            return map.value != c.value || zip(values, values.dropFirst()).contains { $1 != $0 + 1 }
        }
        #expect(gaps.isEmpty, "\(gaps.count) maps missed a value or ended stale")
        maker.cancel()
        subscriptions.value.forEach { $0.cancel() }
    }
}

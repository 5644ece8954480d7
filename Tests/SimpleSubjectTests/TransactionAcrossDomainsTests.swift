import SimpleSubject
import Testing

/// A send from inside one domain's delivery into another domain's subject is a transaction of
/// that domain's (ARCHITECTURE.md, R2): it is flushed before the thread gives that domain's turn
/// back, so no other thread can reach its operators while they wait.
@Suite struct TransactionAcrossDomainsTests {
    /// `c`'s delivery opens a transaction (a `combineLatest` lies downstream of it); its
    /// subscriber sends 1 into `a`, another domain, then waits while another thread sends 2 into
    /// `a`. The tuples of `combineLatest(a, a.map { $0 * 2 })` show 1 before 2, and end at 2.
    @Test func aSendIntoAnotherDomainIsFlushedBeforeThatDomainIsFree() {
        let c = Subject(0)
        let cPairs = combineLatest(c, c.map { $0 + 1 }).subscribeNext { _ in }
        let a = Subject(0)
        let tuples = Shared<[Int]>([])
        let aPairs = combineLatest(a, a.map { $0 * 2 }).subscribeNext { value, doubled in
            tuples.modify { $0.append(value * 10 + doubled / 2) }
        }
        let inside = c.subscribeNext { value in
            guard value == 1 else { return }
            a.sendNext(1)
            let other = Joinable { a.sendNext(2) }
            #expect(other.join(), "the other thread's send into `a` did not return")
        }
        c.sendNext(1)
        #expect(tuples.value == [0, 11, 22])
        #expect(a.value == 2)
        [cPairs, aPairs, inside].forEach { $0.cancel() }
    }

    /// The same through a subscribe: made inside `c`'s delivery, a subscriber of `a` sends 1 into
    /// `a` from its first call; then another thread sends 2.
    @Test func aSendFromAFirstCallIntoAnotherDomainIsFlushedBeforeThatDomainIsFree() {
        let c = Subject(0)
        let cPairs = combineLatest(c, c.map { $0 + 1 }).subscribeNext { _ in }
        let a = Subject(0)
        let tuples = Shared<[Int]>([])
        let aPairs = combineLatest(a, a.map { $0 * 2 }).subscribeNext { value, doubled in
            tuples.modify { $0.append(value * 10 + doubled / 2) }
        }
        let inside = c.subscribeNext { value in
            guard value == 1 else { return }
            a.subscribeNext { value in
                if value == 0 {
                    a.sendNext(1)
                }
            }.cancel()
            let other = Joinable { a.sendNext(2) }
            #expect(other.join(), "the other thread's send into `a` did not return")
        }
        c.sendNext(1)
        #expect(tuples.value == [0, 11, 22])
        #expect(a.value == 2)
        [cPairs, aPairs, inside].forEach { $0.cancel() }
    }
}

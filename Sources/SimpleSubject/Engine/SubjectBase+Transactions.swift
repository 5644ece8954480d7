import Synchronization

// Where a subject stands in transactions (Transaction.swift).
//
// Its height orders the flush: a subject's height is more than that of every subject that feeds
// it. `Feed` sets a target's when it is made; a `switchToLatest` that follows a deeper inner
// subject raises its target's, and so everything downstream of it.
//
// Whether a send to it opens a transaction: only once an operator that waits for every path of a
// send (`combineLatest`, `withLatestFrom`) lies downstream of it. Such an operator marks its
// sources, and the mark climbs to every subject upstream of them (through the operators that feed
// each, as `debugGraph` knows them), so that the send where two paths part opens the transaction.
// A send through a graph with no such operator pays one load for it, and nothing else.

/// How deep a raise follows the operators downstream: a ring of operators (a subject fed, through
/// operators, by itself) has no order to find, and stops there.
let heightRaiseDepthLimit = 10_000

extension SubjectBase {
    /// The height now; see `height`.
    @usableFromInline final var heightNow: Int {
        height.load(ordering: .relaxed)
    }

    /// Makes this subject higher than `floor`, and then every subject its operators feed higher
    /// than it. Heights only grow, so threads that raise at once agree.
    ///
    /// - Complexity: O(1) when this subject is higher already; otherwise O(*n*) in the operators
    ///   downstream that must be raised too.
    @usableFromInline final func raiseHeight(above floor: Int, depth: Int = 0) {
        guard depth < heightRaiseDepthLimit else { return }
        var now = heightNow
        while now <= floor {
            let (exchanged, original) = height.compareExchange(expected: now, desired: floor + 1, ordering: .relaxed)
            if exchanged {
                break
            }
            now = original
        }
        guard now <= floor else { return }
        let links = state.locked { $0.subscribers.slots.compactMap { $0?.link } }
        for link in links {
            link.sourceRaised(to: floor + 1, depth: depth + 1)
        }
    }

    /// Makes sends to this subject, and to every subject upstream of it, open a transaction: an
    /// operator that waits for every path of a send is downstream now. Marks never go away.
    @usableFromInline final func opensTransactionsFromNowOn(depth: Int = 0) {
        guard depth < heightRaiseDepthLimit, !opensTransactions.exchange(true, ordering: .relaxed) else { return }
        let feeders = state.locked { $0.feeders.compactMap(\.node) }
        for case let feeder as any FeedsSubject in feeders {
            for source in feeder.sources {
                source.opensTransactionsFromNowOn(depth: depth + 1)
            }
        }
    }
}

/// An operator, as a subject it feeds knows it: what its sources are.
protocol FeedsSubject: AnyObject {
    /// The subjects it takes values from now.
    var sources: [any SubscriptionHost] { get }
}

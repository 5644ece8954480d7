// A dead chain leaves in one send (guarantee 7; the design's "detaches from its source, no later
// than the source's next send").
//
// An operator finds out that nobody can observe what it feeds when a value reaches it
// (`Feed.send`): the subject it sends into has no live subscriber left, and nobody else holds
// it. Then it detaches from its sources. Down a chain of one-source operators that is enough: the
// detach happens inside the source's delivery to the operator, so the operator upstream of it
// finds its own subject unlistened when its send returns, and detaches in turn.
//
// A `combineLatest` breaks that. Inside a send it only records what arrives and computes when the
// send is over (Transaction.swift), so the operators that fed it have returned from their sends
// and seen someone listening (the `combineLatest` itself) before it finds itself dead and
// detaches. Left at that, they would stay attached until the source's next send, and those
// feeding them until the one after.
//
// So a detach climbs: once an operator leaves its sources, each source left with no live
// subscriber asks the operators that feed it (the feeders `debugGraph` draws) whether anyone can
// still observe it, and those that find nobody detach too, and so on up. The question is the one
// a send would ask, so a chain detaches no earlier than a send would have found it dead; only
// sooner. Nothing on the path of a send pays for it: it runs only when an operator detaches.
//
// What the climb leaves to the next send, and why:
// - A source that still has a live subscriber: it is observed unless all of them are dead
//   operators, which detach at their own values. Asking anyway would make a send that closes n
//   screens on one shared `map` cost O(n²) (each detach would look at every slot left), and a
//   graph of layers of `merge(m, m)` exponential (each question follows every path down).
// - An operator whose source another thread is delivering just then: that delivery keeps the
//   slot, and so the operator and the subject it feeds, alive until it is over, and a weak
//   reference could meanwhile make the subject held and subscribed — detached, it would never
//   change again. The delivery, or the source's next, reaches the operator and detaches it.
//
// The sources are visited in the order they were left, so that a subject held as another's value
// (a `switchToLatest`'s inner subject, held by the outer subject) is asked after the outer one
// has gone.

/// How many subjects a climb visits at most: a ring of operators (a subject fed, through
/// operators, by itself) would climb for ever. What is left is found dead at its next send.
let deadChainClimbLimit = 10_000

/// `sources` lost a subscriber that detached: lets the operators that feed them detach if nobody
/// can observe them now, and so on up. A loop, not a recursion: a chain of thousands of `map`s
/// climbs in constant stack. The sources are held weakly on the way: a strong reference here
/// would be one more holder, and so would keep an operator from finding itself dead.
///
/// - Complexity: O(*n*) in the subjects left with no live subscriber and the operators feeding
///   them.
@usableFromInline func detachDeadFeeders(of sources: [WeakHost]) {
    var pending = sources
    var next = 0
    while next < pending.count && next < deadChainClimbLimit {
        let links = pending[next].host.map { $0.hasLiveSubscribers ? [] : $0.feedLinks } ?? []
        next += 1
        for link in links {
            pending += link.detachedIfUnobserved()
        }
    }
}

extension SubjectBase {
    /// Whether it has a live subscriber.
    @usableFromInline var hasLiveSubscribers: Bool {
        liveCount.load(ordering: .relaxed) > 0
    }

    /// Whether a thread other than this one has the turn to call its subscribers.
    @usableFromInline var isDeliveredByAnotherThread: Bool {
        phase.load(ordering: .acquiring) != .idle && !domain.root.isHeld(by: currentThread())
    }

    /// The operators that feed this subject, while they last: those `debugGraph` draws.
    @usableFromInline var feedLinks: [FeedLink] {
        let nodes = state.locked { $0.feeders.compactMap(\.node) }  // strong references, released after the lock
        return nodes.compactMap { $0 as? FeedLink }
    }
}

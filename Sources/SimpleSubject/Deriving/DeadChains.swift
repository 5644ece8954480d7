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
// detaches. They stayed attached until the source's next send, and those feeding them until the
// one after (outside attack on issue 31, finding 3).
//
// So a detach climbs: once an operator leaves its sources, each source asks the operators that
// feed it (the feeders `debugGraph` draws) whether anyone can still observe it, and those that
// find nobody detach too, and so on up. The question is the one a send would ask, so a chain
// detaches no earlier than a send would have found it dead; only sooner. Nothing on the path of
// a send pays for it: it runs only when an operator detaches.

/// How many subjects a climb visits at most: a ring of operators (a subject fed, through
/// operators, by itself) would climb for ever. What is left is found dead at its next send.
let deadChainClimbLimit = 10_000

/// `sources` lost a subscriber that detached: lets the operators that feed them detach if nobody
/// can observe them now, and so on up. A loop, not a recursion: a chain of thousands of `map`s
/// climbs in constant stack. The sources are held weakly on the way: a strong reference here
/// would be one more holder, and so would keep an operator from finding itself dead.
///
/// - Complexity: O(*n*) in the operators upstream that detach, and those asked beside them.
@usableFromInline func detachDeadFeeders(of sources: [WeakHost]) {
    var pending = sources
    var visited = 0
    while let source = pending.popLast(), visited < deadChainClimbLimit {
        visited += 1
        let links = source.host?.feedLinks ?? []
        for link in links {
            pending += link.detachedIfUnobserved()
        }
    }
}

extension SubjectBase {
    /// The operators that feed this subject, while they last: those `debugGraph` draws.
    @usableFromInline var feedLinks: [FeedLink] {
        let nodes = state.locked { $0.feeders.compactMap(\.node) }  // strong references, released after the lock
        return nodes.compactMap { $0 as? FeedLink }
    }
}

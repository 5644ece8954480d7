import Synchronization

// Joining two domains (ARCHITECTURE.md, "Domains"). The root that goes under the other must be
// idle and stay idle until it is linked, so the joining thread takes its turn first, then marks
// it linked (`linkedMark`) with a compare-and-swap that fails if a sender queued work there
// meanwhile: that work is delivered first, and the join tries again. The other root may be held
// by anyone, the joining thread included: its holder goes on delivering the joined domain. A
// sender that read the old root before the link finds the mark, or the parent, and looks again.
extension Domain {
    /// In the `owner` of a root being linked under another: nobody takes it any more.
    static let linkedMark = UInt.max

    /// Joins `other`'s domain and this node's into one. A domain that another thread delivers is
    /// waited for at most `domainWaitMilliseconds`; when both are held up that long, or both are
    /// held by this thread (two domains on its stack, joined inside the inner one's delivery),
    /// they stay apart.
    func join(_ other: Domain) {
        let thread = currentThread()
        let deadline = monotonicNanoseconds() + domainWaitMilliseconds * 1_000_000
        while monotonicNanoseconds() < deadline {
            let first = root
            let second = other.root
            guard first !== second else { return }
            guard !first.isHeld(by: thread) || !second.isHeld(by: thread) else { return }
            guard let (child, parent) = Domain.takeOne(of: first, second, by: thread, until: deadline) else { continue }
            if child.link(under: parent, by: thread) {
                return
            }
        }
    }

    /// Takes the turn of one of two roots for `thread`, which holds at most one of them: the
    /// smaller first, waiting for one to go idle if neither is. Returns it and the other, or nil
    /// if none came free before `deadline`.
    private static func takeOne(of first: Domain, _ second: Domain, by thread: ThreadID,
                                until deadline: Int) -> (child: Domain, parent: Domain)? {
        let (smaller, larger) = smallerFirst(first, second)
        let candidates = [(smaller, larger), (larger, smaller)].filter { !$0.0.isHeld(by: thread) }
        if let free = candidates.first(where: { $0.0.takeIfIdle(as: thread) }) {
            return free
        }
        let first = candidates[0]
        return first.0.takeWhenIdle(by: thread, until: deadline) ? first : nil
    }

    /// Waits, at most until `deadline`, for this root's turn to go idle, and takes it. False if
    /// the time ran out or the node stopped being a root.
    private func takeWhenIdle(by thread: ThreadID, until deadline: Int) -> Bool {
        var taken = false
        let milliseconds = max(0, (deadline - monotonicNanoseconds()) / 1_000_000)
        _ = machine.wait(atMost: milliseconds) { turn in
            guard isRoot, owner.load(ordering: .acquiring) != Domain.linkedMark else { return true }
            if owner.compareExchange(expected: 0, desired: thread, ordering: .acquiring).exchanged {
                taken = true
                return true
            }
            _ = markQueued(turn: &turn, takingIdleBy: nil)  // so that the holder leaves through here, and wakes this thread
            return false
        }
        return taken
    }

    /// Links this root, whose turn `thread` holds with nothing queued, under `other`'s root.
    /// False if a sender queued work meanwhile: it is delivered, and the caller tries again.
    private func link(under other: Domain, by thread: ThreadID) -> Bool {
        guard owner.compareExchange(expected: thread, desired: Domain.linkedMark, ordering: .acquiringAndReleasing).exchanged else {
            release(thread, in: nil)
            return false
        }
        let linked = Domain.joins.withLock { _ -> Bool in
            let parent = other.root
            guard parent !== self else { return false }  // another join put `other` under this one
            Domain.link(self, under: parent)
            return true
        }
        if !linked {
            owner.store(thread, ordering: .releasing)
            release(thread, in: nil)
        }
        return true
    }
}

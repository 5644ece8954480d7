/// Which thread waits for which subject: a sender does not wait if the thread it would wait for
/// is itself waiting, directly or through others, for the sender — for instance two subjects
/// whose subscribers send to each other, flooded from two threads. Consulted only by senders
/// about to wait, never on the common path.
@usableFromInline final class WaitGraph: Sendable {
    @usableFromInline static let shared = WaitGraph()
    /// Each waiting sender, and how to ask which thread delivers the subject it waits for.
    private let waiting = Locked<[ThreadID: () -> ThreadID?]>([:])

    /// Records that `sender` waits for a subject that `deliverer` delivers now (and
    /// `deliveringThread` tells who delivers later), unless that would close a cycle.
    @usableFromInline func beginWaiting(_ sender: ThreadID, deliveredBy deliverer: ThreadID,
                      deliveringThread: @escaping () -> ThreadID?) -> Bool {
        waiting.locked { waiting in
            var thread: ThreadID? = deliverer
            var steps = 0
            while let current = thread {
                // Back to the sender: a cycle. Longer than the graph: a cycle among others; stay out.
                if current == sender || steps > waiting.count {
                    return false
                }
                let next = waiting[current]?()
                thread = next == current ? nil : next  // it has been handed its turn: it waits no more
                steps += 1
            }
            waiting[sender] = deliveringThread
            return true
        }
    }

    @usableFromInline func endWaiting(_ sender: ThreadID) {
        _ = waiting.locked { $0.removeValue(forKey: sender) }  // released after the lock
    }
}

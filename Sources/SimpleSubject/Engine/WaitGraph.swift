/// Which thread waits for which subject: a sender does not wait if the thread it would wait for
/// is itself waiting, directly or through others, for the sender — for instance two subjects
/// whose subscribers send to each other, flooded from two threads. Consulted only by senders
/// about to wait, never on the common path.
@usableFromInline final class WaitGraph: Sendable {
    @usableFromInline static let shared = WaitGraph()
    /// Who waits for whom (see `WaitGraphStateMachine`).
    private let machine = Locked(WaitGraphStateMachine())

    /// Records that `sender` waits for a subject that `deliverer` delivers now (and
    /// `deliveringThread` tells who delivers later), unless that would close a cycle.
    @usableFromInline func beginWaiting(_ sender: ThreadID, deliveredBy deliverer: ThreadID,
                                        deliveringThread: @escaping () -> ThreadID?) -> Bool {
        machine.locked { $0.beginWaiting(sender, deliveredBy: deliverer, deliveringThread: deliveringThread) }
    }

    /// `sender` waits no more, or never began to.
    @usableFromInline func endWaiting(_ sender: ThreadID) {
        _ = machine.locked { $0.endWaiting(sender) }  // released after the lock
    }
}

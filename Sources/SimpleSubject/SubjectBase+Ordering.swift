/// How many values may wait in one subject's queue before a late sender waits for its turn.
let queueLimit = 1_024

// The slow paths of delivery: work that arrives while another call is delivering, and the bound
// on it (guarantee 8).
//
// A late sender queues its value and goes on, and the delivering thread delivers it before its
// own `sendNext` returns — unless that would make either side unbounded. So once the queue holds
// `queueLimit` values, or the delivering thread has delivered `queueLimit` values of others' in
// this call, a late sender waits instead: the delivering thread hands it the right to deliver at
// its next turn and returns, and the waiter delivers what is queued, then its own value. Each
// `sendNext` therefore delivers its own value and fewer than 2 × `queueLimit` of others' (plus
// what its own subscribers send), and the queue holds at most `queueLimit` values plus one per
// waiting thread. The delivering thread and re-entrant sends never wait, and neither does a
// sender whose wait would close a cycle (see `WaitGraph`): it queues over the limit instead.
extension SubjectBase {
    /// Called with `lock` held by a sender that found another call delivering.
    @usableFromInline final func enqueue(_ value: Value, tag: AnyObject?, from isolation: (any Actor)?) -> Bool {
        let listening = liveCount.load(ordering: .relaxed) > 0
        let sender = currentThread()
        if sender == deliverer || (queue.count < queueLimit && !handoffWanted) {
            queue.append(.value(value, tag: tag))
            lock.unlock()
            return listening
        }
        let awaited = deliverer
        lock.unlock()
        let waits = WaitGraph.shared.beginWaiting(sender, for: self, deliveredBy: awaited)
        lock.lock()
        if becomeDeliverer() {
            if waits { WaitGraph.shared.endWaiting(sender) }
            deliverAndUnlock(value, tag: tag, in: isolation)
            finishDelivering(in: isolation)
            return liveCount.load(ordering: .relaxed) > 0
        }
        guard waits else {
            queue.append(.value(value, tag: tag))
            lock.unlock()
            return listening
        }
        waitForTurn(sender)
        WaitGraph.shared.endWaiting(sender)
        lock.lock()
        queue.append(.value(value, tag: tag))
        lock.unlock()
        drainQueue(in: isolation, takingOver: true)
        return listening
    }

    /// Called with `lock` held; returns, without it, once the delivering thread has handed this
    /// one the right to deliver.
    private func waitForTurn(_ sender: ThreadID) {
        let ticket = ticketsIssued
        ticketsIssued += 1
        waiters.append(sender)
        let gate = self.gate ?? Gate()
        self.gate = gate
        lock.unlock()
        gate.wait(for: ticket)
    }

    /// Called with `lock` held by the delivering thread: gives the right to deliver to the
    /// longest-waiting sender.
    private func handOff() {
        deliverer = waiters.removeFirst()
        handoffWanted = false
        let gate = self.gate!
        lock.unlock()
        gate.openNext()
    }

    /// Does the work others queued, batch by batch, until there is none — or hands it to a
    /// waiting sender. A sender that has just been handed its turn (`takingOver`) delivers one
    /// batch before it may hand off in turn, so that every turn makes progress. Once a call has
    /// delivered `queueLimit` values of others', late senders wait (`handoffWanted`).
    @usableFromInline final func drainQueue(in isolation: (any Actor)?, takingOver: Bool = false) {
        var hasDelivered = !takingOver
        var othersDelivered = 0
        repeat {
            lock.lock()
            if hasDelivered && !waiters.isEmpty {
                handOff()
                return
            }
            let work = queue
            queue = []
            othersDelivered += work.count
            handoffWanted = othersDelivered >= queueLimit
            // `queued` while a sender waits, so that the loop comes back to hand off to it.
            phase.store(waiters.isEmpty ? .delivering : .queued, ordering: .releasing)
            lock.unlock()
            for item in work {
                perform(item, in: isolation)
            }
            hasDelivered = true
        } while !move(from: .delivering, to: .idle)
    }

    private func perform(_ item: Work, in isolation: (any Actor)?) {
        switch item {
        case .value(let value, let tag):
            lock.lock()
            deliverAndUnlock(value, tag: tag, in: isolation)
        case .join(let slot, let primer):
            join(slot, primer: primer, in: isolation)
        case .forget:
            forgetNow()
        }
    }
}

/// What a subject tells `WaitGraph` about itself.
protocol Awaitable: AnyObject {
    /// The thread delivering now, or nil when none is.
    var deliveringThread: ThreadID? { get }
}

extension SubjectBase: Awaitable {
    var deliveringThread: ThreadID? {
        lock.withLock { phase.load(ordering: .acquiring) == .idle ? nil : deliverer }
    }
}

/// Which thread waits for which subject: a sender does not wait if the thread it would wait for
/// is itself waiting, directly or through others, for the sender — for instance two subjects
/// whose subscribers send to each other, flooded from two threads. Consulted only by senders
/// about to wait, never on the common path.
final class WaitGraph: @unchecked Sendable {
    // @unchecked because `waiting` is only touched while holding `lock`.
    static let shared = WaitGraph()
    private let lock = Lock()
    private var waiting: [ThreadID: any Awaitable] = [:]

    /// Records that `sender` waits for `subject`, unless that would close a cycle.
    func beginWaiting(_ sender: ThreadID, for subject: any Awaitable, deliveredBy deliverer: ThreadID) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        var thread: ThreadID? = deliverer
        var steps = 0
        while let current = thread {
            // Back to the sender: a cycle. Longer than the graph: a cycle among others; stay out.
            if current == sender || steps > waiting.count { return false }
            let next = waiting[current]?.deliveringThread
            thread = next == current ? nil : next  // it has been handed its turn: it waits no more
            steps += 1
        }
        waiting[sender] = subject
        return true
    }

    func endWaiting(_ sender: ThreadID) {
        let subject = lock.withLock { waiting.removeValue(forKey: sender) }
        withExtendedLifetime(subject) {}
    }
}

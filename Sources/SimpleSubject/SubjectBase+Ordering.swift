import Synchronization

/// How many values may wait in one subject's queue before a late sender waits for its turn.
let queueLimit = 1_024

/// The longest a late sender waits for its turn. If the delivering thread has not handed it over
/// by then — it is held up in a subscriber, perhaps one waiting for this very sender — the sender
/// queues its value over the limit, and so do later senders until the delivering thread comes
/// back for more work.
let turnWaitMilliseconds = 100

/// Who may call a subject's subscribers right now: nobody (`idle`), one thread (`delivering`), or
/// one thread that has work queued for it (`queued`). Only a thread holding the subject's lock
/// moves it out of `idle` (a plain store: with no deliverer there is nobody to race); the
/// delivering thread leaves with one compare-and-swap (`delivering` → `idle`), which fails if
/// work was queued meanwhile. So a send with nothing queued takes the lock once.
@usableFromInline enum Phase: Int, AtomicRepresentable {
    case idle, delivering, queued
}

// The ordering of calls that overlap: work that arrives while another call is delivering, and
// the bound on it (guarantee 8).
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
// No wait lasts longer than `turnWaitMilliseconds`: a cycle through user code (a subscriber that
// blocks on a worker sending into the same subject) is invisible to the wait graph, so a sender
// that is not handed its turn by then queues over the limit, and the subject is `stalled` — late
// senders queue without waiting — until its delivering thread takes its next batch.
extension SubjectBase {
    /// Work that arrived while another call was delivering; the delivering thread does it in order.
    @usableFromInline enum Work {
        /// A value, with the tag its sender gave it (see `deliveryTag`).
        case value(Value, tag: AnyObject?)
        /// Something else that must happen in order with the values: a subscriber's first call,
        /// an operator forgetting its replay. Called with the delivery's isolation.
        case run((_ isolation: (any Actor)?) -> Void)
    }

    /// A subscriber's first call, made by the delivering thread before its next piece of work.
    @usableFromInline typealias FirstCall = (_ isolation: (any Actor)?) -> Void

    /// What a sender does with its value, as decided under the lock.
    @usableFromInline enum Turn {
        /// Deliver it now (the value displaced is released once the lock is).
        case deliver(ContiguousArray<Slot?>, displaced: Value?)
        /// Nothing: it is queued for the delivering thread. Whether anyone was listening.
        case queued(listening: Bool)
        /// Wait for a turn: the queue is full, or `deliverer` has done enough of others' work.
        case full(deliverer: ThreadID)
    }

    /// Called under the lock: takes the right to call subscribers, or reports that another
    /// thread has it (and marks that work is waiting for it).
    @inlinable
    @inline(__always)
    final func becomeDeliverer(_ state: inout State) -> Bool {
        // Idle means no deliverer, and only a deliverer changes `phase` without the lock: a
        // plain store will do, which keeps the common send to one atomic read-modify-write.
        if phase.load(ordering: .acquiring) != .idle && markedWorkQueued() {
            return false
        }
        phase.store(.delivering, ordering: .relaxed)
        state.deliverer = currentThread()
        state.handoffWanted = false
        return true
    }

    /// Another thread delivers: marks that work is waiting for it — unless it has left
    /// meanwhile (false: this thread takes the right after all).
    @usableFromInline final func markedWorkQueued() -> Bool {
        while phase.load(ordering: .acquiring) != .idle {
            if phase.load(ordering: .relaxed) == .queued || move(from: .delivering, to: .queued) {
                return true
            }
        }
        return false
    }

    @inlinable final func move(from old: Phase, to new: Phase) -> Bool {
        phase.compareExchange(expected: old, desired: new, ordering: .acquiringAndReleasing).exchanged
    }

    /// Gives up the right to call subscribers — after doing the work others queued meanwhile.
    @inlinable final func finishDelivering(in isolation: (any Actor)?) {
        if !move(from: .delivering, to: .idle) {
            drainQueue(in: isolation)
        }
    }

    /// Called under the lock by a sender that found another call delivering.
    @usableFromInline final func enqueue(_ value: Value, tag: AnyObject?, _ state: inout State) -> Turn {
        let hasRoom = state.queue.count < queueLimit && !state.handoffWanted
        guard hasRoom || state.stalled || currentThread() == state.deliverer else { return .full(deliverer: state.deliverer) }
        state.queue.append(.value(value, tag: tag))
        return .queued(listening: liveCount.load(ordering: .relaxed) > 0)
    }

    /// A late sender that found the queue full: waits for its turn to deliver, unless waiting
    /// would close a cycle of waiting threads (then it queues over the limit).
    @usableFromInline final func sendAfterWaiting(_ value: Value, tag: AnyObject?, for deliverer: ThreadID,
                                                  in isolation: (any Actor)?) -> Bool {
        let sender = currentThread()
        let waits = WaitGraph.shared.beginWaiting(sender, deliveredBy: deliverer) {
            // The thread delivering this subject now, or nil when none is.
            self.state.locked { self.phase.load(ordering: .acquiring) == .idle ? nil : $0.deliverer }
        }
        var ticket: (gate: Gate, number: Int)?
        let turn = state.locked { state -> Turn in
            if becomeDeliverer(&state) {  // the delivering thread left meanwhile
                return .deliver(state.subscribers.snapshot(), displaced: state.remember(value))
            }
            if waits {
                state.gate = state.gate ?? Gate()
                ticket = (state.gate!, state.ticketsIssued)
                state.waiters.append((sender, state.ticketsIssued))
                state.ticketsIssued += 1
            } else {
                state.queue.append(.value(value, tag: tag))
            }
            return .queued(listening: liveCount.load(ordering: .relaxed) > 0)
        }
        if let ticket {
            let handed = ticket.gate.wait(for: ticket.number, milliseconds: turnWaitMilliseconds)
            let takesTurn = handed || state.locked { $0.withdraw(sender, queueing: .value(value, tag: tag)) }
            WaitGraph.shared.endWaiting(sender)
            guard takesTurn else { return liveCount.load(ordering: .relaxed) > 0 }
            state.locked { $0.queue.append(.value(value, tag: tag)) }
            drainQueue(in: isolation, takingOver: true)
        } else if case .deliver(let subscribers, _) = turn {
            WaitGraph.shared.endWaiting(sender)
            deliver(value, tag: tag, to: subscribers, in: isolation)
            finishDelivering(in: isolation)
        }
        return liveCount.load(ordering: .relaxed) > 0
    }

    /// Does the work others queued, batch by batch, until there is none — or hands it to a
    /// waiting sender. A sender that has just been handed its turn (`takingOver`) delivers one
    /// batch before it may hand off in turn, so that every turn makes progress. Once a call has
    /// delivered `queueLimit` values of others', late senders wait (`handoffWanted`).
    @usableFromInline final func drainQueue(in isolation: (any Actor)?, takingOver: Bool = false) {
        var hasDelivered = !takingOver
        var othersDelivered = 0
        repeat {
            let (firstCalls, batch, handOff) = state.locked { state -> ([FirstCall], [Work], (gate: Gate, ticket: Int)?) in
                if hasDelivered && !state.waiters.isEmpty {
                    let next = state.waiters.removeFirst()  // the longest-waiting sender
                    state.deliverer = next.thread
                    state.handoffWanted = false
                    return ([], [], (state.gate!, next.ticket))
                }
                let batch = state.queue
                state.queue = []
                state.stalled = false
                othersDelivered += batch.count
                state.handoffWanted = othersDelivered >= queueLimit
                // `queued` while a sender waits, so that the loop comes back to hand off to it.
                phase.store(state.waiters.isEmpty ? .delivering : .queued, ordering: .releasing)
                return (state.takeFirstCalls(), batch, nil)
            }
            if let handOff {
                handOff.gate.open(through: handOff.ticket)
                return
            }
            firstCalls.forEach { $0(isolation) }
            for work in batch {
                perform(work, in: isolation)
            }
            hasDelivered = true
        } while !move(from: .delivering, to: .idle)
    }

    /// Does one piece of work — after the first calls of subscribers that joined meanwhile,
    /// which must come before anything that happens after they joined.
    private func perform(_ work: Work, in isolation: (any Actor)?) {
        switch work {
        case .value(let value, let tag):
            let (subscribers, _, firstCalls) = state.locked { ($0.subscribers.snapshot(), $0.remember(value), $0.takeFirstCalls()) }
            firstCalls.forEach { $0(isolation) }
            deliver(value, tag: tag, to: subscribers, in: isolation)
        case .run(let body):
            state.locked { $0.takeFirstCalls() }.forEach { $0(isolation) }
            body(isolation)
        }
    }
}

extension SubjectBase.State {
    /// A sender whose wait for its turn timed out: unless it has been handed its turn meanwhile
    /// (true: it delivers after all), it leaves the waiters, queues `work` over the limit and
    /// marks the subject stalled.
    @usableFromInline mutating func withdraw(_ sender: ThreadID, queueing work: SubjectBase.Work) -> Bool {
        guard let index = waiters.firstIndex(where: { $0.thread == sender }) else {
            assert(deliverer == sender, "a waiter that left the waiters without a timeout was handed its turn")
            return true
        }
        waiters.remove(at: index)
        queue.append(work)
        stalled = true
        return false
    }

    @usableFromInline mutating func takeFirstCalls() -> [SubjectBase.FirstCall] {
        defer { firstCalls = [] }
        return firstCalls
    }
}

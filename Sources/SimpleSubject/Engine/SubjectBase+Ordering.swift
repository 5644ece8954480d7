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
// that is not handed its turn by then queues over the limit, and the turn is stalled — late
// senders queue without waiting — until its delivering thread goes on to its next piece of work.
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

    /// Called under the lock: takes the turn to call subscribers (true), or finds that another
    /// thread has it (false), and has marked `phase` so that it comes back for what is queued.
    @inlinable
    @inline(__always)
    final func becomeDeliverer(_ state: inout State) -> Bool {
        // Idle means no deliverer, and only a deliverer changes `phase` without the lock: a
        // plain store will do, which keeps the common send to one atomic read-modify-write.
        if phase.load(ordering: .acquiring) != .idle {
            let othersDeliver = markWorkQueued()
            if othersDeliver {
                return false
            }
        }
        phase.store(.delivering, ordering: .relaxed)
        state.turns.begin(by: currentThread())
        return true
    }

    /// Another thread has the turn: marks `phase` queued, so that its compare-and-swap to idle
    /// fails and it comes back for the work. Returns false if it left meanwhile (`phase` went
    /// idle): then the caller takes the turn itself.
    @usableFromInline final func markWorkQueued() -> Bool {
        while true {
            switch phase.load(ordering: .acquiring) {
            case .idle:
                return false
            case .queued:
                return true
            case .delivering:
                if move(from: .delivering, to: .queued) {
                    return true
                }
            }
        }
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
        switch state.turns.arrive(.value(value, tag: tag), from: currentThread()) {
        case .queued:
            return .queued(listening: liveCount.load(ordering: .relaxed) > 0)
        case .full(let deliverer):
            return .full(deliverer: deliverer)
        }
    }

    /// A late sender that found the queue full: waits for its turn to deliver, unless waiting
    /// would close a cycle of waiting threads (then it queues over the limit), and at most
    /// `turnWaitMilliseconds` (then it queues over the limit too).
    @usableFromInline final func sendAfterWaiting(_ value: Value, tag: AnyObject?, for deliverer: ThreadID,
                                                  in isolation: (any Actor)?) -> Bool {
        let sender = currentThread()
        let waits = WaitGraph.shared.beginWaiting(sender, deliveredBy: deliverer) {
            // The thread delivering this subject now, or nil when none is.
            self.state.locked { self.phase.load(ordering: .acquiring) == .idle ? nil : $0.turns.deliverer }
        }
        let work = Work.value(value, tag: tag)
        var ticket: (gate: Gate, ticket: Int)?
        let turn = state.locked { state -> Turn in
            if becomeDeliverer(&state) {  // the delivering thread left meanwhile
                return .deliver(state.subscribers.snapshot(), displaced: state.remember(value))
            }
            if waits {
                ticket = state.turns.wait(sender)
            } else {
                state.turns.queueOverTheLimit(work)
            }
            return .queued(listening: liveCount.load(ordering: .relaxed) > 0)
        }
        if let ticket {
            let handed = ticket.gate.wait(for: ticket.ticket, milliseconds: turnWaitMilliseconds)
            let takesTurn = handed || state.locked { $0.turns.withdraw(sender, queueing: work) }
            WaitGraph.shared.endWaiting(sender)
            guard takesTurn else { return liveCount.load(ordering: .relaxed) > 0 }
            state.locked { $0.turns.queueOverTheLimit(work) }
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
    /// batch before it may hand off in turn, so that every turn makes progress.
    @usableFromInline final func drainQueue(in isolation: (any Actor)?, takingOver: Bool = false) {
        var hasDelivered = !takingOver
        repeat {
            let next = state.locked { state in
                let next = state.turns.next(hasDelivered: hasDelivered)
                if case .work(_, _, let waitersRemain) = next {
                    // `queued` while a sender waits, so that the loop comes back to hand off to it.
                    phase.store(waitersRemain ? .queued : .delivering, ordering: .releasing)
                }
                return next
            }
            switch next {
            case .handOff(let gate, let ticket):
                gate.open(through: ticket)
                return
            case .work(let firstCalls, let batch, _):
                firstCalls.forEach { $0(isolation) }
                for work in batch {
                    perform(work, in: isolation)
                }
            }
            hasDelivered = true
        } while !move(from: .delivering, to: .idle)
    }

    /// Does one piece of work — after the first calls of subscribers that joined meanwhile,
    /// which must come before anything that happens after they joined.
    private func perform(_ work: Work, in isolation: (any Actor)?) {
        switch work {
        case .value(let value, let tag):
            let (subscribers, _, firstCalls) = state.locked { ($0.subscribers.snapshot(), $0.remember(value), $0.turns.takeFirstCalls()) }
            firstCalls.forEach { $0(isolation) }
            deliver(value, tag: tag, to: subscribers, in: isolation)
        case .run(let body):
            state.locked { $0.turns.takeFirstCalls() }.forEach { $0(isolation) }
            body(isolation)
        }
    }
}

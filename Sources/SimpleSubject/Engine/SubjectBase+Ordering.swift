import Synchronization

/// How many values may wait in one subject's queue before a late sender waits for its turn.
@usableFromInline let queueLimit = 1_024

/// The longest a late sender waits for its turn. If the delivering thread has not handed it over
/// by then — it is held up in a subscriber, perhaps one waiting for this very sender — the sender
/// queues its value over the limit, and so do later senders until the delivering thread comes
/// back for more work.
@usableFromInline let turnWaitMilliseconds = 100

/// Who may call a subject's subscribers right now: nobody (`idle`), one thread (`delivering`),
/// one thread whose turn opened the transaction open on it and must flush it before it leaves
/// (`closing`), or one thread that has work queued for it (`queued`). Only a thread holding the
/// subject's lock moves it out of `idle` (a plain store: with no deliverer there is nobody to
/// race); late senders mark it `queued` under `turns`' lock; the delivering thread leaves with one
/// compare-and-swap (`delivering` or `closing` → `idle`), which fails if work was queued
/// meanwhile. So a send with nothing queued takes the lock once.
@usableFromInline enum Phase: Int, AtomicRepresentable {
    case idle, delivering, closing, queued
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
// No wait lasts longer than `turnWaitMilliseconds` while the deliverer does nothing: a cycle
// through user code (a subscriber that blocks on a worker sending into the same subject) is
// invisible to the wait graph, so a sender that is not handed its turn by then, and saw no queued
// work done meanwhile, queues over the limit, and so may the next `queueLimit` values — granted
// at most once per `turnWaitMilliseconds` for the subject, however many senders time out. So a
// blocked subscriber costs its senders one wait per `queueLimit` values, and the queue grows by
// at most that much per wait time; what queued over the limit is taken a limit's worth a batch,
// so a turn still hands off to waiters after at most two batches of others' work. A sender that
// saw work done waits again: with several senders and a slow subscriber its turn comes after the
// batches of the senders ahead, which may take longer than the cap (treated as a held-up
// deliverer, each time-out would let a limit's worth more queue, and a few senders into a slow
// subscriber would make one `sendNext` deliver thousands of values). A subscriber joining from
// another thread gives the deliverer a first call to make: past a limit's worth in one turn the
// joiner waits for a turn of its own by the same rule (`joinLate`). Values and first calls are
// counted apart, and per turn: one `sendNext` that took the turn from idle (`turnSerial`), or one
// hand-over.
//
// Two locks, so that threads sending at once do not take turns at one: the subject's (`state`:
// what it remembers, its subscribers, first calls), which the deliverer takes once per value,
// and `turns`' (what waits for the deliverer), which late senders take to queue and the
// deliverer once per batch. Whatever changes `phase` while someone delivers does so under
// `turns`' lock — marking work queued, storing what the next batch leaves — so a mark is never
// lost between a batch taken and the compare-and-swap to idle. (With one lock for both, the
// deliverer would sleep on it for nearly every value, waiting for a late sender that re-takes it
// the moment it lets go.)
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

    /// What a sender that found `phase` idle does, as decided under the subject's lock.
    @usableFromInline enum Turn {
        /// Deliver it now (the value displaced is released once the lock is).
        case deliver(SubscriberList.Snapshot, displaced: Value?)
        /// Another thread took the turn meanwhile: go the late sender's way.
        case late
    }

    /// What a late sender's work became, as decided under `turns`' lock.
    @usableFromInline enum Arrival {
        /// Queued for the deliverer.
        case queued
        /// The queue is full, or the turn has done enough of others' work: wait for a turn.
        case full
        /// Nobody has the turn any more: take it.
        case idle
    }

    /// Called under the subject's lock by a sender that found `phase` idle: takes the turn and
    /// remembers `value`, unless another thread took the turn meanwhile.
    @inlinable
    @inline(__always)
    final func takeTurn(_ state: inout State, remembering value: Value) -> Turn {
        guard becomeDeliverer(&state, openingTransaction: true) else { return .late }
        return .deliver(state.subscribers.snapshot(), displaced: state.remember(value))
    }

    /// Called under the subject's lock: takes the turn if nobody has it. Only a thread holding
    /// that lock moves `phase` out of idle, so a plain store will do, which keeps the common send
    /// to one atomic read-modify-write.
    ///
    /// A sender (`openingTransaction`) to a subject with an operator downstream that waits for
    /// every path of a send opens a transaction, unless its thread is in one (Transaction.swift),
    /// and then marks `phase` closing rather than delivering: its compare-and-swap to idle fails,
    /// so it comes back through `finishClosing`, which flushes and closes the transaction before
    /// anything else. So the common send's inlined path has no more to do.
    @inlinable
    @inline(__always)
    final func becomeDeliverer(_ state: inout State, openingTransaction: Bool = false) -> Bool {
        guard phase.load(ordering: .acquiring) == .idle else { return false }
        deliverer.store(currentThread(), ordering: .relaxed)
        turnSerial.store(turnSerial.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
        let next = phaseOfTurn(openingTransaction: openingTransaction)
        phase.store(next, ordering: .releasing)  // after `deliverer` and `turnSerial`, for whoever reads them
        return true
    }

    /// The phase a turn starts in: `closing` for a sender that opens a transaction (see
    /// `becomeDeliverer`), otherwise `delivering`.
    @inlinable
    @inline(__always)
    final func phaseOfTurn(openingTransaction: Bool) -> Phase {
        guard openingTransaction, opensTransactions.load(ordering: .relaxed) else { return .delivering }
        return openTransaction(by: self) ? .closing : .delivering
    }

    /// Called under the subject's lock (a subscriber joining, whose first call must come before
    /// the deliverer's next work): takes the turn, or marks that work waits for the deliverer.
    @usableFromInline final func becomeDelivererOrMarkWork(_ state: inout State) -> Bool {
        if markWorkQueued() {
            return false
        }
        return becomeDeliverer(&state)  // idle, and only this lock's holder leaves idle
    }

    /// Called under the subject's lock after a change to its subscribers that may have retired
    /// the buffer a delivery reads (SubscriberList.swift): marks work, so that the deliverer comes
    /// back to `drainQueue` for it, or — the subject went idle meanwhile, and only this lock's
    /// holder leaves idle — returns it, for the caller to release after the lock.
    @inlinable final func handOverRetired(_ state: inout State) -> ContiguousArray<Slot?>? {
        guard state.subscribers.retired != nil, !markWorkQueued() else { return nil }
        return state.subscribers.takeRetired()
    }

    /// Another thread has the turn: marks `phase` queued, so that its compare-and-swap to idle
    /// fails and it comes back for the work. Returns false if it left meanwhile (`phase` went
    /// idle): then the caller takes the turn itself.
    @inlinable final func markWorkQueued() -> Bool {
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
            case .closing:
                if move(from: .closing, to: .queued) {
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
            finishClosing(in: isolation)
        }
    }

    /// `finishDelivering` for a turn that opened a transaction, or found work queued: flushes and
    /// closes the transaction, then leaves with a compare-and-swap unless work was queued
    /// meanwhile — by then or by the flush. Through `drainQueue`, a send that opened a
    /// transaction would take two more locks — and every send to a source of a `combineLatest`
    /// opens one.
    @inlinable
    @inline(never)
    final func finishClosing(in isolation: (any Actor)?) {
        if phase.load(ordering: .acquiring) == .closing {
            closeTransaction(openedBy: self)
            if move(from: .closing, to: .idle) {
                return
            }
        }
        drainQueue(in: isolation)  // closes the transaction first if it is still open
    }

    /// `send` for a sender that found another thread delivering (or lost the race to take the
    /// turn): queues its value, waits for a turn when the queue is full, or takes the turn if it
    /// has ended meanwhile. Specialized for the caller's `Value` but kept out of line, so that
    /// `send`'s common path stays small enough to inline.
    @inlinable
    @inline(never)
    final func sendLate(_ value: Value, tag: AnyObject?, from isolation: (any Actor)?) -> Bool {
        while true {
            switch arrive(.value(value, tag: tag)) {
            case .queued:
                return liveCount.load(ordering: .relaxed) > 0
            case .full:
                return sendAfterWaiting(value, tag: tag, in: isolation)
            case .idle:
                break  // the turn ended meanwhile: take it
            }
            if case .deliver(let subscribers, _) = state.locked({ takeTurn(&$0, remembering: value) }) {
                deliver(value, tag: tag, to: subscribers, in: isolation)
                finishDelivering(in: isolation)
                return liveCount.load(ordering: .relaxed) > 0
            }
        }
    }

    /// A late sender's work: queued for the deliverer under `turns`' lock only — never the
    /// subject's, which the deliverer takes for every value it delivers. A value that a send
    /// brings inside a transaction, to a subject with an operator downstream that waits for every
    /// path of a send, waits for a turn instead: delivered by the thread whose turn it is, it
    /// would become part of that thread's transaction, and a diamond would show one path of the
    /// send beside the other's old value (`combineLatest(d, d.map { $0 })` with one thread
    /// sending and another subscribing to the `map`).
    @inlinable final func arrive(_ work: Work) -> Arrival {
        let sender = currentThread()
        let keepsItsSend = opensTransactions.load(ordering: .relaxed) && isInTransaction()
        return turns.locked { turns in
            guard markWorkQueued() else { return .idle }
            let arrival = turns.arrive(work, from: sender, deliverer: deliverer.load(ordering: .acquiring),
                                       serial: turnSerial.load(ordering: .relaxed), keepsItsSend: keepsItsSend)
            return arrival == .queued ? .queued : .full
        }
    }

    /// A late sender that found the queue full: waits for its turn to deliver (see `waitForTurn`),
    /// or takes the turn if the subject went idle meanwhile.
    @inlinable
    @inline(never)
    final func sendAfterWaiting(_ value: Value, tag: AnyObject?, in isolation: (any Actor)?) -> Bool {
        guard waitForTurn(queueing: .value(value, tag: tag), in: isolation) else {
            return send(value, tag: tag, from: isolation)  // take the turn
        }
        return liveCount.load(ordering: .relaxed) > 0
    }

    /// A subscriber that joined while another thread delivers, its first call queued for that
    /// thread (see `attach`): past a limit's worth of others' work in this turn, waits for a turn
    /// of its own, as a late sender does.
    @inlinable
    @inline(never)
    final func joinLate(in isolation: (any Actor)?) {
        let joiner = currentThread()
        guard deliverer.load(ordering: .acquiring) != joiner else { return }  // re-entrant: never waits
        let arrival = turns.locked { turns -> Turns.Arrival in
            guard markWorkQueued() else { return .queued }  // idle: the first call was made
            return turns.join(from: joiner, deliverer: deliverer.load(ordering: .acquiring),
                              serial: turnSerial.load(ordering: .relaxed))
        }
        guard arrival == .full else { return }
        waitForTurn(queueing: nil, in: isolation)
    }

    /// Waits for a turn to deliver — unless waiting would close a cycle of waiting threads (see
    /// `WaitGraph`), and at most `turnWaitMilliseconds` while the deliverer does nothing — then
    /// queues `work` (a late sender's value; a joiner's first call is queued already) and, if it
    /// was handed the turn, delivers what is queued. Returns false if the subject went idle before
    /// it could wait: nothing was queued, and a sender takes the turn.
    @inlinable
    @discardableResult
    final func waitForTurn(queueing work: Work?, in isolation: (any Actor)?) -> Bool {
        let sender = currentThread()
        let waits = WaitGraph.shared.beginWaiting(sender, deliveredBy: deliverer.load(ordering: .acquiring)) {
            // The thread delivering this subject now, or nil when none is.
            self.phase.load(ordering: .acquiring) == .idle ? nil : self.deliverer.load(ordering: .acquiring)
        }
        let ticket = turns.locked { turns -> (gate: Gate, ticket: Int)?? in
            guard markWorkQueued() else { return nil }  // the deliverer left meanwhile
            guard waits else {
                turns.queueOverTheLimit(work)
                return .some(nil)
            }
            return turns.wait(sender, progress: progress.load(ordering: .relaxed))
        }
        guard let ticket else {
            WaitGraph.shared.endWaiting(sender)
            return false
        }
        guard let ticket else {
            WaitGraph.shared.endWaiting(sender)
            return true
        }
        var timeOut = Turns.TimeOut.waitsAgain
        while timeOut == .waitsAgain {
            guard !ticket.gate.wait(for: ticket.ticket, milliseconds: turnWaitMilliseconds) else {
                timeOut = .takesTurn
                break
            }
            let progress = progress.load(ordering: .relaxed)
            let now = monotonicNanoseconds()
            timeOut = turns.locked {
                $0.timedOut(sender, progress: progress, queueing: work, deliverer: deliverer.load(ordering: .acquiring),
                            serial: turnSerial.load(ordering: .relaxed), now: now)
            }
        }
        WaitGraph.shared.endWaiting(sender)
        guard timeOut == .takesTurn else { return true }
        turns.locked { $0.queueOverTheLimit(work) }
        drainQueue(in: isolation, takingOver: true)
        return true
    }

    /// Does the work others queued, batch by batch, until there is none — or hands it to a
    /// waiting sender. A sender that has just been handed its turn (`takingOver`) delivers one
    /// batch before it may hand off in turn, so that every turn makes progress.
    @inlinable final func drainQueue(in isolation: (any Actor)?, takingOver: Bool = false) {
        closeTransaction(openedBy: self)  // the value just delivered opened it (`becomeDeliverer`)
        var hasDelivered = !takingOver
        let me = currentThread()
        let serial = turnSerial.load(ordering: .relaxed)  // this turn's: only a turn from idle changes it
        repeat {
            // Back for more: what it did before — its own value too — counts for the waiters.
            markProgress()
            let next = turns.locked { turns in
                let next = turns.next(hasDelivered: hasDelivered, deliverer: me, serial: serial)
                switch next {
                case .handOff(let thread, _, _):
                    deliverer.store(thread, ordering: .releasing)
                case .work(_, let moreWaits):
                    // `queued` while a sender or work waits, so that the loop comes back for it.
                    phase.store(moreWaits ? .queued : .delivering, ordering: .releasing)
                }
                return next
            }
            switch next {
            case .handOff(_, let gate, let ticket):
                gate.open(through: ticket)
                return
            case .work(let batch, _):
                // After `phase` was stored: a subscriber that joins later marks it queued again.
                // The `_`: the buffer a change retired while this thread read it, released after
                // the lock (SubscriberList.swift); the change marked work, so it comes here.
                let (firstCalls, _) = state.locked { ($0.takeFirstCalls(), $0.subscribers.takeRetired()) }
                firstCalls.forEach { $0(isolation) }
                for work in batch {
                    perform(work, in: isolation)
                    markProgress()
                }
            }
            hasDelivered = true
        } while !move(from: .delivering, to: .idle)
    }

    /// Counts a step of the deliverer's, which a waiting sender reads when its wait times out.
    /// Only the deliverer writes `progress`: a load and a store, no read-modify-write.
    @inlinable
    @inline(__always)
    final func markProgress() {
        progress.store(progress.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
    }

    /// Does one piece of work — after the first calls of subscribers that joined meanwhile,
    /// which must come before anything that happens after they joined.
    @inlinable final func perform(_ work: Work, in isolation: (any Actor)?) {
        switch work {
        case .value(let value, let tag):
            // The second `_`: what a change retired during the last piece of work (see `drainQueue`),
            // taken before the snapshot, which must find nothing retired.
            let (_, subscribers, _, firstCalls) = state.locked {
                ($0.subscribers.takeRetired(), $0.subscribers.snapshot(), $0.remember(value), $0.takeFirstCalls())
            }
            firstCalls.forEach { $0(isolation) }
            deliverInTransaction(value, tag: tag, to: subscribers, in: isolation)
        case .run(let body):
            state.locked { $0.takeFirstCalls() }.forEach { $0(isolation) }
            body(isolation)
        }
    }
}

extension SubjectBase.State {
    /// The first calls waiting, for a deliverer about to do its next piece of work.
    @inlinable mutating func takeFirstCalls() -> [SubjectBase.FirstCall] {
        defer { firstCalls = [] }
        return firstCalls
    }
}

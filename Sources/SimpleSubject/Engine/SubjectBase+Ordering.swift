import Synchronization

/// Who is calling a subject's subscribers: nobody (`idle`), the thread that holds its domain's
/// turn (`delivering`), that thread with the transaction its send opened to flush before it
/// leaves (`closing`), or that thread with work queued for it (`queued`). Only the holder moves it
/// out of `idle`, under the subject's lock (a plain store: nobody else can race it); marking work
/// queued is done under the same lock — by the holder, or by a thread whose cancel retired the
/// buffer being read; the holder leaves with one compare-and-swap (`delivering` or `closing` →
/// `idle`), which fails if work was queued meanwhile. So a send with nothing queued takes the
/// lock once.
@usableFromInline enum Phase: Int, AtomicRepresentable {
    case idle, delivering, closing, queued
}

// The ordering of calls that overlap on one subject. The domain's turn (Domain+Turn.swift)
// already lets one thread at a time deliver a subject, so what overlaps here is that thread's
// own: a send from inside a subscriber back into the subject being delivered (guarantee 3), a
// subscriber made inside a delivery, whose first call comes before the next value (guarantee 2),
// an operator forgetting its replay in order with its values. Each is queued in the subject's
// state, and the delivering call does it before it returns.
extension SubjectBase {
    /// Work that arrived while this thread was delivering the subject; done in order when the
    /// value being delivered has reached every subscriber.
    @usableFromInline enum Work {
        /// A value, with the tag its sender gave it (see `deliveryTag`).
        case value(Value, tag: AnyObject?)
        /// Something else that must happen in order with the values: an operator forgetting its
        /// replay. Called with the delivery's isolation.
        case run((_ isolation: (any Actor)?) -> Void)
    }

    /// A subscriber's first call, made by the delivering call before its next piece of work.
    @usableFromInline typealias FirstCall = (_ isolation: (any Actor)?) -> Void

    /// What a sender that found `phase` idle does, as decided under the subject's lock.
    @usableFromInline enum Turn {
        /// Deliver it now (the value displaced is released once the lock is).
        case deliver(SubscriberList.Snapshot, displaced: Value?)
        /// The subject is being delivered: queue it.
        case late
    }

    /// Called under the subject's lock by a sender that found `phase` idle: takes the turn and
    /// remembers `value`, unless the subject is being delivered.
    @inlinable
    @inline(__always)
    final func takeTurn(_ state: inout State, remembering value: Value) -> Turn {
        guard becomeDeliverer(&state, openingTransaction: true) else { return .late }
        return .deliver(state.subscribers.snapshot(), displaced: state.remember(value))
    }

    /// Called under the subject's lock: starts delivering if nobody is. Only the domain's holder
    /// moves `phase` out of idle, so a plain store will do, which keeps the common send to one
    /// atomic read-modify-write.
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
        phase.store(phaseOfTurn(openingTransaction: openingTransaction), ordering: .releasing)
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
    /// the delivering call's next work): starts delivering, or marks that work waits for the
    /// call delivering now.
    @usableFromInline final func becomeDelivererOrMarkWork(_ state: inout State) -> Bool {
        if markWorkQueued() {
            return false
        }
        return becomeDeliverer(&state)  // idle, and only this lock's holder leaves idle
    }

    /// Called under the subject's lock after a change to its subscribers that may have retired
    /// the buffer a delivery reads (SubscriberList.swift): marks work, so that the delivering call
    /// comes back to `drainQueue` for it, or — nobody delivers the subject — returns it, for the
    /// caller to release after the lock.
    @inlinable final func handOverRetired(_ state: inout State) -> ContiguousArray<Slot?>? {
        guard state.subscribers.retired != nil, !markWorkQueued() else { return nil }
        return state.subscribers.takeRetired()
    }

    /// Called under the subject's lock: a call is delivering the subject, so marks `phase` queued,
    /// so that its compare-and-swap to idle fails and it comes back for the work. Returns false
    /// if none is (`phase` is idle): then the caller does the work itself.
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

    /// Stops delivering — after doing the work queued meanwhile.
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

    /// `send` from inside a delivery of this subject (guarantee 3): queues the value for the
    /// delivering call, which delivers it once the current value has reached every subscriber.
    /// Kept out of line, so that `send`'s common path stays small enough to inline.
    @inlinable
    @inline(never)
    final func sendLate(_ value: Value, tag: AnyObject?, from isolation: (any Actor)?) -> Bool {
        guard queue(.value(value, tag: tag)) else {
            return sendHoldingTurn(value, tag: tag, from: isolation)  // nobody delivers it now
        }
        return liveCount.load(ordering: .relaxed) > 0
    }

    /// Queues `work` for the call delivering this subject; false if none is.
    @inlinable final func queue(_ work: Work) -> Bool {
        state.locked { state in
            guard markWorkQueued() else { return false }
            state.queue.append(work)
            return true
        }
    }

    /// Does the work queued meanwhile, in order, until there is none, and leaves.
    @inlinable final func drainQueue(in isolation: (any Actor)?) {
        closeTransaction(openedBy: self)  // the value just delivered opened it (`becomeDeliverer`)
        repeat {
            // After `phase` is stored: work queued later marks it queued again. The `_`: the buffer
            // a change retired while this call read it, released after the lock
            // (SubscriberList.swift); the change marked work, so it comes here.
            let (batch, firstCalls, _) = state.locked { state in
                phase.store(.delivering, ordering: .releasing)
                return (state.takeQueue(), state.takeFirstCalls(), state.subscribers.takeRetired())
            }
            firstCalls.forEach { $0(isolation) }
            for work in batch {
                perform(work, in: isolation)
            }
        } while !move(from: .delivering, to: .idle)
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
    /// The first calls waiting, for the delivering call about to do its next piece of work.
    @inlinable mutating func takeFirstCalls() -> [SubjectBase.FirstCall] {
        defer { firstCalls = [] }
        return firstCalls
    }

    /// The work waiting, for the delivering call.
    @inlinable mutating func takeQueue() -> [SubjectBase.Work] {
        defer { queue = [] }
        return queue
    }
}

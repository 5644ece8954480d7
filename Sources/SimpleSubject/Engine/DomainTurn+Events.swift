extension DomainTurn {
    /// A `sendNext` reaches the domain: take the idle turn, join the thread's own transaction, queue,
    /// or wait. The main actor never waits (it queues in the priority lane), a thread never waits
    /// for a domain it holds (R5), and a send from inside another domain's delivery (`nested`)
    /// never waits either: it queues, and holding an idle turn it hands it on at its first
    /// boundary, so that it never delivers other threads' values inside its own transaction.
    mutating func send(_ work: Work, from frame: TurnFrame, onMainActor: Bool, nested: Bool = false) -> SendAction {
        defer { assertInvariants() }
        switch state {
        case .idle:
            let kind: TurnKind = nested ? .subscribe : onMainActor ? .mainActorSend : .send
            state = .held(Holder(frame: frame, kind: kind, delivered: 0))
            return .deliver
        case .held(let holder) where holder.frame == frame:
            return .joinOpenTransaction
        case .held:
            break
        }
        if onMainActor {
            priorityLane.append(LaneEntry(work: work, isActivation: false))
            return .queued
        }
        if nested {
            backlog.append(work)
            return .queued
        }
        if backlog.count < limit && waiters.isEmpty && !wantsHandOff {
            backlog.append(work)
            return .queued
        }
        if allowance > 0 && !wantsHandOff {
            allowance -= 1
            backlog.append(work)
            return .queued
        }
        waiters.append(Waiter(frame: frame, work: work, progressSeen: progress))
        return .wait
    }

    /// An operator or a subscriber made by a thread that does not hold the turn: it takes the
    /// idle turn, or its activation waits in the priority lane, delivered at the holder's next
    /// boundary before anything queued. Once the holder has delivered or been given
    /// `activationsPerTurn` transactions in its turn, a thread off the main actor tries again when
    /// that turn is over: threads subscribing in a loop cannot keep a holder from returning. `mayRetry` false: it tried
    /// again already and the turn did not change within its cap — the holder is held up — so it
    /// queues anyway.
    mutating func activate(_ activation: Work, from frame: TurnFrame, onMainActor: Bool,
                           mayRetry: Bool = true) -> SendAction {
        defer { assertInvariants() }
        switch state {
        case .idle:
            state = .held(Holder(frame: frame, kind: .subscribe, delivered: 0))
            return .deliver
        case .held(let holder) where holder.frame == frame:
            return .joinOpenTransaction
        case .held(let holder) where holder.delivered + priorityLane.count >= activationsPerTurn && !onMainActor && mayRetry:
            return .retryWhenTheTurnChanges(holder.frame)
        case .held:
            priorityLane.append(LaneEntry(work: activation, isActivation: true))
            return .queued
        }
    }

    /// The engine's fast path gave the idle turn to `frame` without this machine (a compare-and-swap
    /// on the root's word); the first thread to find it taken tells the machine.
    mutating func heldByFastPath(_ frame: TurnFrame, kind: TurnKind) {
        precondition(isIdle, "the fast path took a turn that was not idle")
        state = .held(Holder(frame: frame, kind: kind, delivered: 0))
    }

    /// The holder finished a transaction at its outermost level (R4): deliver the next queued
    /// transaction, hand the turn to a waiting sender, or go idle. The priority lane comes first,
    /// but while senders' work waits the main actor's values take turns with it, so that a main
    /// actor sending at machine speed cannot starve them (activations never wait: their first
    /// calls come before what was queued); a hand-off comes when the holder wants one and
    /// someone waits, or when only waiters are left.
    mutating func transactionEnded(by frame: TurnFrame) -> BoundaryAction {
        defer { assertInvariants() }
        guard case .held(var holder) = state, holder.frame == frame else {
            preconditionFailure("a transaction ended by a thread that does not hold the turn")
        }
        progress += 1
        let sendersWait = !backlog.isEmpty || !waiters.isEmpty
        if let next = priorityLane.first, next.isActivation || !(laneWentLast && sendersWait) {
            holder.delivered += 1
            state = .held(holder)
            laneWentLast = !next.isActivation
            return .deliver(priorityLane.removeFirst().work, admitted: nil)
        }
        laneWentLast = false
        if !waiters.isEmpty && (holder.wantsHandOff(after: handOffAfter) || backlog.isEmpty) {
            let waiter = waiters.removeFirst()
            backlog.append(waiter.work)
            state = .held(Holder(frame: waiter.frame, kind: .send, delivered: 0))
            return .handOff(to: waiter.frame.thread)
        }
        guard !backlog.isEmpty else {
            state = .idle
            allowance = 0
            return .idle
        }
        holder.delivered += 1
        state = .held(holder)
        let work = backlog.removeFirst()
        return .deliver(work, admitted: admitFirstWaiter())
    }

    /// A waiter was handed the turn: it starts as if it had just ended a transaction.
    mutating func turnReceived(by frame: TurnFrame) -> BoundaryAction {
        transactionEnded(by: frame)
    }

    /// A waiter's wait reached its cap at `now` (monotonic nanoseconds). If holders ended a
    /// transaction since it last looked, it waits again; otherwise the holder is held up: its
    /// work is queued over the limit, and `limit` more may queue without waiting — granted at most
    /// once per `waitTime` nanoseconds.
    mutating func waitTimedOut(thread: Int, now: Int = 0, waitTime: Int = 0) -> TimeoutAction {
        defer { assertInvariants() }
        guard let index = waiters.firstIndex(where: { $0.frame.thread == thread }) else {
            return .alreadyWoken
        }
        guard waiters[index].progressSeen == progress else {
            waiters[index].progressSeen = progress
            return .waitsAgain
        }
        backlog.append(waiters.remove(at: index).work)
        if lastGrant.map({ now - $0 >= waitTime }) ?? true {
            lastGrant = now
            allowance = limit
        }
        return .queuedOverLimit
    }

    /// Queues the longest waiter's work when a slot is free and no hand-off is wanted.
    private mutating func admitFirstWaiter() -> Int? {
        guard !waiters.isEmpty && backlog.count < limit && !wantsHandOff else {
            return nil
        }
        let waiter = waiters.removeFirst()
        backlog.append(waiter.work)
        return waiter.frame.thread
    }

    /// The invariants every event keeps, checked in debug builds.
    private func assertInvariants() {
        if isIdle {
            assert(backlog.isEmpty && priorityLane.isEmpty && waiters.isEmpty, "an idle turn left work behind")
        }
        assert(waiters.allSatisfy { !isHeld(by: $0.frame.thread) }, "a thread waits for a domain it holds")
        assert(Set(waiters.map(\.frame.thread)).count == waiters.count, "a thread waits twice")
    }
}

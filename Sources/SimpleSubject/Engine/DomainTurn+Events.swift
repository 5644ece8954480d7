extension DomainTurn {
    /// A `sendNext` reaches the domain: take the idle turn, join the thread's own transaction, queue,
    /// or wait. The main actor never waits (it queues ahead of the backlog), a thread never waits
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
            mainActorValues.append(work)
            return .queued
        }
        if nested {
            backlog.append(work)
            return .queued
        }
        if waiters.isEmpty && admitsWithoutWaiting {
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
    /// idle turn, or its activation waits ahead of everything queued, delivered at the holder's next
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
        case .held(let holder) where holder.delivered + laneCount >= activationsPerTurn && !onMainActor && mayRetry:
            return .retryWhenTheTurnChanges(holder.frame)
        case .held:
            activations.append(activation)
            return .queued
        }
    }

    /// The engine's fast path gave the idle turn to `frame` without this machine (a compare-and-swap
    /// on the root's word); the first thread to find it taken tells the machine.
    mutating func heldByFastPath(_ frame: TurnFrame, kind: TurnKind) {
        precondition(isIdle, "the fast path took a turn that was not idle")
        state = .held(Holder(frame: frame, kind: kind, delivered: 0))
    }

    /// The holder finished a transaction, or a batch, at its outermost level (R4); `undelivered`
    /// is the rest of a batch an activation stopped, which goes back where it came from. Then it
    /// takes the next batch: activations first (their first calls come before what was queued);
    /// then the main actor's values, which take turns with the backlog while senders' work waits,
    /// so that a main actor sending at machine speed cannot starve them; a hand-off when the
    /// holder wants one and someone waits; the backlog, with the longest waiters' work admitted
    /// while there is room; or idle.
    mutating func transactionEnded(by frame: TurnFrame, undelivered: [Work] = []) -> BoundaryAction {
        defer { assertInvariants() }
        guard case .held(var holder) = state, holder.frame == frame else {
            preconditionFailure("a transaction ended by a thread that does not hold the turn")
        }
        progress += 1
        putBack(undelivered, by: &holder)
        let sendersWait = !backlog.isEmpty || !waiters.isEmpty
        if !activations.isEmpty {
            return .deliver(take(.activations, by: &holder), admitted: [])
        }
        if !mainActorValues.isEmpty && !(lastBatch == .mainActor && sendersWait) {
            return .deliver(take(.mainActor, by: &holder), admitted: [])
        }
        lastBatch = .backlog
        if !waiters.isEmpty && holder.wantsHandOff(after: handOffAfter) {
            let waiter = waiters.removeFirst()
            backlog.append(waiter.work)
            state = .held(Holder(frame: waiter.frame, kind: .send, delivered: 0))
            return .handOff(to: waiter.frame.thread)
        }
        let admitted = admitWaiters()
        guard !backlog.isEmpty else {
            state = .idle
            allowance = 0
            return .idle
        }
        return .deliver(take(.backlog, by: &holder), admitted: admitted)
    }

    /// Takes the batch the holder delivers next from one queue: up to where its hand-off falls
    /// due, so that a waiting sender takes the turn after `handOffAfter` transactions of others';
    /// past that, with nobody waiting, the whole queue.
    private mutating func take(_ source: Source, by holder: inout Holder) -> [Work] {
        let room = handOffAfter - holder.delivered
        let batch: [Work]
        switch source {
        case .activations:
            batch = Self.takeFront(of: &activations, upTo: room)
        case .mainActor:
            batch = Self.takeFront(of: &mainActorValues, upTo: room)
        case .backlog:
            batch = Self.takeFront(of: &backlog, upTo: room)
            inFlight = batch.count
        }
        lastBatch = source
        holder.delivered += batch.count
        state = .held(holder)
        return batch
    }

    /// The first `count` transactions of `queue`, taken out of it; all of them when `count` is
    /// not positive or covers them.
    private static func takeFront(of queue: inout [Work], upTo count: Int) -> [Work] {
        guard count > 0 && count < queue.count else {
            defer { queue = [] }
            return queue
        }
        defer { queue.removeFirst(count) }
        return Array(queue.prefix(count))
    }

    /// Puts what the holder left of its batch back in front of the queue it came from.
    private mutating func putBack(_ undelivered: [Work], by holder: inout Holder) {
        inFlight = 0
        guard !undelivered.isEmpty else { return }
        switch lastBatch {
        case .activations:
            activations.insert(contentsOf: undelivered, at: 0)
        case .mainActor:
            mainActorValues.insert(contentsOf: undelivered, at: 0)
        case .backlog:
            backlog.insert(contentsOf: undelivered, at: 0)
        }
        holder.delivered -= undelivered.count
        state = .held(holder)
    }

    /// The holder has delivered `count` more transactions of its batch, and reports before the
    /// next, so that waiters see it progress: what it delivered of the backlog no longer counts
    /// toward the limit, and the longest waiters' work is admitted while there is room. Returns
    /// the waiters admitted: wake them.
    mutating func delivered(_ count: Int, by frame: TurnFrame) -> [Int] {
        defer { assertInvariants() }
        precondition(isHeld(by: frame.thread), "a batch reported by a thread that does not hold the turn")
        progress += 1
        if lastBatch == .backlog {
            inFlight -= count
        }
        return admitWaiters()
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

    /// Queues the longest waiters' work while it is admitted without waiting.
    private mutating func admitWaiters() -> [Int] {
        var admitted: [Int] = []
        while !waiters.isEmpty && admitsWithoutWaiting {
            let waiter = waiters.removeFirst()
            backlog.append(waiter.work)
            admitted.append(waiter.frame.thread)
        }
        return admitted
    }

    /// The invariants every event keeps, checked in debug builds.
    private func assertInvariants() {
        if isIdle {
            assert(backlog.isEmpty && laneCount == 0 && waiters.isEmpty && inFlight == 0, "an idle turn left work behind")
        }
        assert(waiters.allSatisfy { !isHeld(by: $0.frame.thread) }, "a thread waits for a domain it holds")
        assert(Set(waiters.map(\.frame.thread)).count == waiters.count, "a thread waits twice")
    }
}

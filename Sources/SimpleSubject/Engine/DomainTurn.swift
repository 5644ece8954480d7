/// One thread at one depth of its call stack: the unit that holds a domain's turn.
///
/// A thread usually holds a root at one depth; after two domains it holds are joined it holds the
/// joined root at two depths, and each frame finishes its own transaction.
struct TurnFrame: Hashable, Sendable {
    /// The thread, as the engine numbers it.
    var thread: Int
    /// How many turns of other domains this thread held below this one when it took it.
    var depth: Int
}

/// What a turn's holder came to do, which decides what it may deliver and when it hands off.
enum TurnKind: Hashable, Sendable {
    /// A `sendNext` from a background thread: it delivers queued work until a hand-off is due.
    case send
    /// A `sendNext` on the main actor: it hands the turn to any waiting sender at its first boundary.
    case mainActorSend
    /// A `subscribeNext` (or a join) that took an idle turn for a first call or an activation: it
    /// hands the turn to any waiting sender and delivers only work nobody waits to deliver.
    case subscribe
}

/// The turn of one delivery domain: who delivers, what is queued, and who waits to queue.
///
/// This is the machine of one delivery domain per graph (ARCHITECTURE.md, "The engine"): the
/// engine moves onto it in steps, and until it does, it is exercised by its own tests only —
/// one per transition (DomainTurnTests) and every interleaving of three threads
/// (DomainTurnExplorationTests).
///
/// The engine keeps one value per domain root under that root's lock, calls one event per atomic
/// step, releases the lock, and performs the action the event returns. At most one frame delivers
/// a domain (`held`); a join of two busy domains lets the frames already in flight finish their own
/// transactions (`parked`) and the last one out takes the turn. Work that cannot be delivered now
/// waits as transactions of its own, in order: the backlog (at most `limit` values from senders,
/// plus what is queued over the limit), and a priority lane for the main actor's values and
/// operator activations, delivered at the next transaction boundary.
///
/// A sender from another thread queues when the backlog has room and nothing asks for a hand-off;
/// otherwise it waits, first come first served, until its work is admitted, the turn is handed to
/// it, or its wait times out (the engine's 100 ms cap), when it queues over the limit and returns.
struct DomainTurn<Work> {
    /// The frame that delivers, and how many queued transactions it has delivered so far.
    struct Holder: Hashable, Sendable {
        var frame: TurnFrame
        var kind: TurnKind
        var delivered: Int

        /// Whether a waiting sender should take the turn at this holder's next boundary.
        func wantsHandOff(after handOffAfter: Int) -> Bool {
            kind != .send || delivered >= handOffAfter
        }
    }

    /// A sender from another thread waiting for admission or for the turn, with the work it sends.
    struct Waiter {
        var frame: TurnFrame
        var work: Work
    }

    /// Who may deliver now.
    enum State {
        /// Nobody delivers; nothing is queued and nobody waits.
        case idle
        /// One frame delivers; everyone else queues or waits.
        case held(Holder)
        /// Two domains were joined while these frames were in flight; each finishes its own
        /// transaction, and the last one out takes the turn and delivers `activations` first.
        case parked(frames: [Holder], activations: [Work])
    }

    /// What a sender does after `send(_:from:onMainActor:)`.
    enum SendAction: Hashable {
        /// The sender took the idle turn: deliver the work, then call `transactionEnded(by:)`.
        case deliver
        /// The sender's thread holds this root: the work joins its open transaction (R2).
        case joinOpenTransaction
        /// The work is queued; the holder delivers it. Return.
        case queued
        /// Block until woken (admitted: return; handed the turn: call `turnReceived(by:)`), or until
        /// the cap, then call `waitTimedOut(thread:)`.
        case wait
        /// An activation: this frame's turn has delivered enough of others'; try again once it is
        /// over.
        case retryWhenTheTurnChanges(TurnFrame)
    }

    /// What a subscriber does after `subscribe(firstCall:from:)`; subscribing never waits.
    enum SubscribeAction: Hashable {
        /// The subscriber took the idle turn: make the first call, then call `transactionEnded(by:)`.
        case callFirst
        /// The thread holds this root: the first call joins its open transaction.
        case joinOpenTransaction
        /// The first call is queued behind the work already queued; the holder makes it. Return.
        case queued
    }

    /// What a holder does at a transaction boundary.
    enum BoundaryAction {
        /// Deliver this queued transaction, then call `transactionEnded(by:)` again. `admitted` is
        /// a waiter whose work was just queued: wake it to return.
        case deliver(Work, admitted: Int?)
        /// The turn now belongs to this waiting thread: wake it, and return.
        case handOff(to: Int)
        /// The frame's own transaction is done and another frame in flight finishes the rest. Return.
        case leave
        /// Nothing is left: the turn is free. Return.
        case idle
    }

    /// What a waiter whose wait reached its cap does.
    enum TimeoutAction: Hashable {
        /// Its work is queued over the limit; the holder delivers it. Return.
        case queuedOverLimit
        /// It was admitted or handed the turn before the cap: follow that wake instead.
        case alreadyWoken
    }

    /// What the joining thread does after `join(_:joiner:activation:sendOrder:)`.
    enum JoinAction: Hashable {
        /// Both domains were idle: the joiner holds the turn; activate, then `transactionEnded(by:)`.
        case activate
        /// Only this frame of the joiner's own thread is in flight: activate at its flush.
        case register(with: TurnFrame)
        /// Frames are in flight: the last one out activates before anything else. Return.
        case parked
    }

    /// At most this many values from senders wait in the backlog, besides those queued over it.
    let limit: Int
    /// A holder hands its turn to a waiting sender after delivering this many queued transactions.
    let handOffAfter: Int
    private(set) var state: State = .idle
    /// Queued transactions, in the order they were queued.
    private(set) var backlog: [Work] = []
    /// Activations and the main actor's values, delivered before the backlog.
    private(set) var priorityLane: [Work] = []
    /// Senders waiting for admission or the turn, first come first served.
    private(set) var waiters: [Waiter] = []
    /// How many more values may queue over `limit` without waiting: a wait that timed out found
    /// the holder held up, perhaps by a subscriber waiting for that very sender, and grants
    /// `limit` more, so that such a sender pays one capped wait per `limit` values, not one per
    /// value.
    private(set) var allowance = 0

    init(limit: Int, handOffAfter: Int) {
        precondition(limit > 0 && handOffAfter > 0, "a domain needs room for one value")
        self.limit = limit
        self.handOffAfter = handOffAfter
    }

    /// Whether this thread holds the turn, alone or as one of the frames in flight.
    func isHeld(by thread: Int) -> Bool {
        frames.contains { $0.frame.thread == thread }
    }

    /// Whether the turn that told an activation to retry (`retryWhenTheTurnChanges`) is over:
    /// the frame no longer holds it, or holds a new one.
    func hasTurnChanged(from frame: TurnFrame) -> Bool {
        guard case .held(let holder) = state else { return true }
        return holder.frame != frame || holder.delivered < handOffAfter
    }

    /// Whether `thread` waits for admission or for the turn.
    func isWaiting(_ thread: UInt) -> Bool {
        waiters.contains { $0.frame.thread == Int(bitPattern: thread) }
    }

    /// Whether a waiting sender should take the turn at the next boundary.
    var wantsHandOff: Bool {
        frames.contains { $0.wantsHandOff(after: handOffAfter) }
    }

    /// Whether nobody delivers.
    var isIdle: Bool {
        guard case .idle = state else { return false }
        return true
    }

    private var frames: [Holder] {
        switch state {
        case .idle:
            return []
        case .held(let holder):
            return [holder]
        case .parked(let frames, _):
            return frames
        }
    }

    private var pendingActivations: [Work] {
        guard case .parked(_, let activations) = state else {
            return []
        }
        return activations
    }
}

extension DomainTurn.Waiter: Equatable where Work: Equatable {}
extension DomainTurn.Waiter: Hashable where Work: Hashable {}
extension DomainTurn.State: Equatable where Work: Equatable {}
extension DomainTurn.State: Hashable where Work: Hashable {}
extension DomainTurn.BoundaryAction: Equatable where Work: Equatable {}
extension DomainTurn.BoundaryAction: Hashable where Work: Hashable {}
extension DomainTurn: Equatable where Work: Equatable {}
extension DomainTurn: Hashable where Work: Hashable {}
extension DomainTurn.Waiter: Sendable where Work: Sendable {}
extension DomainTurn.State: Sendable where Work: Sendable {}
extension DomainTurn: Sendable where Work: Sendable {}

extension DomainTurn {
    /// A `sendNext` reaches the domain: take the idle turn, join the thread's own transaction, queue,
    /// or wait. The main actor never waits (it queues in the priority lane), and a thread never waits
    /// for a domain it holds (R5).
    mutating func send(_ work: Work, from frame: TurnFrame, onMainActor: Bool) -> SendAction {
        defer { assertInvariants() }
        switch state {
        case .idle:
            state = .held(Holder(frame: frame, kind: onMainActor ? .mainActorSend : .send, delivered: 0))
            return .deliver
        case .held(let holder) where holder.frame.thread == frame.thread:
            return .joinOpenTransaction
        case .parked where isHeld(by: frame.thread):
            // Its frame may deliver only its own half until the activation: the work waits for it.
            backlog.append(work)
            return .queued
        case .held, .parked:
            break
        }
        if onMainActor {
            priorityLane.append(work)
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
        waiters.append(Waiter(frame: frame, work: work))
        return .wait
    }

    /// The engine's fast path gave the idle turn to `frame` without this machine (a compare-and-swap
    /// on the root's word); the first thread to find it taken tells the machine, as a sender's turn.
    mutating func heldByFastPath(_ frame: TurnFrame, kind: TurnKind) {
        precondition(isIdle, "the fast path took a turn that was not idle")
        state = .held(Holder(frame: frame, kind: kind, delivered: 0))
    }

    /// An operator or a subscriber made by a thread that does not hold the turn: it takes the
    /// idle turn, or its activation waits in the priority lane, delivered at the holder's next
    /// boundary before anything queued. Once the holder has delivered `handOffAfter` transactions
    /// in its turn, a thread off the main actor tries again when that turn is over: threads
    /// subscribing in a loop cannot keep a holder from returning.
    /// `mayRetry` false: the activator tried again already and the turn did not change within
    /// its cap — the holder is held up — so it queues anyway.
    mutating func activate(_ activation: Work, from frame: TurnFrame, onMainActor: Bool, mayRetry: Bool = true) -> SendAction {
        defer { assertInvariants() }
        switch state {
        case .idle:
            state = .held(Holder(frame: frame, kind: .subscribe, delivered: 0))
            return .deliver
        case .held(let holder) where holder.frame.thread == frame.thread:
            return .joinOpenTransaction
        case .held(let holder) where holder.delivered >= handOffAfter && !onMainActor && mayRetry:
            return .retryWhenTheTurnChanges(holder.frame)
        case .held, .parked:
            priorityLane.append(activation)
            return .queued
        }
    }

    /// A send from inside a delivery reaches a subject this thread is delivering: it is a new
    /// transaction after the open one (guarantee 3), queued without an admission wait (R5).
    mutating func queueBehindOpenTransaction(_ work: Work, from frame: TurnFrame) {
        precondition(isHeld(by: frame.thread), "only the holder's thread queues behind its transaction")
        backlog.append(work)
    }

    /// A `subscribeNext` needs its first call: make it on an idle turn, join the thread's open
    /// transaction, or queue it behind what is queued. A subscribe never waits.
    mutating func subscribe(firstCall: Work, from frame: TurnFrame) -> SubscribeAction {
        defer { assertInvariants() }
        switch state {
        case .idle:
            state = .held(Holder(frame: frame, kind: .subscribe, delivered: 0))
            return .callFirst
        case .held(let holder) where holder.frame.thread == frame.thread:
            return .joinOpenTransaction
        case .held, .parked:
            backlog.append(firstCall)
            return .queued
        }
    }

    /// A frame finished a transaction at its outermost level (R4): deliver the next queued
    /// transaction, hand the turn to a waiting sender, leave it to the frames still in flight, or go
    /// idle. The priority lane comes first; a hand-off comes when the holder wants one and someone
    /// waits, or when only waiters are left.
    mutating func transactionEnded(by frame: TurnFrame) -> BoundaryAction {
        defer { assertInvariants() }
        switch state {
        case .idle:
            preconditionFailure("a transaction ended in an idle domain")
        case .held(let holder):
            precondition(holder.frame == frame, "a transaction ended by a frame that does not hold the turn")
            return nextTransaction(for: holder)
        case .parked(var frames, let activations):
            guard let index = frames.firstIndex(where: { $0.frame == frame }) else {
                preconditionFailure("a transaction ended by a frame that is not in flight")
            }
            let holder = frames.remove(at: index)
            guard frames.isEmpty else {
                state = .parked(frames: frames, activations: activations)
                return .leave
            }
            priorityLane.insert(contentsOf: activations, at: 0)
            return nextTransaction(for: holder)
        }
    }

    /// A waiter was handed the turn: it starts as if it had just ended a transaction.
    mutating func turnReceived(by frame: TurnFrame) -> BoundaryAction {
        transactionEnded(by: frame)
    }

    /// A waiter's wait reached its cap: its work is queued over the limit and it returns.
    mutating func waitTimedOut(thread: Int) -> TimeoutAction {
        defer { assertInvariants() }
        guard let index = waiters.firstIndex(where: { $0.frame.thread == thread }) else {
            return .alreadyWoken
        }
        backlog.append(waiters.remove(at: index).work)
        allowance = limit
        return .queuedOverLimit
    }

    /// A combining operator joins `other` into this root, possibly while both are delivered. The
    /// backlogs, lanes and waiters are spliced in send order; the activation runs at once on idle
    /// domains, at the flush of the joiner's own frame when that is the only one in flight, and
    /// otherwise first after the last frame in flight is out. Nothing blocks.
    mutating func join(
        _ other: DomainTurn,
        joiner: TurnFrame,
        activation: Work,
        sendOrder: (Work, Work) -> Bool
    ) -> JoinAction {
        defer { assertInvariants() }
        let inFlight = frames + other.frames
        let activations = pendingActivations + other.pendingActivations
        // A stable sort: each queue is already in send order, and a tie keeps this root's first.
        backlog = (backlog + other.backlog).sorted(by: sendOrder)
        priorityLane = (priorityLane + other.priorityLane).sorted(by: sendOrder)
        waiters = (waiters + other.waiters).sorted { sendOrder($0.work, $1.work) }
        if inFlight.isEmpty {
            state = .held(Holder(frame: joiner, kind: .subscribe, delivered: 0))
            return .activate
        }
        if inFlight.count == 1 && inFlight[0].frame.thread == joiner.thread && activations.isEmpty {
            state = .held(inFlight[0])
            return .register(with: inFlight[0].frame)
        }
        state = .parked(frames: inFlight, activations: activations + [activation])
        return .parked
    }

    private mutating func nextTransaction(for holder: Holder) -> BoundaryAction {
        var holder = holder
        if !priorityLane.isEmpty {
            holder.delivered += 1
            state = .held(holder)
            return .deliver(priorityLane.removeFirst(), admitted: nil)
        }
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
        if case .idle = state {
            assert(backlog.isEmpty && priorityLane.isEmpty && waiters.isEmpty, "an idle turn left work behind")
        }
        if case .parked(let frames, let activations) = state {
            assert(!frames.isEmpty && !activations.isEmpty, "a parked turn needs a frame and an activation")
        }
        assert(waiters.allSatisfy { !isHeld(by: $0.frame.thread) }, "a thread waits for a domain it holds")
        assert(Set(waiters.map(\.frame.thread)).count == waiters.count, "a thread waits twice")
    }
}

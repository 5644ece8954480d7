/// The thread that holds a domain's turn, or waits for it, as the engine numbers threads.
struct TurnFrame: Hashable, Sendable {
    var thread: Int
}

/// What a turn's holder came to do, which decides what it may deliver and when it hands off.
enum TurnKind: Hashable, Sendable {
    /// A `sendNext` from a background thread: it delivers queued work until a hand-off is due.
    case send
    /// A `sendNext` on the main actor: it hands the turn to any waiting sender at its first boundary.
    case mainActorSend
    /// A subscribe, an operator made, or a send from inside another domain's delivery, that took
    /// an idle turn: it hands the turn to any waiting sender at its first boundary, and delivers
    /// only work nobody waits to deliver.
    case subscribe
}

/// The turn of one delivery domain: who delivers, what is queued, and who waits to queue.
///
/// The engine keeps one value per domain root under the root's monitor (Domain+Turn.swift), calls
/// one event per atomic step, releases the lock, and does what the event returns. The fast path —
/// a send into an idle domain and back — does not come here: the root's `owner` word holds that
/// turn, and the first thread to find it taken tells the machine (`heldByFastPath`). Work that
/// cannot be delivered now waits as transactions of its own, in order: the backlog (at most
/// `limit` values from senders, counting those the holder has taken and not yet delivered, plus
/// what is queued over the limit), the main actor's values, and activations (subscribers and
/// operators made while another thread delivers), which go first, at the next boundary. A holder
/// takes a whole queue at a boundary, so that it takes the lock once a batch, not once a value,
/// and a thread queueing in a loop — the main actor above all — cannot keep the lock from it.
/// Its transitions are tested one by one
/// (DomainTurnTests) and over every interleaving of three threads (DomainTurnExplorationTests).
///
/// A sender from another thread queues when the backlog has room and nothing asks for a hand-off;
/// otherwise it waits, first come first served, until its work is admitted, the turn is handed to
/// it, or its wait times out (the engine's 100 ms cap), when it queues over the limit and returns.
struct DomainTurn<Work> {
    /// The thread that delivers, and how many queued transactions it has taken to deliver so far
    /// (a batch counts whole when taken; what an activation stops of it is given back).
    struct Holder: Hashable, Sendable {
        var frame: TurnFrame
        var kind: TurnKind
        var delivered: Int

        /// Whether a waiting sender should take the turn at this holder's next boundary.
        func wantsHandOff(after handOffAfter: Int) -> Bool {
            kind != .send || delivered >= handOffAfter
        }
    }

    /// A sender from another thread waiting for admission or for the turn, with the work it sends
    /// and the holders' `progress` when it last looked.
    struct Waiter {
        var frame: TurnFrame
        var work: Work
        var progressSeen = 0
    }

    /// Where the batch a holder delivers came from, so that what an activation interrupts goes
    /// back there.
    enum Source: Hashable, Sendable {
        case activations, mainActor, backlog
    }

    /// Who may deliver now.
    enum State: Hashable {
        /// Nobody delivers; nothing is queued and nobody waits.
        case idle
        /// One thread delivers; everyone else queues or waits.
        case held(Holder)
    }

    /// What a sender does after `send(_:from:onMainActor:)`, or an activation after `activate`.
    enum SendAction: Hashable {
        /// The thread took the idle turn: deliver the work, then call `transactionEnded(by:)`.
        case deliver
        /// The thread holds this root: the work joins its open transaction (R2).
        case joinOpenTransaction
        /// The work is queued; the holder delivers it. Return.
        case queued
        /// Block until woken (admitted: return; handed the turn: call `turnReceived(by:)`), or until
        /// the cap, then call `waitTimedOut(thread:)`.
        case wait
        /// An activation: this thread's turn has delivered enough of others'; try again once it is
        /// over (`hasTurnChanged(from:)`).
        case retryWhenTheTurnChanges(TurnFrame)
    }

    /// What a holder does at a transaction boundary.
    enum BoundaryAction {
        /// Deliver these queued transactions, each a transaction of its own, in order, then call
        /// `transactionEnded(by:undelivered:)` again; stop early, before the next, when an
        /// activation waits (`hasActivationWaiting`), and pass back the rest. `admitted`: waiters
        /// whose work was just queued: wake them to return.
        case deliver([Work], admitted: [Int])
        /// The turn now belongs to this waiting thread: wake it, and return.
        case handOff(to: Int)
        /// Nothing is left: the turn is free. Return.
        case idle
    }

    /// What a waiter whose wait reached its cap does.
    enum TimeoutAction: Hashable {
        /// Its work is queued over the limit; the holder delivers it. Return.
        case queuedOverLimit
        /// The holders delivered something since it last looked: the turn is slow in coming, not
        /// held up. Wait again.
        case waitsAgain
        /// It was admitted or handed the turn before the cap: follow that wake instead.
        case alreadyWoken
    }

    /// At most this many values from senders wait in the backlog, besides those queued over it.
    let limit: Int
    /// A holder hands its turn to a waiting sender after taking this many queued transactions.
    let handOffAfter: Int
    /// After this many queued transactions, activations from other threads stop queueing and try
    /// again when the turn is over: threads subscribing and cancelling in a loop give a holder at
    /// most this many first calls to make in one turn.
    let activationsPerTurn: Int
    // Changed only by the events (DomainTurn+Events.swift).
    var state: State = .idle
    /// Queued transactions from senders, in the order they were queued.
    var backlog: [Work] = []
    /// How many of the backlog's transactions the holder has taken and not yet delivered.
    var inFlight = 0
    /// The main actor's values, delivered before the backlog — taking turns with it while
    /// senders' work waits.
    var mainActorValues: [Work] = []
    /// Subscribers' first calls and operators' activations, delivered before anything else: a
    /// first call comes before what was queued when it was made.
    var activations: [Work] = []
    /// Where the batch last taken came from.
    var lastBatch = Source.backlog
    /// Senders waiting for admission or the turn, first come first served.
    var waiters: [Waiter] = []
    /// How many more values may queue over `limit` without waiting: a wait that timed out found
    /// the holder held up, perhaps by a subscriber waiting for that very sender, and grants
    /// `limit` more, so that such a sender pays one capped wait per `limit` values, not one per
    /// value. Granted at most once per wait time (`lastGrant`, monotonic nanoseconds), however
    /// many senders time out.
    var allowance = 0
    var lastGrant: Int?
    /// How many transactions holders have ended: a waiter that saw it move waits on.
    var progress = 0

    init(limit: Int, handOffAfter: Int, activationsPerTurn: Int? = nil) {
        precondition(limit > 0 && handOffAfter > 0, "a domain needs room for one value")
        self.limit = limit
        self.handOffAfter = handOffAfter
        self.activationsPerTurn = activationsPerTurn ?? handOffAfter
    }

    /// Whether this thread holds the turn.
    func isHeld(by thread: Int) -> Bool {
        holder?.frame.thread == thread
    }

    /// Whether the turn that told an activation to retry is over: the thread no longer holds it,
    /// or holds a new one.
    func hasTurnChanged(from frame: TurnFrame) -> Bool {
        guard let holder else { return true }
        return holder.frame != frame || holder.delivered + laneCount < activationsPerTurn
    }

    /// How many transactions wait to go before the backlog.
    var laneCount: Int {
        activations.count + mainActorValues.count
    }

    /// Whether an activation waits: the holder stops its batch at the next transaction.
    var hasActivationWaiting: Bool {
        !activations.isEmpty
    }

    /// Whether `thread` waits for admission or for the turn.
    func isWaiting(_ thread: UInt) -> Bool {
        waiters.contains { $0.frame.thread == Int(bitPattern: thread) }
    }

    /// Whether a waiting sender should take the turn at the next boundary.
    var wantsHandOff: Bool {
        holder?.wantsHandOff(after: handOffAfter) ?? false
    }

    /// Whether a sender's value may queue without waiting: the backlog has room, and a sending
    /// holder will deliver it before its hand-off falls due — so that a holder never delivers more
    /// than `handOffAfter` of others' values queued without waiting, and nothing it leaves behind
    /// needs a waiting sender to take it.
    var admitsWithoutWaiting: Bool {
        guard let holder, holder.kind == .send else { return false }
        return backlog.count + inFlight < limit && holder.delivered + backlog.count < handOffAfter
    }

    /// Whether nobody delivers.
    var isIdle: Bool {
        state == .idle
    }

    private var holder: Holder? {
        guard case .held(let holder) = state else { return nil }
        return holder
    }
}

extension DomainTurn.Waiter: Equatable where Work: Equatable {}
extension DomainTurn.Waiter: Hashable where Work: Hashable {}
extension DomainTurn.BoundaryAction: Equatable where Work: Equatable {}
extension DomainTurn.BoundaryAction: Hashable where Work: Hashable {}
extension DomainTurn: Equatable where Work: Equatable {}
extension DomainTurn: Hashable where Work: Hashable {}
extension DomainTurn.Waiter: Sendable where Work: Sendable {}
extension DomainTurn: Sendable where Work: Sendable {}

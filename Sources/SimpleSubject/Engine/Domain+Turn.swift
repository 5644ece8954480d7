import Synchronization

/// A send queued for a domain's turn: the holder delivers it as a transaction of its own, with
/// the isolation of its own delivery.
@usableFromInline struct DomainWork: @unchecked Sendable {
    // @unchecked: the value a send carries need not be `Sendable`; it moves from the thread that
    // queued it to the one that delivers it, handed over under the turn's lock, as in a subject's
    // queue.
    let run: (_ isolation: (any Actor)?) -> Void

    @usableFromInline init(run: @escaping (_ isolation: (any Actor)?) -> Void) {
        self.run = run
    }
}

/// Set in a root's `owner` while its turn's machine has something for the holder to do when it
/// leaves: work, waiters, a thread waiting to join. Thread identities are addresses, so their
/// lowest bits are free.
@usableFromInline let queuedBit: UInt = 1
/// Set in a root's `owner` by a thread that took the turn to subscribe: a sender that finds it
/// waits to be handed the turn rather than leave its value for the subscriber to deliver.
@usableFromInline let subscribingBit: UInt = 2
/// Set in a root's `owner` while an activation waits in its turn's machine: the holder stops the
/// batch it delivers at the next transaction, so that the first call comes before the rest.
@usableFromInline let activationBit: UInt = 4
/// The bits of `owner` that are not the holder's identity.
@usableFromInline let turnBits = queuedBit | subscribingBit | activationBit

/// How many queued transactions a holder delivers before other threads' subscribes wait for its
/// turn to end: each is a first call it makes for another thread, and a subscribe-and-cancel loop
/// makes them much faster than a holder can.
let activationsPerTurn = 64

/// How many transactions of a batch a holder delivers between reports to its turn's machine
/// (`DomainTurn.delivered`): waiters see it progress and are admitted as room frees.
let transactionsPerReport = 64

/// How many values from other threads may wait for a domain's holder before a sender waits;
/// also how many transactions of others' a holder delivers before it hands its turn to a waiter.
@usableFromInline let queueLimit = 1_024

/// The longest a thread waits at a domain before it queues anyway or gives up a join: a holder
/// held up that long is held up in a subscriber, perhaps one waiting for this very thread.
let domainWaitMilliseconds = 100

/// What a send from a thread that does not hold the turn came to (see `arrive`).
@usableFromInline enum DomainArrival {
    /// The turn was idle and is now the sender's: deliver, then `release`.
    case deliver(Domain)
    /// The holder delivers the value: return.
    case queued
    /// The turn was handed to the sender while it waited, its value queued first: `finishTurn`.
    case handedTheTurn(Domain)
    /// An activation: the holder's turn has delivered enough of others'; that turn is over now,
    /// or held up past the cap: try again.
    case retry
}

// A domain's turn (ARCHITECTURE.md, "One turn per domain"). The fast path is one word: a send
// into an idle domain takes it with a compare-and-swap from 0 to its thread, delivers, and gives
// it back with a compare-and-swap to 0. Everything else — a second thread arriving, waiting,
// handing over — goes through the root's `DomainTurn` machine under its monitor, and sets
// `queuedBit` in the word so that the holder's compare-and-swap fails and it comes to the machine
// when it leaves. The word's bit is set exactly while the machine is not idle.
extension Domain {
    /// Whether `thread` holds this root's turn: a send from it joins its open transaction (R2).
    @inlinable
    @inline(__always)
    func isHeld(by thread: ThreadID) -> Bool {
        owner.load(ordering: .acquiring) & ~turnBits == thread
    }

    /// Takes this root's turn if nobody holds it, as `word` (a thread, with `subscribingBit` for a
    /// subscribe); false if somebody does, or if it is a root no longer (a join linked it
    /// meanwhile: the caller looks for the root again).
    @inlinable
    @inline(__always)
    func takeIfIdle(as word: UInt) -> Bool {
        guard owner.compareExchange(expected: 0, desired: word, ordering: .acquiring).exchanged else { return false }
        guard isRoot else {
            owner.store(0, ordering: .releasing)  // linked before this took it: nobody queues here any more
            return false
        }
        return true
    }

    /// Gives the turn taken as `word` back, after delivering what was queued meanwhile.
    @inlinable
    @inline(__always)
    func release(_ word: UInt, in isolation: (any Actor)?) {
        if !owner.compareExchange(expected: word, desired: 0, ordering: .releasing).exchanged {
            finishTurn(by: word & ~turnBits, in: isolation)
        }
    }

    /// The machine, made the first time a thread finds the turn taken.
    var machine: Monitor<DomainTurn<DomainWork>> {
        turn.load() ?? turn.storeIfNil(Monitor(DomainTurn(limit: queueLimit, handOffAfter: queueLimit,
                                                          activationsPerTurn: activationsPerTurn)))
    }

    /// A send from `thread`, which holds no turn of this domain, starting at `self` (a node).
    /// Takes the idle turn, queues `work` for the holder, or waits — the main actor never waits.
    /// An `activation` (an operator or subscriber made) takes the idle turn or is queued ahead of
    /// everything else, and never waits for admission.
    @usableFromInline
    func arrive(_ work: DomainWork, from thread: ThreadID, onMainActor: Bool, nested: Bool, activation: Bool = false,
                mayRetry: Bool = true) -> DomainArrival {
        var root = self.root
        while true {
            // Queueing changes nothing a sleeping thread waits for (admission, a hand-off, a turn
            // that ends), so it wakes nobody: a thread sending in a loop would wake them all.
            let action = root.machine.withLockWakingNobody { turn -> DomainTurn<DomainWork>.SendAction? in
                guard root.isRoot, root.markQueued(turn: &turn, takingIdleBy: thread) else { return nil }
                guard !activation else {
                    let action = turn.activate(work, from: TurnFrame(thread), onMainActor: onMainActor, mayRetry: mayRetry && !nested)
                    if turn.hasActivationWaiting {
                        root.owner.bitwiseOr(activationBit, ordering: .releasing)
                    }
                    return action
                }
                return turn.send(work, from: TurnFrame(thread), onMainActor: onMainActor, nested: nested)
            }
            switch action {
            case nil:
                root = root.root
            case .deliver:
                return .deliver(root)
            case .queued, .joinOpenTransaction:
                return .queued
            case .wait:
                return root.waitForAdmission(of: thread) ? .handedTheTurn(root) : .queued
            case .retryWhenTheTurnChanges(let frame):
                _ = root.machine.wait(atMost: domainWaitMilliseconds) { turn in turn.hasTurnChanged(from: frame) }
                return .retry
            }
        }
    }

    /// Under the machine's lock: sets `queuedBit`, telling the machine which thread took the turn
    /// on the fast path; or, the turn being idle, takes it for `thread` with the bit set. False if
    /// the word changed meanwhile beyond that (the caller looks again).
    func markQueued(turn: inout DomainTurn<DomainWork>, takingIdleBy thread: ThreadID?) -> Bool {
        while true {
            let word = owner.load(ordering: .acquiring)
            if word == Domain.linkedMark {
                return false  // being linked under another root: look again
            }
            if word & queuedBit != 0 {
                return true
            }
            if word == 0 {
                guard let thread else { return false }
                if owner.compareExchange(expected: 0, desired: thread | queuedBit, ordering: .acquiring).exchanged {
                    return true  // the machine's `send` now finds it idle and gives it to `thread`
                }
                continue
            }
            if owner.compareExchange(expected: word, desired: word | queuedBit, ordering: .acquiring).exchanged {
                turn.heldByFastPath(TurnFrame(word), kind: word & subscribingBit != 0 ? .subscribe : .send)
                return true
            }
        }
    }

    /// Waits until the machine admits `thread`'s work or hands it the turn — on for as long as the
    /// holders keep ending transactions, and after `domainWaitMilliseconds` in which they ended
    /// none, queues the work over the limit. Returns whether it was handed the turn.
    func waitForAdmission(of thread: ThreadID) -> Bool {
        while true {
            var handed = false
            let woken = machine.wait(atMost: domainWaitMilliseconds) { turn in
                guard !turn.isWaiting(thread) else { return false }
                handed = turn.isHeld(by: Int(bitPattern: thread))
                return true
            }
            guard !woken else { return handed }
            let now = monotonicNanoseconds()
            let timeOut = machine.withLockWakingNobody { turn in
                turn.waitTimedOut(thread: Int(bitPattern: thread), now: now, waitTime: domainWaitMilliseconds * 1_000_000)
            }
            switch timeOut {
            case .queuedOverLimit:
                return false
            case .waitsAgain:
                continue
            case .alreadyWoken:
                return machine.withLockWakingNobody { $0.isHeld(by: Int(bitPattern: thread)) }
            }
        }
    }

    /// The holder's way out through the machine: delivers the batches it hands out, each queued
    /// transaction one of its own, until it hands the turn to a waiter or the domain goes idle.
    /// `received`: the turn was just handed to this thread.
    @usableFromInline
    @inline(never)
    func finishTurn(by thread: ThreadID, in isolation: (any Actor)?, received: Bool = false) {
        let frame = TurnFrame(thread)
        var received = received
        var undelivered: [DomainWork] = []
        while true {
            let action = machine.withLockWakingNobody { turn in
                let action = received ? turn.turnReceived(by: frame) : turn.transactionEnded(by: frame, undelivered: undelivered)
                switch action {
                case .idle:
                    owner.store(0, ordering: .releasing)
                case .handOff(let next):
                    owner.store(UInt(bitPattern: next) | queuedBit, ordering: .releasing)
                case .deliver:
                    owner.bitwiseAnd(~activationBit, ordering: .releasing)  // it takes activations first
                }
                return action
            }
            received = false
            guard case .deliver(let batch, let admitted) = action else {
                machine.wakeAll()  // the turn was handed over or is free
                return
            }
            if !admitted.isEmpty {
                machine.wakeAll()
            }
            undelivered = deliver(batch, by: frame, in: isolation)
        }
    }

    /// Delivers a batch, each a transaction of its own — also when this thread is inside another
    /// domain's delivery — reporting every `transactionsPerReport`; returns what is left of it
    /// when an activation comes to wait.
    private func deliver(_ batch: [DomainWork], by frame: TurnFrame, in isolation: (any Actor)?) -> [DomainWork] {
        for index in batch.indices {
            if index > 0 && owner.load(ordering: .acquiring) & activationBit != 0 {
                return Array(batch[index...])
            }
            if index > 0 && index % transactionsPerReport == 0 {
                let admitted = machine.withLockWakingNobody { $0.delivered(transactionsPerReport, by: frame) }
                if !admitted.isEmpty {
                    machine.wakeAll()
                }
            }
            outsideTransaction {
                batch[index].run(isolation)
            }
        }
        return []
    }
}

extension TurnFrame {
    /// The frame of a thread as the engine numbers it (`currentThread()`), without the owner word's bits.
    init(_ thread: ThreadID) {
        self.init(thread: Int(bitPattern: thread & ~turnBits))
    }
}

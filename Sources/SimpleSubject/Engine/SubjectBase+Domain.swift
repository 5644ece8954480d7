import SimpleSubjectRuntime
import Synchronization

// Sending, subscribing and making an operator under the domain's turn (Domain+Turn.swift). A
// subscriber's first call and an operator's first value are made by the one thread that delivers
// the domain, between two of its transactions, so an operator starts from one send's values and a
// subscribing thread never delivers another thread's values.
extension SubjectBase {
    /// `sendNext` from a caller running in `isolation`, with a tag that subscribers can read as
    /// `deliveryTag`; returns whether the subject still has a subscriber once it has delivered
    /// (operators use it to notice that nobody is listening — also when the last subscriber went
    /// away during this delivery, so that a dead chain detaches hop by hop in one send).
    ///
    /// `@inlinable` so that callers get it specialized for their `Value`: generic code run
    /// unspecialized costs several times the work itself. Always inlined: an operator's closure
    /// then sends to its target without a call, which is one frame a hop instead of two and
    /// fewer instructions a value down a chain, for a little more code where it is used.
    ///
    /// The send takes its domain's turn first (Domain+Turn.swift): from inside a delivery of the
    /// domain it joins the open transaction; into an idle domain it takes the turn with one
    /// compare-and-swap, delivers and gives it back; into a domain another thread delivers it
    /// queues for that thread, or waits (`sendIntoBusyDomain`).
    @inlinable
    @inline(__always)
    @discardableResult
    final func send(_ value: Value, tag: AnyObject?, from isolation: (any Actor)?) -> Bool {
        let root = domain.rootReference
        let thread = currentThread()
        if root._withUnsafeGuaranteedRef({ $0.isHeld(by: thread) }) {
            return sendHoldingTurn(value, tag: tag, from: isolation)
        }
        let turnsHeld = TurnsHeld()
        let word = turnsHeld.isNested ? thread | subscribingBit : thread
        guard root._withUnsafeGuaranteedRef({ $0.takeIfIdle(as: word) }) else {
            return sendIntoBusyDomain(value, tag: tag, from: isolation, by: thread)
        }
        let isNested = turnsHeld.isNested
        turnsHeld.take()
        let isListenedTo = sendHoldingTakenTurn(value, tag: tag, from: isolation, nested: isNested)
        root._withUnsafeGuaranteedRef { $0.release(word, in: isolation) }
        turnsHeld.giveBack()
        return isListenedTo
    }

    /// `send` into a domain that another thread delivers: queued for it (the main actor's at the
    /// front), or, when `queueLimit` values wait already, after a wait for room or for the turn
    /// (at most `domainWaitMilliseconds`). Kept out of line, so that `send` stays small.
    @inlinable
    @inline(never)
    final func sendIntoBusyDomain(_ value: Value, tag: AnyObject?, from isolation: (any Actor)?, by thread: ThreadID) -> Bool {
        let work = DomainWork { [self] isolation in
            _ = sendHoldingTurn(value, tag: tag, from: isolation)
        }
        let turnsHeld = TurnsHeld()
        switch domain.arrive(work, from: thread, onMainActor: isolation === MainActor.shared, nested: turnsHeld.isNested) {
        case .deliver(let root):
            let isNested = turnsHeld.isNested
            turnsHeld.take()
            let isListenedTo = sendHoldingTakenTurn(value, tag: tag, from: isolation, nested: isNested)
            root.release(thread, in: isolation)
            turnsHeld.giveBack()
            return isListenedTo
        case .queued:
            return liveCount.load(ordering: .relaxed) > 0
        case .handedTheTurn(let root):
            turnsHeld.take()
            root.finishTurn(by: thread, in: isolation, received: true)
            turnsHeld.giveBack()
            return liveCount.load(ordering: .relaxed) > 0
        case .retry:
            preconditionFailure("only an activation is told to try again")
        }
    }

    /// `sendHoldingTurn` for a send that has just taken its domain's turn. Taken inside another
    /// domain's delivery (`nested`), the send is a transaction of this domain's (R2).
    @inlinable
    @inline(__always)
    final func sendHoldingTakenTurn(_ value: Value, tag: AnyObject?, from isolation: (any Actor)?, nested: Bool) -> Bool {
        guard nested else { return sendHoldingTurn(value, tag: tag, from: isolation) }
        return sendInATransactionOfItsOwn(value, tag: tag, from: isolation)
    }

    /// `sendHoldingTurn` as a transaction of this domain's, flushed before the turn is given back:
    /// as part of the outer transaction, its operators would wait for a flush that comes after
    /// another thread may have taken this domain and sent through them.
    @inlinable
    @inline(never)
    final func sendInATransactionOfItsOwn(_ value: Value, tag: AnyObject?, from isolation: (any Actor)?) -> Bool {
        var isListenedTo = false
        outsideTransaction {
            isListenedTo = sendHoldingTurn(value, tag: tag, from: isolation)
        }
        return isListenedTo
    }

    /// Adds `slot` and makes its first call, under the domain's turn: at once when this thread
    /// holds it or it is idle; otherwise the holder makes it at its next boundary, before what is
    /// queued. An operator that starts its target from its first call (`queuedFirstCall`) waits
    /// for that — at most `domainWaitMilliseconds`, and not at all on the main actor; past that,
    /// it goes on with the value remembered now, and the holder's first call only primes it. A
    /// subscriber never waits.
    @inlinable
    final func attach(_ slot: Slot, queuedFirstCall: PartBlock?, runningIn current: (any Actor)?,
                      joiningTheSend: Bool = false) -> Value? {
        let root = domain.rootReference
        let thread = currentThread()
        if root._withUnsafeGuaranteedRef({ $0.isHeld(by: thread) }) {
            return attachHoldingTurn(slot, queuedFirstCall: queuedFirstCall, runningIn: current,
                                     joiningTheSend: joiningTheSend)
        }
        guard root._withUnsafeGuaranteedRef({ $0.takeIfIdle(as: thread | subscribingBit) }) else {
            return attachIntoBusyDomain(slot, queuedFirstCall, current, thread)
        }
        let turnsHeld = TurnsHeld()
        let isNested = turnsHeld.isNested
        turnsHeld.take()
        var made: Value?
        if isNested && !joiningTheSend {
            // What its first call sends is a transaction of this domain's, as a send is
            // (`sendInATransactionOfItsOwn`).
            outsideTransaction {
                made = attachHoldingTurn(slot, queuedFirstCall: queuedFirstCall, runningIn: current)
            }
        } else {
            made = attachHoldingTurn(slot, queuedFirstCall: queuedFirstCall, runningIn: current,
                                     joiningTheSend: joiningTheSend)
        }
        root._withUnsafeGuaranteedRef { $0.release(thread | subscribingBit, in: current) }
        turnsHeld.giveBack()
        return made
    }

    /// `attach` into a domain that another thread delivers: an activation, queued ahead of its values.
    @usableFromInline
    final func attachIntoBusyDomain(_ slot: Slot, _ queuedFirstCall: PartBlock?, _ current: (any Actor)?,
                                    _ thread: ThreadID) -> Value? {
        let activation = Activation()
        liveCount.add(1, ordering: .relaxed)  // live from now on: a cancel before the activation counts
        let work = DomainWork { [self] isolation in
            let primingOnly = !activation.start()
            _ = attachHoldingTurn(slot, queuedFirstCall: queuedFirstCall, runningIn: isolation, primingOnly: primingOnly,
                                  counted: true)
            activation.finish()
            if queuedFirstCall != nil {
                domain.root.machine.wakeAll()  // its maker may wait for it
            }
        }
        let onMainActor = (current as AnyObject?) === MainActor.shared
        let turnsHeld = TurnsHeld()
        var mayRetry = true
        arriving: while true {
            switch domain.arrive(work, from: thread, onMainActor: onMainActor, nested: turnsHeld.isNested,
                                 activation: true, mayRetry: mayRetry) {
            case .deliver(let root):
                turnsHeld.take()
                let made = attachHoldingTurn(slot, queuedFirstCall: queuedFirstCall, runningIn: current, counted: true)
                root.release(thread, in: current)
                turnsHeld.giveBack()
                return made
            case .handedTheTurn(let root):
                turnsHeld.take()
                root.finishTurn(by: thread, in: current, received: true)  // the activation is in what it delivers
                turnsHeld.giveBack()
                return nil
            case .retry:
                mayRetry = false
            case .queued:
                break arriving
            }
        }
        // Only an operator that starts its target from what its first call gives waits for it —
        // also inside another domain's delivery (R5: a capped wait; without it, an operator made
        // there would always start from the value remembered now and miss what the holder
        // delivers before its activation).
        let machine = domain.root.machine
        let mayWait = queuedFirstCall != nil && !onMainActor
        if mayWait && machine.wait(atMost: domainWaitMilliseconds, until: { _ in activation.isFinished }) {
            return nil
        }
        guard activation.giveUp() else {
            _ = machine.wait(atMost: 3_600_000, until: { _ in activation.isFinished })  // it is running
            return nil
        }
        return queuedFirstCall == nil ? nil : state.locked { $0.memory.latest }
    }
}

/// An operator's or a subscriber's activation, queued for the thread that holds its domain's
/// turn: the thread that made it waits for it, or gives it up and starts the operator itself.
@usableFromInline final class Activation: Sendable {
    /// 0: queued; 1: running; 2: given up before it ran; 3: finished.
    private let stage = Atomic<Int>(0)

    @usableFromInline init() {}

    /// The holder starts it: false if the maker gave it up first.
    func start() -> Bool {
        stage.compareExchange(expected: 0, desired: 1, ordering: .acquiringAndReleasing).exchanged
    }

    func finish() {
        stage.store(3, ordering: .releasing)
    }

    /// The maker stops waiting: false if the holder has started it.
    func giveUp() -> Bool {
        stage.compareExchange(expected: 0, desired: 2, ordering: .acquiringAndReleasing).exchanged
    }

    var isFinished: Bool {
        stage.load(ordering: .acquiring) == 3
    }
}

/// How many delivery domains' turns this thread holds, in its thread state (SimpleSubjectRuntime):
/// a send or a subscribe made while it holds one is nested in that delivery, so it never waits
/// for another domain, and a turn it takes it hands on at its first boundary rather than deliver
/// other threads' values inside the transaction it is part of.
@usableFromInline struct TurnsHeld {
    @usableFromInline let state = simple_subject_thread_state()

    @inlinable init() {}

    @inlinable var isNested: Bool {
        state.pointee.turnsHeld > 0
    }

    @inlinable func take() {
        state.pointee.turnsHeld += 1
    }

    @inlinable func giveBack() {
        state.pointee.turnsHeld -= 1
    }
}

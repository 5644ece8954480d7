import Synchronization

// The seed's `SMCreditSubject`, line by line, and what replaced each line:
//   @property credit                       → `State.memory`: what a kind remembers (`.latest` for a Subject)
//   @property blockArray                   → `State.subscribers`: one `Slot` (closure + subscription) each
//   sendNext: assigns, then loops          → `send`: `remember` under the lock, then `deliver` loops
//   subscribeNext: calls once, appends     → `attach`: `insert` under the lock, then `callFirst`
// The rest is what makes it thread-safe: the ordering of sends that overlap
// (SubjectBase+Ordering.swift), cancelling (SubjectBase+Cancelling.swift) and subscribers made
// on an actor (Hop.swift).

/// What every subject kind shares: its subscribers, `sendNext`, `subscribeNext` and the rules
/// of delivery.
///
/// You use the three kinds — ``Subject``, ``EventSubject`` and ``ReplaySubject`` — and this
/// type only where a function accepts any of them (``merge(_:_:_:file:line:)`` does).
/// They differ only in what they remember and what a new subscriber gets first.
///
/// ## Delivery
/// A subject belongs to a delivery domain: the subjects that operators such as `map` and
/// `combineLatest` join, where one send's paths can meet again. One thread at a time delivers a
/// domain; `merge`, `withLatestFrom`'s other side, the time operators and
/// ``ReadOnlySubject/boundary(file:line:)`` keep domains apart, and ``debugGraph(_:)`` shows them.
/// 1. Subscribers run synchronously, in subscription order, on the sending thread — or, when
///    another thread is delivering the domain, on that thread: the late sender queues its value
///    and goes on (see 8 for when it waits instead).
/// 2. Every subscriber sees the values in the order they were sent, and a subject never calls its
///    subscribers from two threads at once. Sends from several threads at once are delivered in
///    the order the delivering thread takes them, each thread's in its own order; a send from
///    inside a subscriber into its own domain is part of the delivery under way, so it goes
///    ahead of values other threads queued meanwhile. A new subscriber's first call comes before
///    any later value. Made inside a delivery, it joins at once and its first call comes after the value
///    being delivered; made while another thread delivers the domain, that thread makes the first
///    call at its next boundary, before what is queued, with the value then — so it may come
///    after `subscribeNext` returns, and an operator made then waits for it, at most 100 ms for
///    each source (and as long again for each held-up domain it joins).
/// 3. A `sendNext` from inside a subscriber is delivered after the current value has reached every
///    subscriber, without recursion.
/// 4. `sendNext`, `subscribeNext` and `cancel` may be called from any thread at once.
/// 5. A subscriber cancelled during a delivery — by itself, by another subscriber, or anywhere
///    on the delivering thread — is not called after `cancel()` returns. A cancel from another
///    thread cannot stop a call that the delivery has already reached: `cancel()` never waits
///    for user code.
/// 6. No lock is held while user code runs: closures, and every `deinit` the library can
///    trigger (a displaced value, a removed closure, an owner loaded from a weak reference).
/// 7. Nothing leaks: releasing a subject frees everything that hung on it.
/// 8. Bounded under load: at most 1,024 values from other threads wait for a domain (plus one per
///    waiting sender). A sender that finds that many waits, first come first served, until one is
///    taken or the turn is handed to it; when the delivering thread delivers nothing for 100 ms it
///    is held up (a subscriber waiting for this very sender, say), so the sender queues anyway,
///    and 1,024 more may queue without waiting (once per 100 ms). The delivering thread hands its
///    turn to a waiting sender after 1,024 transactions of others', so one `sendNext` waits for at
///    most the values ahead of it, or 100 ms of nothing delivered. A sender's value queues without
///    waiting only while the delivering thread will reach it within those 1,024, so one
///    `sendNext` delivers at most 1,024 values of others' (besides the main actor's, and those
///    queued after a wait gave up). The main actor never waits: its
///    values go first, taking turns with other threads' while those wait. A delivering thread held up in a subscriber holds its whole domain up.
///    A subscriber's queue to its actor and a `values` loop hold at most 1,024 values too, and a
///    sender waits at most 100 ms for room there.
/// 9. Glitch-free: every send is a transaction. An operator with several sources
///    (``combineLatest(_:_:_:file:line:)->Subject<(First,Second,Rest)>``, ``ReadOnlySubject/withLatestFrom(_:file:line:)``)
///    that one send reaches through several paths computes once, after every path has reached
///    it, from inputs that are all current — before `sendNext` returns. Sends from other threads
///    and sends back into a subject being delivered are transactions of their own, after this
///    one; a send from inside a subscriber to another subject of the same domain joins it, and
///    one into another domain is a transaction of that domain's, over before it returns.
///
/// Each operator between a `sendNext` and a subscriber adds one stack frame (about 160 bytes
/// for a `map` in a release build), and releasing a chain releases it hop by hop: chains of tens
/// of thousands of operators overflow a thread's stack. Chains that long are not real; a
/// thousand is fine.
public class SubjectBase<Value>: SubscriptionHost, CustomDebugStringConvertible {
    @usableFromInline typealias Block = (Value) -> Void
    /// An operator's closure on this subject: it gets each value with the isolation the delivery
    /// runs in, to pass on (see Subscriber.swift).
    @usableFromInline typealias PartBlock = (Value, _ isolation: (any Actor)?) -> Void

    /// What a kind remembers, which is what a new subscriber gets first.
    @usableFromInline enum Memory {
        /// An ``EventSubject``'s: nothing.
        case nothing
        /// A ``Subject``'s value: `nil` only while an operator builds a derived subject.
        case latest(Value?)
        /// A ``ReplaySubject``'s newest values, at most `size` of them, oldest first.
        case recent([Value], size: Int)
        /// A ``ReplaySubject`` of `bufferSize` 1 (what `filter` makes): its newest value, if any.
        /// `recent` would do, but replacing an array's one element checks its uniqueness and moves
        /// the array out of the enum and back on every send, which would make a `filter` stage
        /// cost more than a `map` stage. A case of its own, not a nested enum under `recent`: the
        /// nesting gives most of the saving back.
        case single(Value?)
    }

    /// Everything the subject changes under its lock: `state.locked` is the only way to it.
    /// Whatever a closure given to `locked` returns is released after the lock is, which is how
    /// displaced values and removed closures are let go of (a `deinit` is user code).
    @usableFromInline struct State {
        @usableFromInline var memory: Memory
        @usableFromInline var subscribers = SubscriberList()
        /// The first calls of subscribers that joined while another call was delivering: it makes
        /// them before its next piece of work (see `attach`).
        @usableFromInline var firstCalls: [FirstCall] = []
        /// Work queued for the call delivering this subject (SubjectBase+Ordering.swift).
        @usableFromInline var queue: [Work] = []
        /// The operators that feed this subject, for `debugGraph`.
        var feeders: [WeakNode] = []
        /// What ``named(_:)`` called it, for `debugGraph` and `debugDescription`.
        var name: String?

        @usableFromInline init(memory: Memory) {
            self.memory = memory
        }
    }

    @usableFromInline let state: Locked<State>
    /// When this subject was made, among all subjects: orders `debugGraph`.
    let serial = nextSerial()
    /// Its node in the forest of delivery domains (Domain.swift).
    @usableFromInline let domain = Domain()
    /// Who is calling its subscribers (SubjectBase+Ordering.swift).
    @usableFromInline let phase = Atomic<Phase>(.idle)
    /// More than the height of every subject that feeds this one, 0 for a subject nobody feeds:
    /// the order in which a transaction flushes the operators that wait (Transaction.swift).
    @usableFromInline let height = Atomic<Int>(0)
    /// Whether a send to this subject opens a transaction: an operator that waits for every path
    /// of a send is downstream (SubjectBase+Transactions.swift).
    @usableFromInline let opensTransactions = Atomic<Bool>(false)
    /// Live subscriptions, cancelled or not joined yet aside. Changed under the lock; atomic so
    /// that a delivery can read it after calling everyone (see `send`).
    @usableFromInline let liveCount = Atomic<Int>(0)

    // Read by subscribers only, on the delivering thread (a binding reads it): the tag of the
    // value being delivered (see `send`). Unowned: it is alive while the delivery runs (its
    // sender holds it), and a subject must not keep a tag alive after it. Touched by the
    // delivering thread alone, hence unchecked.
    @usableFromInline
    @exclusivity(unchecked)
    final unowned(unsafe) var deliveryTag: AnyObject?

    /// Its weak reference to itself and its `removeSlot`, which its subscriptions hold (see
    /// `WeakHost`).
    @usableFromInline let weakHost: WeakHost
    /// What lives exactly as long as the subject: an observing subject's `Observer`, a bridged
    /// sequence's task (SequenceBridge.swift). Set once, in
    /// the initializer, before the subject is shared.
    final var companion: AnyObject?

    @inlinable init(memory: Memory) {
        state = Locked(State(memory: memory))
        // Made here, where the caller's code specializes it (see `WeakHost.remover`).
        weakHost = WeakHost { host, subscription in
            unsafeDowncast(host, to: SubjectBase<Value>.self).removeSlot(of: subscription)
        }
        weakHost.host = self
    }

    // MARK: - Sending

    /// `send`, for a thread that holds the domain's turn: the subject's own ordering (guarantees
    /// 1–3) and the transaction open on this thread.
    @inlinable
    @inline(__always)
    final func sendHoldingTurn(_ value: Value, tag: AnyObject?, from isolation: (any Actor)?) -> Bool {
        if phase.load(ordering: .acquiring) == .idle,
           case .deliver(let subscribers, _) = state.locked({ takeTurn(&$0, remembering: value) }) {  // `_`: the displaced value goes, after the lock
            deliver(value, tag: tag, to: subscribers, in: isolation)
            finishDelivering(in: isolation)  // closes the transaction the turn opened, if it did
            return liveCount.load(ordering: .relaxed) > 0
        }
        return sendLate(value, tag: tag, from: isolation)
    }

    /// `deliver`, for a value taken from the queue: as a transaction of its own, unless this thread
    /// is in one already (see Transaction.swift). For a subject with no operator downstream that
    /// waits for every path of a send, that is `deliver` and one load.
    @inlinable
    @inline(__always)
    final func deliverInTransaction(_ value: Value, tag: AnyObject?, to subscribers: SubscriberList.Snapshot,
                                    in isolation: (any Actor)?) {
        guard opensTransactions.load(ordering: .relaxed) else {
            return deliver(value, tag: tag, to: subscribers, in: isolation)
        }
        let opened = openTransaction(by: self)
        deliver(value, tag: tag, to: subscribers, in: isolation)
        if opened {
            closeTransaction(openedBy: self)
        }
    }

    /// The seed's loop: calls every subscriber that has not been cancelled meanwhile. Direct,
    /// queued and re-entrant sends all deliver through it. Always inlined, so that it is not a
    /// stack frame of its own.
    @inlinable
    @inline(__always)
    final func deliver(_ value: Value, tag: AnyObject?, to subscribers: SubscriberList.Snapshot,
                       in isolation: (any Actor)?) {
        deliveryTag = tag
        guard let first = subscribers.baseAddress else { return }
        for index in 0..<subscribers.count {
            call(slotAt: first + index, with: value, in: isolation)
        }
    }

    /// `call`, for a slot of a snapshot: reads it where it is. Copying a `Slot` out of memory that
    /// no local owns copies all four references in it, a retain and a release each on every send,
    /// and the optimizer makes such a copy for anything but one read of one field through the
    /// `Optional`: so the slot is read as a `Slot` once it is known not to be `nil` (an
    /// `Optional` of a struct whose references leave it spare bit patterns has the struct's own
    /// layout, its payload at offset 0), and the hop is used without a retain. Both are alive for
    /// the whole call: the list keeps the buffer a delivery reads until it is over
    /// (SubscriberList.swift), and the slot holds its hop. An operator's closure is called from
    /// its `Subscriber`, where it is immutable, so that its context is not retained around the
    /// call either (see Subscriber.swift).
    @inlinable
    @inline(__always)
    final func call(slotAt slot: UnsafePointer<Slot?>, with value: Value, in isolation: (any Actor)?) {
        guard slot.pointee != nil else { return }
        slot.withMemoryRebound(to: Slot.self, capacity: 1) { slot in
            let subscription = Unmanaged.passUnretained(slot.pointee.subscription)
            let flags = subscription._withUnsafeGuaranteedRef { $0.lineAndFlags.load(ordering: .acquiring) }
            // One test for a subscriber's slot, which is live and not an operator's, the common case.
            if flags & (Subscription.cancelledBit | Subscription.operatorPartBit) != 0 {
                guard flags & Subscription.cancelledBit == 0 else { return }
                subscription._withUnsafeGuaranteedRef {  // an operator's: never on an actor
                    unsafeDowncast($0, to: Subscriber<Value>.self).block(value, isolation)
                }
                return
            }
            guard let hop = slot.pointee.hop.map(Unmanaged.passUnretained) else {
                slot.pointee.block(value)
                return
            }
            if hop._withUnsafeGuaranteedRef({ $0.takesNow(from: isolation) }) {
                slot.pointee.block(value)
            } else {
                hop._withUnsafeGuaranteedRef { $0.deliver(value, from: isolation) }
            }
        }
    }

    // MARK: - Subscribing

    /// Adds a subscriber whose block runs in `isolation` and makes its first call, from a caller
    /// running in `current` (see `attach(_:)` below).
    @inlinable
    @discardableResult
    final func attach(_ subscription: Subscription, on isolation: (any Actor)? = nil,
                      runningIn current: (any Actor)? = nil, _ block: @escaping Block) -> Value? {
        attach(Slot(subscription, block, feeding: nil, on: isolation), queuedFirstCall: nil, runningIn: current)
    }

    /// Adds an operator's subscriber to this subject (see Subscriber.swift) and makes its first
    /// call. Operators (their closures run on the delivering thread) pass:
    /// - `link`: what the operator feeds, told when this subject forgets its replay and asked
    ///   whether anyone can still observe it (see `FeedLink`);
    /// - `queuedFirstCall`: what the operator's first call is when another call is delivering. The
    ///   result is then this ``Subject``'s value, which the operator makes its target's first
    ///   value from, and its queued first call with that value only primes its state;
    /// - `current`: the isolation the caller runs in, when an operator attaches from inside a
    ///   delivery (a switch): its first call runs there, so a subscriber on that actor downstream
    ///   is called at once, not through a hop;
    /// - `joiningTheSend`: the first call, made now, is part of the send being delivered (a switch
    ///   to a new inner subject): what it reaches waits for the send's other paths, as the
    ///   switch's own value does (Transaction.swift). Other first calls are not part of a send.
    @inlinable
    @discardableResult
    final func attach(_ part: Subscriber<Value>, feeding link: FeedLink, queuedFirstCall: PartBlock? = nil,
                      runningIn current: (any Actor)? = nil, joiningTheSend: Bool = false) -> Value? {
        attach(Slot(part, { _ in }, feeding: link, on: nil), queuedFirstCall: queuedFirstCall, runningIn: current,
               joiningTheSend: joiningTheSend)
    }

    /// `attach`, for a thread that holds the domain's turn (SubjectBase+Domain.swift).
    /// `primingOnly`: an operator's first call is its `queuedFirstCall`, because the thread that
    /// made it gave up waiting and started the target itself. `counted`: an activation, counted
    /// live when it was queued, and not added if it was cancelled meanwhile.
    @inlinable
    final func attachHoldingTurn(_ slot: Slot, queuedFirstCall: PartBlock?, runningIn current: (any Actor)?,
                                 joiningTheSend: Bool = false, primingOnly: Bool = false, counted: Bool = false) -> Value? {
        // It joins at once, so every value remembered from now on reaches it. When another call
        // is delivering, that call makes its first call, with what is remembered now, before it
        // goes on to its next value.
        let (first, queued, _) = state.locked { state -> (Memory, Bool?, ContiguousArray<Slot?>?) in
            guard !counted || !slot.subscription.isCancelledFlagSet else { return (state.memory, nil, nil) }
            if !counted {
                liveCount.add(1, ordering: .relaxed)
            }
            state.subscribers.insert(slot, whileRead: phase.load(ordering: .acquiring) != .idle)
            guard becomeDelivererOrMarkWork(&state) else {
                // The deliverer comes back for the first call, and takes what `insert` retired.
                let memory = state.memory
                state.firstCalls.append { [self] isolation in self.callFirst(memory, slot, queuedFirstCall, in: isolation) }
                return (memory, true, nil)
            }
            // The `_`: the subject was idle by now, so nobody reads what `insert` retired: it goes,
            // after the lock.
            return (state.memory, false, state.subscribers.takeRetired())
        }
        guard let queued else { return nil }  // cancelled before its activation
        guard !queued else {
            return queuedFirstCall == nil ? nil : first.latest
        }
        if joiningTheSend {
            makeFirstCalls(first, slot, nil, in: current)
        } else {
            callFirst(first, slot, primingOnly ? queuedFirstCall : nil, in: current)
        }
        finishDelivering(in: current)
        return nil
    }

    /// Calls the slot's subscriber (or `instead`, an operator's `queuedFirstCall`) with what a new
    /// subscriber gets first. A first call is not part of a send: it runs outside any transaction
    /// (Transaction.swift), so an operator gets its first value at once, also inside a delivery.
    @inlinable
    final func callFirst(_ first: Memory, _ slot: Slot, _ instead: PartBlock?, in isolation: (any Actor)?) {
        outsideTransaction {
            makeFirstCalls(first, slot, instead, in: isolation)
        }
    }

    /// `callFirst`'s calls, in whatever transaction is open.
    @inlinable
    final func makeFirstCalls(_ first: Memory, _ slot: Slot, _ instead: PartBlock?, in isolation: (any Actor)?) {
        deliveryTag = nil
        switch first {
        case .nothing, .latest(.none), .single(.none):
            break
        case .latest(.some(let value)), .single(.some(let value)):
            call(slot, instead, with: value, in: isolation)
        case .recent(let values, _):
            for value in values {
                call(slot, instead, with: value, in: isolation)
            }
        }
    }

    /// Calls the slot's subscriber (or `instead`) with `value` unless the subscription has ended —
    /// or, for a subscriber whose actor this is not, hands the value to its hop.
    @inlinable
    @inline(__always)
    final func call(_ slot: Slot, _ instead: PartBlock?, with value: Value, in isolation: (any Actor)?) {
        guard !slot.subscription.isCancelledFlagSet else { return }
        if let instead {
            instead(value, isolation)  // an operator's: never on an actor
        } else if slot.subscription.isOperatorPart {
            unsafeDowncast(slot.subscription, to: Subscriber<Value>.self).block(value, isolation)
        } else if slot.runsNow(in: isolation) {
            slot.block(value)
        } else {
            slot.hop!.deliver(value, from: isolation)
        }
    }
}

// Subscribing, for the values that may cross threads (most of them); for the others, see
// NonSendableValues.swift.
extension SubjectBase where Value: Sendable {
    /// Calls `block` with every value sent from now on — after the values a new subscriber of
    /// this kind gets first (a ``Subject``'s current value, a ``ReplaySubject``'s buffer).
    ///
    /// Discard the result and the subscription lasts as long as the subject; keep it to
    /// ``Subscription/cancel()`` it, or ``Subscription/store(in:)`` a bag.
    ///
    /// ```swift
    /// let credit = Subject(0)
    /// credit.subscribeNext { print("credit:", $0) }   // prints "credit: 0" at once
    /// credit.sendNext(5)                               // prints "credit: 5"
    /// ```
    ///
    /// The block runs where it was written: written on an actor (in a `@MainActor` method), it
    /// only ever runs on that actor — at once when the value is sent there, otherwise soon after,
    /// in order; written outside any actor, it runs on the sending thread (see the type's Delivery
    /// rules). The compiler reads that isolation from the closure itself, so no caller can
    /// misstate it, and checks that the closure may run there: it is `@Sendable`.
    /// Subscribing from inside a delivery, or while another thread delivers, is allowed: the first
    /// call then comes after the value being delivered, then every value queued behind it. The
    /// delivering thread makes it, at its next boundary, so it may come after this call returns;
    /// once that thread has delivered 64 transactions in its turn, a subscriber joining from
    /// another thread first waits for the turn to end (at most 100 ms), so that threads
    /// subscribing in a loop cannot keep a `sendNext` from returning (see the type's rule 2).
    ///
    /// For values that are not `Sendable`, which cannot go to another actor, a block written on an
    /// actor must be subscribed from that actor, where the subject then lives (the compiler keeps
    /// it there); subscribed from elsewhere — a plain helper, generic code over values not known
    /// to be `Sendable` — it stops the program with a message saying so.
    ///
    /// - Parameters:
    ///   - file: Where the subscription is made, for `debugDescription`.
    ///   - line: Where the subscription is made, for `debugDescription`.
    ///   - isolation: Where this call runs, as for ``Subject/sendNext(_:isolation:)``: the first call
    ///     is made at once when `block` is isolated there (for `nil`, when the runtime says this
    ///     call runs on `block`'s actor: a plain helper called from a `@MainActor` screen).
    ///   - block: Called with each value, where it was written.
    /// - Complexity: amortised O(1), plus the first values' delivery — and, for a subscriber
    ///   that waits for a turn (rule 8), the delivery of what is queued when it gets it.
    @inlinable
    @discardableResult
    public final func subscribeNext(file: StaticString = #fileID, line: UInt = #line,
                                    isolation: isolated (any Actor)? = #isolation,
                                    @_inheritActorContext _ block: @escaping @Sendable @isolated(any) (Value) -> Void)
    -> Subscription {
        subscribe(block, file, line, from: isolation)
    }
}

extension SubjectBase {
    /// `subscribeNext` for either kind of value, once the caller has checked where its values
    /// may go (see NonSendableValues.swift).
    @inlinable
    final func subscribe(_ block: @escaping @Sendable @isolated(any) (Value) -> Void, _ file: StaticString, _ line: UInt,
                         from isolation: (any Actor)?) -> Subscription {
        let subscription = Subscription(host: self, file: file, line: line)
        attach(subscription, on: block.isolation, runningIn: isolation, plainFunction(block))
        return subscription
    }
}

extension SubjectBase.State {
    /// Remembers `value` as the newest; returns what it displaced, to be released after the lock.
    ///
    /// - Complexity: O(1); for a ``ReplaySubject`` that is full, O(`bufferSize`) to drop the oldest.
    @inlinable
    @inline(__always)
    mutating func remember(_ value: Value) -> Value? {
        switch memory {
        case .nothing:
            return nil
        case .latest(let displaced):
            memory = .latest(value)
            return displaced
        case .single(let displaced):
            memory = .single(value)
            return displaced
        case .recent(var values, let size):
            guard size > 0 else { return nil }
            memory = .nothing  // lets go of the buffer, so that changing it does not copy it
            defer { memory = .recent(values, size: size) }
            guard values.count == size else {
                values.append(value)
                return nil
            }
            guard size > 1 else {
                // What `filter` gives: replaced in place, not appended then trimmed (a
                // `replaceSubrange` on every value).
                let displaced = values[0]
                values[0] = value
                return displaced
            }
            values.append(value)
            return values.removeFirst()
        }
    }
}

extension SubjectBase.Memory {
    /// A ``Subject``'s value; `nil` for the other kinds.
    @usableFromInline var latest: Value? {
        if case .latest(let value) = self { value } else { nil }
    }
}

// The subject kinds are thread-safe classes: every mutable property is in `state`, behind its
// lock, or is only touched by the one thread that the atomic `phase` lets deliver. So they may
// cross threads, tasks and actors whenever their values can; Swift cannot see that, hence
// `@unchecked`.
extension SubjectBase: @unchecked Sendable where Value: Sendable {}
extension ReadOnlySubject: @unchecked Sendable where Value: Sendable {}
extension Subject: @unchecked Sendable where Value: Sendable {}
extension EventSubject: @unchecked Sendable where Value: Sendable {}
extension ReplaySubject: @unchecked Sendable where Value: Sendable {}

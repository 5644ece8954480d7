import Synchronization

/// Who may call a subject's subscribers right now: nobody (`idle`), one thread (`delivering`), or
/// one thread that has work queued for it (`queued`). Only a thread holding the subject's lock
/// moves it out of `idle` (a plain store: with no deliverer there is nobody to race); the
/// delivering thread leaves with one compare-and-swap (`delivering` → `idle`), which fails if
/// work was queued meanwhile. So a send with nothing queued takes the lock once.
@usableFromInline enum Phase: Int, AtomicRepresentable { case idle, delivering, queued }

/// What every subject kind shares: its subscribers, `sendNext`, `subscribeNext` and the rules
/// of delivery.
///
/// You use the three kinds — ``Subject``, ``EventSubject`` and ``ReplaySubject`` — and this
/// type only where a function accepts any of them (``merge(_:_:_:file:line:)`` does).
/// They differ only in what they remember and what a new subscriber gets first.
///
/// ## Delivery
/// 1. Subscribers run synchronously, in subscription order, on the sending thread — or, when
///    another thread is already delivering, on that thread: the late sender queues its value and
///    goes on (see 8 for when it waits instead).
/// 2. Every subscriber sees the values in the order they were sent, and a subject never calls its
///    subscribers from two threads at once. A new subscriber's first call comes before any later
///    value.
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
/// 8. Bounded under load: at most 1,024 values wait in a subject's queue. A late sender that
///    finds it full — or finds that the delivering thread has already delivered 1,024 values of
///    others' in its call — waits for its turn to deliver instead; the delivering thread hands it
///    over and returns. So one `sendNext` delivers its own value and fewer than 2,048 of others'
///    (plus what its own subscribers send), and a flood from one thread slows that thread, not
///    the others. Without such a load a late sender never waits. The
///    delivering thread and sends made from inside its subscribers never wait, and neither does
///    a sender whose wait would close a cycle of threads waiting for each other's subjects.
///
/// Each operator between a `sendNext` and a subscriber adds two stack frames (about 200 bytes
/// in a release build), and releasing a chain releases it hop by hop: chains of tens of thousands
/// of operators overflow a thread's stack. Chains that long are not real; a thousand is fine.
public class SubjectBase<Value>: SubscriptionHost, CustomDebugStringConvertible {
    @usableFromInline typealias Block = (Value) -> Void

    /// A subscriber: its subscription and its closure, and what few subscribers need besides (a
    /// class of its own, so that the list of plain subscribers stays small). A struct, not a
    /// tuple: a closure in a tuple is stored behind one more reabstraction thunk, a stack frame in
    /// every delivery.
    @usableFromInline struct Slot {
        @usableFromInline let subscription: Subscription
        @usableFromInline let block: Block
        @usableFromInline let extras: Extras?

        @usableFromInline init(_ subscription: Subscription, _ block: @escaping Block, feeding link: (any FeedLink)?,
                               on isolation: (any Actor)?) {
            self.subscription = subscription
            self.block = block
            let hop = isolation.map { Hop(on: $0, subscription, block) }
            extras = link == nil && hop == nil ? nil : Extras(link: link, hop: hop)
        }

        /// Whether a delivery running in `isolation` calls the closure itself, now.
        @inlinable @inline(__always) func runsNow(in isolation: (any Actor)?) -> Bool {
            extras?.hop == nil || extras!.hop!.takesNow(from: isolation)
        }
    }

    /// For an operator, the subject it feeds (see `FeedLink`); for a subscriber made on an
    /// actor, the way to that actor.
    @usableFromInline final class Extras {
        let link: (any FeedLink)?
        @usableFromInline let hop: Hop<Value>?

        init(link: (any FeedLink)?, hop: Hop<Value>?) {
            self.link = link
            self.hop = hop
        }
    }

    /// Work that arrived while another call was delivering; the delivering thread does it in order.
    @usableFromInline enum Work {
        /// A value, with the tag its sender gave it (see `deliveryTag`).
        case value(Value, tag: AnyObject?)
        /// A subscriber that joins.
        case join(Slot, primer: Primer?)
        /// Forget what is replayed, and tell the operators fed from here to do the same.
        case forget
    }

    /// How an operator that was made from this subject's value while it was being delivered
    /// takes its first call: its target already holds its result for that value, so if no newer
    /// value came before it joins, `block` is called instead of the subscriber's closure — it
    /// updates the operator's state and sends nothing.
    @usableFromInline struct Primer {
        @usableFromInline let generation: Int
        @usableFromInline let block: Block
        @usableFromInline init(generation: Int, block: @escaping Block) {
            self.generation = generation
            self.block = block
        }
    }

    /// What a new subscriber gets first.
    @usableFromInline enum Replay { case none, one(Value), many([Value]) }

    /// What a send remembers: nothing (``EventSubject``), the latest value (``Subject``, stored
    /// here so that `send` keeps it without a call), or whatever `record` keeps (``ReplaySubject``).
    @usableFromInline enum Memory { case nothing, latest, recorded }

    @usableFromInline final let memory: Memory
    @usableFromInline final let lock = Lock()
    @usableFromInline final let phase = Atomic<Phase>(.idle)

    // Guarded by `lock`, which is why the run-time exclusivity checks are off for them. `final`, so
    // that the specialized `send` reads them directly rather than through generic accessors.
    /// A ``Subject``'s value: `nil` only while an operator builds a derived subject.
    @usableFromInline @exclusivity(unchecked) final var current: Value?
    /// How many values a ``Subject`` has remembered: tells a `Primer` whether one came since.
    @usableFromInline @exclusivity(unchecked) final var generation = 0
    @usableFromInline @exclusivity(unchecked) final var slots: ContiguousArray<Slot?> = []
    @usableFromInline @exclusivity(unchecked) final var emptySlots = 0
    /// Live subscriptions, cancelled or not joined yet aside. Changed while holding `lock`; atomic
    /// so that a delivery can read it after calling everyone (see `send`).
    @usableFromInline final let liveCount = Atomic<Int>(0)
    @usableFromInline @exclusivity(unchecked) final var queue: [Work] = []
    /// The thread that is delivering (meaningful while `phase` is not idle).
    @usableFromInline @exclusivity(unchecked) final var deliverer: ThreadID = 0
    /// Set once the delivering thread has done one batch of others' work: late senders then
    /// wait for their turn rather than queue more (see `SubjectBase+Ordering.swift`).
    @usableFromInline @exclusivity(unchecked) final var handoffWanted = false
    /// Senders waiting for their turn to deliver, in the order of their `gate` tickets.
    @exclusivity(unchecked) final var waiters: [ThreadID] = []
    @exclusivity(unchecked) final var ticketsIssued = 0
    @exclusivity(unchecked) final var gate: Gate?

    /// The tag of the value being delivered (see `send(_:tag:from:)`), and the isolation the
    /// delivery runs in; read by subscribers only, on the delivering thread (operators pass both
    /// on). Unowned: both are alive while the delivery runs (its sender holds them), and a
    /// subject must not keep an actor or a tag alive after it.
    @usableFromInline @exclusivity(unchecked) final unowned(unsafe) var deliveryTag: AnyObject?
    @usableFromInline @exclusivity(unchecked) final unowned(unsafe) var deliveryIsolation: (any Actor)?

    @inlinable init(memory: Memory, current: Value? = nil) {
        self.memory = memory
        self.current = current
        // Made here, where the caller's code specializes it; see `remove`.
        remover = { [unowned(unsafe) self] in self.removeSlot(of: $0) }
    }

    deinit { lock.deallocate() }

    // MARK: - What the kinds decide (called with `lock` held, so they must not run user code)

    /// Remembers `value` as the newest; returns whatever it displaced, so that it is released
    /// after the lock is (a `deinit` is user code).
    @inlinable @inline(__always) final func remember(_ value: Value) -> Value? {
        switch memory {
        case .nothing:
            return nil
        case .latest:
            generation &+= 1
            let displaced = current
            current = value
            return displaced
        case .recorded:
            return record(value)
        }
    }

    /// `remember` for kinds that keep more than the latest value.
    @usableFromInline func record(_ value: Value) -> Value? { nil }

    /// What a new subscriber gets first: nothing, a ``Subject``'s value, or what `replay` says.
    @inlinable final func firstValues() -> Replay {
        if memory == .recorded { return replay() }
        return current.map(Replay.one) ?? .none  // an EventSubject's `current` is always nil
    }

    /// `firstValues` for kinds that keep more than the latest value.
    @usableFromInline func replay() -> Replay { .none }

    /// Forgets the remembered values (only ``ReplaySubject`` has something to forget).
    func forget() -> [Value] { [] }

    /// The kind and its state for `debugDescription`, e.g. `Subject<Int>(value: 5)`. Called
    /// without the lock: describing a value is user code.
    var kindDescription: String { "\(type(of: self))" }


    // MARK: - Sending

    /// Sends `value` to every subscriber; see the type's Delivery rules.
    ///
    /// A subscriber made on an actor is called at once when this call runs on that actor, and
    /// otherwise gets the value on its actor, in order (see "Isolation" in the type's rules).
    ///
    /// - Parameters:
    ///   - value: The value to send.
    ///   - isolation: The caller's isolation. Leave the default: passing anything else tells the
    ///     subject something untrue.
    /// - Complexity: O(*n*), where *n* is the number of subscribers.
    @inlinable @discardableResult
    public final func sendNext(_ value: Value, isolation: isolated (any Actor)? = #isolation) -> Self {
        send(value, tag: nil, from: isolation)  // inlined, so `send` is the only frame before yours
        return self
    }

    /// `sendNext` from a caller running in `isolation`, with a tag that subscribers can read as
    /// `deliveryTag`; returns whether the subject still has a subscriber once it has delivered
    /// (operators use it to notice that nobody is listening — also when the last subscriber went
    /// away during this delivery, so that a dead chain detaches hop by hop in one send).
    ///
    /// `@inlinable` so that callers get it specialized for their `Value`: generic code run
    /// unspecialized costs several times the work itself.
    @inlinable @discardableResult
    final func send(_ value: Value, tag: AnyObject?, from isolation: (any Actor)?) -> Bool {
        lock.lock()
        guard becomeDeliverer() else { return enqueue(value, tag: tag, from: isolation) }
        deliverAndUnlock(value, tag: tag, in: isolation)
        finishDelivering(in: isolation)
        return liveCount.load(ordering: .relaxed) > 0
    }

    /// Called with `lock` held by the delivering thread: remembers `value`, unlocks, and calls
    /// every subscriber that has not been cancelled meanwhile — the seed's loop. Always inlined,
    /// so that it is not a stack frame of its own.
    @inlinable @inline(__always) final func deliverAndUnlock(_ value: Value, tag: AnyObject?,
                                                              in isolation: (any Actor)?) {
        let displaced = remember(value)
        let subscribers = slots
        lock.unlock()
        withExtendedLifetime(displaced) {}  // released after the lock: a `deinit` is user code
        deliveryTag = tag
        deliveryIsolation = isolation
        for index in subscribers.indices where subscribers[index]?.subscription.isCancelledFlagSet == false {
            if subscribers[index]!.runsNow(in: isolation) {
                subscribers[index]!.block(value)
            } else {
                subscribers[index]!.extras!.hop!.enqueue(value)
            }
        }
    }

    /// Called with `lock` held: takes the right to call subscribers, or reports that another
    /// thread has it (and marks that work is waiting for it).
    @inlinable @inline(__always) final func becomeDeliverer() -> Bool {
        // Idle means no deliverer, and only a deliverer changes `phase` without the lock: a
        // plain store will do, which keeps the common send to one atomic read-modify-write.
        guard phase.load(ordering: .acquiring) == .idle else { return markWorkQueued() }
        startDelivering()
        return true
    }

    @inlinable @inline(__always) final func startDelivering() {
        phase.store(.delivering, ordering: .relaxed)
        deliverer = currentThread()
        handoffWanted = false
    }

    /// `becomeDeliverer` when another thread delivers: marks that work is waiting for it, unless
    /// it left meanwhile — then this thread takes the right after all.
    @usableFromInline final func markWorkQueued() -> Bool {
        while true {
            if phase.load(ordering: .relaxed) == .queued { return false }
            if move(from: .delivering, to: .queued) { return false }
            if phase.load(ordering: .acquiring) == .idle {  // the deliverer left between the checks
                startDelivering()
                return true
            }
        }
    }

    @inlinable final func move(from old: Phase, to new: Phase) -> Bool {
        phase.compareExchange(expected: old, desired: new, ordering: .acquiringAndReleasing).exchanged
    }

    /// Gives up the right to call subscribers — after doing the work others queued meanwhile.
    @inlinable final func finishDelivering(in isolation: (any Actor)?) {
        if !move(from: .delivering, to: .idle) { drainQueue(in: isolation) }
    }

    /// Forgets what this subject replays and makes the operators fed from it forget theirs, in
    /// order with its values (a `filter` that drops a value calls it on its target).
    final func forgetReplay() {
        lock.lock()
        guard becomeDeliverer() else {
            queue.append(.forget)
            lock.unlock()
            return
        }
        lock.unlock()
        forgetNow()
        finishDelivering(in: nil)
    }

    /// The delivering thread's part of `forgetReplay`.
    final func forgetNow() {
        lock.lock()
        let forgotten = forget()
        let subscribers = slots
        lock.unlock()
        withExtendedLifetime(forgotten) {}
        for case let slot? in subscribers where !slot.subscription.isCancelledFlagSet {
            slot.extras?.link?.sourceForgot()
        }
    }

    // MARK: - Subscribing

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
    /// The block runs where it was made: made on an actor (a `@MainActor` screen), it only ever
    /// runs on that actor — at once when the value is sent there, otherwise soon after, in order;
    /// made outside any actor, it runs on the sending thread (see the type's Delivery rules).
    /// Subscribing from inside a delivery is allowed: the first call then comes after the value
    /// being delivered.
    ///
    /// - Parameters:
    ///   - file: Where the subscription is made, for `debugDescription`.
    ///   - line: Where the subscription is made, for `debugDescription`.
    ///   - isolation: The caller's isolation, where `block` will run. Leave the default: passing
    ///     anything else (`nil` from an actor) tells the subject something untrue, and the
    ///     closure then runs where its isolation does not hold.
    ///   - block: Called with each value.
    /// - Complexity: amortised O(1), plus the first values' delivery.
    @inlinable @discardableResult
    public final func subscribeNext(file: StaticString = #fileID, line: UInt = #line,
                                    isolation: isolated (any Actor)? = #isolation,
                                    _ block: @escaping (Value) -> Void) -> Subscription {
        let subscription = Subscription(host: self, file: file, line: line)
        attach(subscription, on: isolation, block)
        return subscription
    }

    /// Calls `block` with `owner` and every value, for as long as `owner` lives.
    ///
    /// The subject holds `owner` weakly — no `[weak self]` needed — and the subscription ends
    /// once `owner` is gone, no later than the next send.
    ///
    /// ```swift
    /// credit.subscribeNext(owner: self) { screen, credit in screen.show(credit) }
    /// ```
    ///
    /// The block runs where it was made, as ``subscribeNext(file:line:isolation:_:)``'s does.
    @discardableResult
    public final func subscribeNext<Owner: AnyObject>(owner: Owner, file: StaticString = #fileID, line: UInt = #line,
                                                      isolation: isolated (any Actor)? = #isolation,
                                                      _ block: @escaping (Owner, Value) -> Void) -> Subscription {
        let subscription = Subscription(host: self, owner: owner, file: file, line: line)
        attach(subscription, on: isolation) { value in
            guard let owner = subscription.owner else { return subscription.cancel() }
            block(unsafeDowncast(owner, to: Owner.self), value)
        }
        return subscription
    }

    /// Writes every value into `object`'s property at `keyPath` — the MVVM binding — for as long
    /// as `object` lives.
    ///
    /// `object` is held weakly (Combine's `assign(to:on:)` retains it, and leaks).
    ///
    /// ```swift
    /// viewModel.creditText.assign(to: \.text, on: creditLabel)
    /// ```
    ///
    /// It writes where it was made, as ``subscribeNext(file:line:isolation:_:)``'s block runs.
    @discardableResult
    public final func assign<Root: AnyObject>(to keyPath: ReferenceWritableKeyPath<Root, Value>, on object: Root,
                                              file: StaticString = #fileID, line: UInt = #line,
                                              isolation: isolated (any Actor)? = #isolation) -> Subscription {
        subscribeNext(owner: object, file: file, line: line, isolation: isolation) { object, value in
            object[keyPath: keyPath] = value
        }
    }

    /// Adds a subscriber made in `isolation` and makes its first call. Operators (made in no
    /// isolation: their closures run on the delivering thread) use it with a subscription they
    /// made first, so that their closure can refer to it, and pass:
    /// - `link`: what the operator feeds, told when this subject forgets its replay and asked
    ///   whether anyone can still observe it (see `FeedLink`);
    /// - `primer`: for a ``Subject`` that is being delivered, see `Primer`. Then, if the join had
    ///   to queue, the result is the value the operator must make its target's first value from.
    @inlinable @discardableResult
    final func attach(_ subscription: Subscription, feeding link: (any FeedLink)? = nil, primer: Block? = nil,
                      on isolation: (any Actor)? = nil, _ block: @escaping Block) -> Value? {
        let slot = Slot(subscription, block, feeding: link, on: isolation)
        lock.lock()
        liveCount.add(1, ordering: .relaxed)
        guard becomeDeliverer() else {
            // Joins after the work already queued, so its first call comes before later values.
            let primed = primer.map { Primer(generation: generation, block: $0) }
            queue.append(.join(slot, primer: primed))
            let snapshot = primed == nil ? nil : current
            lock.unlock()
            return snapshot
        }
        insert(slot)
        let first = firstValues()
        lock.unlock()
        callFirst(first, slot, block, in: isolation)
        finishDelivering(in: isolation)
        return nil
    }

    /// A queued subscriber's turn: it joins the list and gets its first values.
    final func join(_ slot: Slot, primer: Primer?, in isolation: (any Actor)?) {
        lock.lock()
        if slot.subscription.isCancelledFlagSet {
            lock.unlock()
            return
        }
        insert(slot)
        let first = firstValues()
        let primes = primer != nil && primer!.generation == generation
        lock.unlock()
        callFirst(first, slot, primes ? primer!.block : slot.block, in: isolation)
    }

    @inlinable final func insert(_ slot: Slot) {
        slot.subscription.slotIndex = slots.count
        slots.append(slot)
    }

    /// Calls `block` (the slot's, or a primer) with what a new subscriber gets first.
    @inlinable final func callFirst(_ first: Replay, _ slot: Slot, _ block: Block, in isolation: (any Actor)?) {
        deliveryTag = nil
        deliveryIsolation = isolation
        switch first {
        case .none:
            break
        case .one(let value):
            call(block, of: slot, with: value, in: isolation)
        case .many(let values):
            for value in values {
                call(block, of: slot, with: value, in: isolation)
            }
        }
    }

    /// Calls `block` with `value` unless the subscription has ended — or, for a subscriber whose
    /// actor this is not, hands the value to its hop.
    @inlinable final func call(_ block: Block, of slot: Slot, with value: Value, in isolation: (any Actor)?) {
        if slot.subscription.isCancelledFlagSet { return }
        if slot.runsNow(in: isolation) {
            block(value)
        } else {
            slot.extras!.hop!.enqueue(value)
        }
    }

    // MARK: - Cancelling

    /// `removeSlot`, specialized for this subject's `Value`: `Subscription` reaches its subject
    /// through a type-erased host, so calling `removeSlot` from here would run it as unspecialized
    /// generic code, several times slower.
    @usableFromInline final var remover: ((Subscription) -> Void)?

    @usableFromInline func remove(_ subscription: Subscription) { remover!(subscription) }

    @inlinable final func removeSlot(of subscription: Subscription) {
        lock.lock()
        var removed: Slot?
        if subscription.slotIndex >= 0 {  // -1: it had not joined yet, and `join` will skip it
            swap(&removed, &slots[subscription.slotIndex])
            emptySlots += 1
            if emptySlots > 16 && emptySlots * 2 > slots.count { compact() }
        }
        liveCount.subtract(1, ordering: .relaxed)
        lock.unlock()
        withExtendedLifetime(removed) {}  // its closure's captures go after the lock is released
    }

    /// Drops the empty slots. Runs after half the slots have emptied, so cancel stays O(1)
    /// amortised.
    @inlinable final func compact() {
        slots.removeAll(where: { $0 == nil })  // in place: keeps the buffer, allocates nothing
        for (index, slot) in slots.enumerated() { slot!.subscription.slotIndex = index }
        emptySlots = 0
    }
}

// The subject kinds are thread-safe classes: every mutable property is guarded by `lock`, or is
// only touched by the one thread that the atomic `phase` lets deliver. So they may cross threads,
// tasks and actors whenever their values can; Swift cannot see that, hence `@unchecked`.
extension SubjectBase: @unchecked Sendable where Value: Sendable {}
extension Subject: @unchecked Sendable where Value: Sendable {}
extension EventSubject: @unchecked Sendable where Value: Sendable {}
extension ReplaySubject: @unchecked Sendable where Value: Sendable {}

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
///    another thread is already delivering, on that thread before its `sendNext` returns: the
///    late sender queues its value and goes on; it never waits for user code.
/// 2. Every subscriber sees the values in the order they were sent, and a subject never calls its
///    subscribers from two threads at once. A new subscriber's first call comes before any later
///    value.
/// 3. A `sendNext` from inside a subscriber is delivered after the current value has reached every
///    subscriber, without recursion.
/// 4. `sendNext`, `subscribeNext` and `cancel` may be called from any thread at once.
/// 5. A subscriber cancelled during a delivery is not called after `cancel()` returns.
/// 6. No lock is held while user code runs (closures, and the `deinit`s of what they capture).
/// 7. Nothing leaks: releasing a subject frees everything that hung on it.
public class SubjectBase<Value>: SubscriptionHost, CustomDebugStringConvertible {
    @usableFromInline typealias Block = (Value) -> Void

    /// A subscriber: its subscription and its closure. (A struct, not a tuple: a closure in a
    /// tuple is stored behind one more reabstraction thunk, a stack frame in every delivery.)
    @usableFromInline struct Slot {
        @usableFromInline let subscription: Subscription
        @usableFromInline let block: Block
        @usableFromInline init(_ subscription: Subscription, _ block: @escaping Block) {
            (self.subscription, self.block) = (subscription, block)
        }
    }

    /// Work that arrived while another call was delivering; the delivering thread does it in order.
    @usableFromInline enum Work { case value(Value, origin: ObjectIdentifier?), join(Slot) }

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
    @usableFromInline @exclusivity(unchecked) final var slots: ContiguousArray<Slot?> = []
    @usableFromInline @exclusivity(unchecked) final var emptySlots = 0
    @usableFromInline @exclusivity(unchecked) final var liveCount = 0
    @usableFromInline @exclusivity(unchecked) final var queue: [Work] = []
    /// What to call when the subject is released, by subscription (`values` finishes its streams).
    @usableFromInline @exclusivity(unchecked) final var streamEnds: [ObjectIdentifier: () -> Void] = [:]

    /// The tag of the value being delivered (see `send(_:from:)`); read by subscribers only, on
    /// the delivering thread.
    @usableFromInline @exclusivity(unchecked) final var deliveryOrigin: ObjectIdentifier?

    @inlinable init(memory: Memory, current: Value? = nil) {
        self.memory = memory
        self.current = current
        // Made here, where the caller's code specializes it; see `remove`.
        remover = { [unowned(unsafe) self] in self.removeSlot(of: $0) }
    }

    deinit {
        for end in streamEnds.values { end() }
        lock.deallocate()
    }

    // MARK: - What the kinds decide (called with `lock` held, so they must not run user code)

    /// Remembers `value` as the newest; returns whatever it displaced, so that it is released
    /// after the lock is (a `deinit` is user code).
    @inlinable @inline(__always) final func remember(_ value: Value) -> Value? {
        switch memory {
        case .nothing: return nil
        case .latest: defer { current = value }; return current
        case .recorded: return record(value)
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
    /// - Complexity: O(*n*), where *n* is the number of subscribers.
    @inlinable @discardableResult
    public final func sendNext(_ value: Value) -> Self {
        send(value, from: nil)  // inlined into the caller, so `send` is the only frame before yours
        return self
    }

    /// `sendNext` with a tag that subscribers can read as `deliveryOrigin`; returns whether the
    /// subject had any subscriber (operators use it to notice that nobody is listening).
    ///
    /// `@inlinable` so that callers get it specialized for their `Value`: generic code run
    /// unspecialized costs several times the work itself.
    @inlinable @discardableResult
    final func send(_ value: Value, from origin: AnyObject?) -> Bool {
        lock.lock()
        guard becomeDeliverer() else {
            queue.append(.value(value, origin: origin.map(ObjectIdentifier.init)))
            let listening = liveCount > 0
            lock.unlock()
            return listening
        }
        let displaced = remember(value)
        let subscribers = slots
        let listening = liveCount > 0
        lock.unlock()
        _ = displaced
        // The seed's loop, written here rather than in a helper so that it is not a stack frame of
        // its own: call every subscriber that has not been cancelled meanwhile.
        deliveryOrigin = origin.map(ObjectIdentifier.init)
        for index in subscribers.indices where subscribers[index]?.subscription.isCancelledFlagSet == false {
            subscribers[index]!.block(value)
        }
        finishDelivering()
        return listening
    }

    /// Called with `lock` held: takes the right to call subscribers, or reports that another
    /// thread has it (and marks that work is waiting for it).
    @inlinable final func becomeDeliverer() -> Bool {
        while true {
            // Idle means no deliverer, and only a deliverer changes `phase` without the lock: a
            // plain store will do, which keeps the common send to one atomic read-modify-write.
            if phase.load(ordering: .acquiring) == .idle {
                phase.store(.delivering, ordering: .relaxed)
                return true
            }
            if phase.load(ordering: .relaxed) == .queued { return false }
            if move(from: .delivering, to: .queued) { return false }
            // The deliverer left between the two checks: try again.
        }
    }

    @inlinable final func move(from old: Phase, to new: Phase) -> Bool {
        phase.compareExchange(expected: old, desired: new, ordering: .acquiringAndReleasing).exchanged
    }

    /// Gives up the right to call subscribers — after doing the work others queued meanwhile.
    @inlinable final func finishDelivering() {
        if !move(from: .delivering, to: .idle) { drainQueue() }
    }

    @usableFromInline final func drainQueue() {
        repeat {
            lock.lock()
            let work = queue
            queue = []
            phase.store(.delivering, ordering: .releasing)
            lock.unlock()
            for item in work {
                switch item {
                case .value(let value, let origin): deliverQueued(value, origin: origin)
                case .join(let slot): join(slot)
                }
            }
        } while !move(from: .delivering, to: .idle)
    }

    private func deliverQueued(_ value: Value, origin: ObjectIdentifier?) {
        lock.lock()
        let displaced = remember(value)
        let subscribers = slots
        lock.unlock()
        _ = displaced
        deliveryOrigin = origin
        for case let slot? in subscribers where !slot.subscription.isCancelledFlagSet {
            slot.block(value)
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
    /// The block runs on the sending thread (see the type's Delivery rules). Subscribing from
    /// inside a delivery is allowed: the first call then comes after the value being delivered.
    ///
    /// - Parameters:
    ///   - file: Where the subscription is made, for `debugDescription`.
    ///   - line: Where the subscription is made, for `debugDescription`.
    ///   - block: Called with each value.
    /// - Complexity: amortised O(1), plus the first values' delivery.
    @inlinable @discardableResult
    public final func subscribeNext(file: StaticString = #fileID, line: UInt = #line,
                                    _ block: @escaping (Value) -> Void) -> Subscription {
        let subscription = Subscription(host: self, file: file, line: line)
        attach(subscription, block)
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
    @discardableResult
    public final func subscribeNext<Owner: AnyObject>(owner: Owner, file: StaticString = #fileID, line: UInt = #line,
                                                      _ block: @escaping (Owner, Value) -> Void) -> Subscription {
        let subscription = Subscription(host: self, owner: owner, file: file, line: line)
        attach(subscription) { value in
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
    @discardableResult
    public final func assign<Root: AnyObject>(to keyPath: ReferenceWritableKeyPath<Root, Value>, on object: Root,
                                              file: StaticString = #fileID, line: UInt = #line) -> Subscription {
        subscribeNext(owner: object, file: file, line: line) { object, value in object[keyPath: keyPath] = value }
    }

    /// Adds a subscriber and makes its first call. Operators use it with a subscription they made
    /// first, so that their closure can refer to it.
    @inlinable final func attach(_ subscription: Subscription, _ block: @escaping Block) {
        let slot = Slot(subscription, block)
        lock.lock()
        liveCount += 1
        guard becomeDeliverer() else {
            // Joins after the work already queued, so its first call comes before later values.
            queue.append(.join(slot))
            return lock.unlock()
        }
        insert(slot)
        let first = firstValues()
        lock.unlock()
        callFirst(first, slot)
        finishDelivering()
    }

    @usableFromInline final func join(_ slot: Slot) {
        lock.lock()
        guard !slot.subscription.isCancelledFlagSet else { return lock.unlock() }
        insert(slot)
        let first = firstValues()
        lock.unlock()
        callFirst(first, slot)
    }

    @inlinable final func insert(_ slot: Slot) {
        slot.subscription.slotIndex = slots.count
        slots.append(slot)
    }

    @inlinable final func callFirst(_ first: Replay, _ slot: Slot) {
        deliveryOrigin = nil
        if case .one(let value) = first, !slot.subscription.isCancelledFlagSet { slot.block(value) }
        if case .many(let values) = first {
            for value in values where !slot.subscription.isCancelledFlagSet { slot.block(value) }
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
        liveCount -= 1
        let end = streamEnds.isEmpty ? nil : streamEnds.removeValue(forKey: ObjectIdentifier(subscription))
        lock.unlock()
        withExtendedLifetime(removed) {}  // its closure's captures go after the lock is released
        end?()
    }

    /// Drops the empty slots. Runs after half the slots have emptied, so cancel stays O(1)
    /// amortised.
    @inlinable final func compact() {
        slots.removeAll(where: { $0 == nil })  // in place: keeps the buffer, allocates nothing
        for (index, slot) in slots.enumerated() { slot!.subscription.slotIndex = index }
        emptySlots = 0
    }

    // MARK: - Inspecting

    /// The number of live subscriptions: not cancelled, and not tied to an owner that is gone.
    ///
    /// - Complexity: O(*n*), where *n* is the number of subscribers.
    public final var subscriberCount: Int {
        lock.withLock { liveCount - slots.count(where: { $0?.subscription.ownerIsGone == true }) }
    }

    /// The kind, its current state, and one line per live subscription naming where it was made.
    ///
    /// ```
    /// Subject<Int>(value: 80), 2 subscriptions:
    ///   StudentCredit/CreditViewModel.swift:41
    ///   credit_cli/Screen.swift:17
    /// ```
    public var debugDescription: String {
        let locations = lock.withLock {
            slots.compactMap { $0?.subscription }.filter { !$0.isCancelled }.map { "  \($0.file):\($0.line)" }
        }
        let count = locations.count == 1 ? "1 subscription" : "\(locations.count) subscriptions"
        return ([kindDescription + ", " + count + (locations.isEmpty ? "" : ":")] + locations).joined(separator: "\n")
    }
}

// The subject kinds are thread-safe classes: every mutable property is guarded by `lock`, or is
// only touched by the one thread that the atomic `phase` lets deliver. So they may cross threads,
// tasks and actors whenever their values can; Swift cannot see that, hence `@unchecked`.
extension SubjectBase: @unchecked Sendable where Value: Sendable {}
extension Subject: @unchecked Sendable where Value: Sendable {}
extension EventSubject: @unchecked Sendable where Value: Sendable {}
extension ReplaySubject: @unchecked Sendable where Value: Sendable {}

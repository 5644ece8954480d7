import Synchronization

// What a subject tells about itself: not on the path of `sendNext` or `subscribeNext`.
extension SubjectBase {
    /// The newest value this subject remembers — a ``Subject``'s value, a ``ReplaySubject``'s
    /// newest buffered one — for an operator that joins while it delivers.
    var newestRemembered: Value? {
        state.locked { state in
            switch state.memory {
            case .nothing:
                nil
            case .latest(let value), .single(let value):
                value
            case .recent(let values, _):
                values.last
            }
        }
    }

    /// The number of live subscriptions: not cancelled, and not tied to an owner that is gone.
    ///
    /// - Complexity: O(*n*), where *n* is the number of subscribers.
    public final var subscriberCount: Int {
        let (live, ownerBound) = state.locked { state in
            (liveCount.load(ordering: .relaxed), state.subscribers.slots.compactMap { $0?.subscription }.filter(\.isOwnerBound))
        }
        // Asked after unlocking: loading a weak owner may leave the last strong reference with us,
        // and then its `deinit` (user code) runs here.
        return live - ownerBound.count(where: \.ownerIsGone)
    }

    /// Whether anyone can still observe what this subject delivers: a live subscriber — one tied
    /// to an owner while the owner lives, an operator's while what it feeds can be observed. An
    /// operator asks it about its target when a value passes nothing on, so that a chain whose
    /// end is gone detaches even where values stop short of that end.
    @inlinable final func hasObservers(depth: Int) -> Bool {
        let others: [Slot]? = state.locked { state in
            // A quick answer under the lock, loading no weak reference: a plain subscriber.
            let hasPlain = state.subscribers.slots.contains { slot in
                guard let slot, !slot.subscription.isOwnerBound else { return false }
                return slot.link == nil && !slot.subscription.isCancelledFlagSet
            }
            return hasPlain ? nil : state.subscribers.slots.compactMap { $0 }
        }
        guard let others else { return true }
        // Asked after unlocking: loading a weak owner may run its `deinit`.
        return others.contains { slot in
            if slot.subscription.isCancelled { return false }
            guard let link = slot.link, depth < 64 else { return true }  // too deep: keep it
            return link.isObserved(depth: depth + 1)
        }
    }

    /// Names this subject in ``debugGraph(_:)`` and ``debugDescription``, and returns it.
    ///
    /// Four `Subject<String>` fields of a form look alike in a graph until they hold values; a
    /// name tells them apart:
    ///
    /// ```swift
    /// let email = Subject("").named("email")
    /// print(email.debugDescription)   // "email" Subject<String>(value: ""), 0 subscriptions
    /// ```
    ///
    /// The name is only for reading: nothing else depends on it. Name a subject right after
    /// making it; naming it again later, from any thread, is safe (the last name wins).
    ///
    /// - Parameter name: What `debugGraph` and `debugDescription` call this subject.
    /// - Returns: This subject.
    /// - Complexity: O(1): one lock, taken only here and when the graph is drawn.
    @discardableResult
    public final func named(_ name: String) -> Self {
        state.locked { $0.name = name }  // the old name goes under the lock: a String runs no user code
        return self
    }

    /// What `debugDescription` and `debugGraph` show of this subject, copied under its lock:
    /// its name, what it remembers, its live slots — each with whether nothing but this subject
    /// holds its subscription — and the operators that feed it.
    func inspected() -> (name: String?, memory: Memory, slots: [(slot: Slot, isUnheld: Bool)], feeders: [WeakNode]) {
        let (name, memory, slots, feeders, _) = state.locked { state in  // `_`: see `removeSlot`
            let slots = state.subscribers.slotsTellingWhichAreUnheld(whileRead: phase.load(ordering: .acquiring) != .idle)
            return (state.name, state.memory, slots, state.feeders, handOverRetired(&state))
        }
        return (name, memory, slots.filter { !$0.slot.subscription.isCancelled }, feeders)
    }

    /// The kind, its name if it has one, its current state, and one line per live subscription
    /// naming where it was made and, for one made on an actor, which (the actor's type). A
    /// subscription that nothing but the subject holds — its result was discarded, so it lasts as
    /// long as the subject — says so.
    ///
    /// ```
    /// Subject<Int>(value: 80), 2 subscriptions:
    ///   StudentCredit/CreditViewModel.swift:41
    ///   CreditApp/CreditScreen.swift:17 on MainActor (held by nothing but the subject)
    /// ```
    public var debugDescription: String {
        let (name, memory, slots, _) = inspected()
        let lines = slots.map { "  " + describe($0.slot, isUnheld: $0.isUnheld) }
        let count = lines.count == 1 ? "1 subscription" : "\(lines.count) subscriptions"
        return ([describe(memory, named: name) + ", " + count + (lines.isEmpty ? "" : ":")] + lines).joined(separator: "\n")
    }

    /// Where a subscriber was made and, for one made on an actor, which (the actor's type); for a
    /// plain subscriber that nothing but the subject holds, that it lasts as long as the subject.
    func describe(_ slot: Slot, isUnheld: Bool) -> String {
        let actor = slot.hop?.actorTypeName.map { " on \($0)" } ?? ""
        let unheld = isUnheld && slot.link == nil && !slot.subscription.isOwnerBound ? " (held by nothing but the subject)" : ""
        return "\(slot.subscription.file):\(slot.subscription.line)" + actor + unheld
    }

    /// The kind and what it remembers, after its name if it has one:
    /// `"email" Subject<String>(value: "")`. Called without the lock: describing a value is user code.
    func describe(_ memory: Memory, named name: String?) -> String {
        (name.map { String(reflecting: $0) + " " } ?? "") + describe(memory)
    }

    /// The kind and what it remembers, e.g. `Subject<Int>(value: 5)`. Called without the lock:
    /// describing a value is user code.
    func describe(_ memory: Memory) -> String {
        switch memory {
        case .nothing:
            return "EventSubject<\(Value.self)>"
        case .latest(let value):
            return "Subject<\(Value.self)>(value: \(value.map(describe) ?? "none yet"))"
        case .single(let value):
            let buffered = value.map(describe) ?? ""
            return "ReplaySubject<\(Value.self)>(bufferSize: 1, buffered: [\(buffered)])"
        case .recent(let values, let size):
            let buffered = values.map(describe).joined(separator: ", ")
            return "ReplaySubject<\(Value.self)>(bufferSize: \(size), buffered: [\(buffered)])"
        }
    }

    /// A value as `debugDescription` shows it; a subject (the value of a subject of subjects, as
    /// `switchToLatest` follows) on one line, without its subscribers.
    func describe(_ value: Value) -> String {
        (value as? any SubscriptionHost)?.summary ?? String(reflecting: value)
    }

    @usableFromInline var summary: String {
        let (name, memory) = state.locked { ($0.name, $0.memory) }
        return describe(memory, named: name)
    }
}

extension SubjectBase.SubscriberList {
    /// The live slots, each with whether nothing but this list holds its subscription — the
    /// subscriber discarded what `subscribeNext` returned, so it lasts as long as the subject.
    /// Called under the lock; the caller sees to what it retired, as for `insert`.
    ///
    /// `isKnownUniquelyReferenced` needs the one reference it asks about as an `inout`: the
    /// slot's own, in this list's buffer. Asking is a change, as far as copy-on-write and
    /// ThreadSanitizer can tell, so it follows `insert`'s rule: while a delivery may read a
    /// snapshot, the buffer is copied first, and then every subscription is held twice and none
    /// is called unheld — an answer that errs only towards "held". So does a subscription that
    /// is briefly held elsewhere (a first call waiting, a hop's drain job): it is not called
    /// unheld until that is over.
    ///
    /// - Complexity: O(*n*), where *n* is the number of slots.
    mutating func slotsTellingWhichAreUnheld(whileRead isRead: Bool)
    -> [(slot: SubjectBase.Slot, isUnheld: Bool)] {
        unshare(whileRead: isRead)
        var found: [(slot: SubjectBase.Slot, isUnheld: Bool)] = []
        for index in slots.indices where slots[index] != nil {
            let isUnheld = isKnownUniquelyReferenced(&slots[index]!.subscription)
            found.append((slots[index]!, isUnheld))
        }
        return found
    }
}

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
            case .latest(let value):
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

    /// The kind, its current state, and one line per live subscription naming where it was made
    /// and, for one made on an actor, which (the actor's type).
    ///
    /// ```
    /// Subject<Int>(value: 80), 2 subscriptions:
    ///   StudentCredit/CreditViewModel.swift:41
    ///   CreditApp/CreditScreen.swift:17 on MainActor
    /// ```
    public var debugDescription: String {
        let (memory, subscribers) = state.locked { ($0.memory, $0.subscribers.slots.compactMap { $0 }) }
        let lines = subscribers.filter { !$0.subscription.isCancelled }.map { "  " + describe($0) }
        let count = lines.count == 1 ? "1 subscription" : "\(lines.count) subscriptions"
        return ([describe(memory) + ", " + count + (lines.isEmpty ? "" : ":")] + lines).joined(separator: "\n")
    }

    /// Where a subscriber was made and, for one made on an actor, which (the actor's type).
    func describe(_ slot: Slot) -> String {
        let actor = slot.hop?.actor.map { " on \(type(of: $0))" } ?? ""
        return "\(slot.subscription.file):\(slot.subscription.line)" + actor
    }

    /// The kind and what it remembers, e.g. `Subject<Int>(value: 5)`. Called without the lock:
    /// describing a value is user code.
    func describe(_ memory: Memory) -> String {
        switch memory {
        case .nothing:
            return "EventSubject<\(Value.self)>"
        case .latest(let value):
            return "Subject<\(Value.self)>(value: \(value.map(describe) ?? "none yet"))"
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
        describe(state.locked { $0.memory })
    }
}

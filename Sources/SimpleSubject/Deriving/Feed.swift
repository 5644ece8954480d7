/// How an operator holds the subject it feeds: strongly, for as long as anyone can still observe
/// it — it has a live subscriber, or someone else holds a reference to it. Once neither is true,
/// the operator detaches from its sources at their next send, so a chain that only a closed
/// screen used leaves nothing behind.
///
/// Each operator attaches one closure per source that calls ``send(_:)`` or ``skip()``: it makes
/// a `Subscriber` per source holding that closure, `connect`s it, then attaches it.
@usableFromInline final class Feed<Output>: FeedLink {
    /// Owns the subject fed; `isKnownUniquelyReferenced` asks whether anyone else holds it. In a
    /// mutex: with several sources, closures run on several threads at once.
    @usableFromInline let target: Locked<SubjectBase<Output>>
    /// The same subject, to send to without a reference-count change per value (`target` keeps it
    /// alive, and is never reassigned).
    @usableFromInline let receiver: Unmanaged<SubjectBase<Output>>
    /// Ends the connection from every source: a `TiedSubscription` of all, or the one source's
    /// `Subscriber`. Nil only once that is gone: its source let go of it, and so of this feed.
    @usableFromInline var subscription: Subscription? { tied ?? part }
    /// With several sources, what ends them all.
    private let tied: TiedSubscription?
    /// With one source, its `Subscriber`, set by `connect` before it is attached (so before any
    /// value can arrive). Weakly: its closure holds this feed (see Subscriber.swift).
    private weak var part: Subscription?
    /// Whether a skipped value makes `target` forget what it replays (operators that drop
    /// values, on a ``Subject``: new subscribers then get nothing rather than a stale value).
    @usableFromInline let forgetsOnSkip: Bool
    /// What the operator resets when its source forgets what it replays.
    let reset: (() -> Void)?
    /// For `debugGraph`: the operator's name (the function that made it, as `#function` gives
    /// it), and the subject it is drawn feeding — `nil` for a relay inside an operator, which is
    /// not drawn.
    let name: StaticString
    weak let shown: (any SubscriptionHost)?
    /// For `debugGraph`: the source an operator follows besides `parts`, which changes as it runs
    /// (the inner subject of a `switchToLatest`).
    let following: (() -> (any SubscriptionHost)?)?

    /// `joins`: whether the target joins its sources' delivery domain (Domain.swift) — what an
    /// operator does whose sources' paths can meet again in it.
    @usableFromInline init(_ target: SubjectBase<Output>, from sources: [any SubscriptionHost], joins: Bool = true,
                           forgetsOnSkip: Bool = false, reset: (() -> Void)? = nil,
                           name: StaticString, file: StaticString, line: UInt, drawnFeeding shown: (any SubscriptionHost)?,
                           following: (() -> (any SubscriptionHost)?)? = nil) {
        self.target = Locked(target)
        self.name = name
        self.shown = shown
        self.following = following
        self.receiver = Unmanaged.passUnretained(target)
        self.forgetsOnSkip = forgetsOnSkip
        self.reset = reset
        tied = sources.count == 1 ? nil : TiedSubscription(file: file, line: line)
        super.init()
        shown?.addFeeder(self)
        if joins {
            sources.forEach { target.domain.join($0.domain) }
        }
        target.raiseHeight(above: sources.map(\.heightNow).max() ?? -1)
        if target.opensTransactions.load(ordering: .relaxed) {
            sources.forEach { $0.opensTransactionsFromNowOn(depth: 0) }
        }
    }

    /// Takes `part`, a source's subscriber made with this feed in its closure, as the next of its
    /// parts: call it for each source, in order, before attaching any.
    @usableFromInline func connect(_ part: Subscription) {
        guard let tied else {
            self.part = part
            return
        }
        tied.tie(part)
    }

    /// One subscription per source, in the order of `sources`, while they last.
    var parts: [Subscription] {
        tied?.parts ?? [part].compactMap { $0 }
    }

    /// Follows one more source, made after the operator (a `switchToLatest`'s inner subject): the
    /// target must stay higher than it, and a send to it must open a transaction if one to the
    /// target does.
    @usableFromInline func follows(_ source: any SubscriptionHost) {
        let opens = receiver._withUnsafeGuaranteedRef { target in
            target.raiseHeight(above: source.heightNow)
            return target.opensTransactions.load(ordering: .relaxed)
        }
        if opens {
            source.opensTransactionsFromNowOn(depth: 0)
        }
    }

    /// A source became higher: so must the target, and what it feeds.
    @usableFromInline override func sourceRaised(to height: Int, depth: Int) {
        receiver._withUnsafeGuaranteedRef { $0.raiseHeight(above: height, depth: depth) }
    }

    /// Passes `value` on from a delivery running in `isolation`, and detaches if nobody was listening and nobody else holds the target.
    @inlinable @inline(__always) func send(_ value: Output, from isolation: (any Actor)?) {
        let isListenedTo = receiver._withUnsafeGuaranteedRef { $0.send(value, tag: nil, from: isolation) }
        if !isListenedTo && !isObserved(depth: 0) {
            detach()
        }
    }

    /// Passes `value` on, or nothing for this value (`skip`) when it is `nil`.
    @inlinable func sendOrSkip(_ value: Output?, from isolation: (any Actor)?) {
        if let value {
            send(value, from: isolation)
        } else {
            skip()
        }
    }

    /// Passes nothing on for this value.
    @inlinable func skip() {
        // Through `receiver`, as `send` does: only the uniqueness check touches `target`.
        if forgetsOnSkip {
            receiver._withUnsafeGuaranteedRef { $0.forgetReplay() }
        }
        detachIfUnobserved()
    }

    /// Detaches from the sources if nobody can observe the target any more.
    @inlinable func detachIfUnobserved() {
        if !isObserved(depth: 0) {
            detach()
        }
    }

    /// Detaches from the sources, and then lets the operators feeding them detach if that leaves
    /// nobody to observe them either (DeadChains.swift).
    @usableFromInline func detach() {
        detachDeadFeeders(of: detachedFromSources())
    }

    /// Detaches from the sources; returns them, or none if it was detached already.
    private func detachedFromSources() -> [WeakHost] {
        guard let subscription, !subscription.isCancelledFlagSet else { return [] }
        let sources = self.sources.map(\.weakHost)  // while the parts still know their hosts
        subscription.cancel()
        return sources
    }

    @usableFromInline override func detachedIfUnobserved() -> [WeakHost] {
        guard !isObserved(depth: 0), !sources.contains(where: \.isDeliveredByAnotherThread) else { return [] }
        return detachedFromSources()
    }

    /// A source forgot what it replays: so does the target, and so does the operator.
    @usableFromInline override func sourceForgot() {
        reset?()
        receiver._withUnsafeGuaranteedRef { $0.forgetReplay() }
    }

    override func add(to graph: inout DebugGraph) {
        draw(in: &graph)
    }

    /// Whether anyone can still observe the target: someone else holds it, or it has a
    /// subscriber that can (see `SubjectBase.hasObservers`).
    @inlinable override func isObserved(depth: Int) -> Bool {
        let isOnlyHolder = target.locked { isKnownUniquelyReferenced(&$0) }
        return !isOnlyHolder || receiver._withUnsafeGuaranteedRef { $0.hasObservers(depth: depth) }
    }
}

extension Feed: FeedsSubject {
    var sources: [any SubscriptionHost] {
        parts.compactMap(\.host) + [following?()].compactMap { $0 }
    }
}

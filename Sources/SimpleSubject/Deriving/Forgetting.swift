import Synchronization

// How a value an operator drops clears what is replayed downstream of it (guarantee 9 in "Why
// no monad layer"): the target forgets, in order with its values, and tells what it feeds to forget.
extension SubjectBase {
    /// Forgets what this subject replays and makes the operators fed from it forget theirs, in
    /// order with its values (a `filter` that drops a value calls it on its target).
    @inlinable final func forgetReplay() {
        // An empty buffer and nothing queued: no value came since the last forget, which told
        // everything downstream already (a `filter` that drops value after value costs a lock).
        guard !state.locked({ $0.queue.isEmpty && $0.memory.isEmptyReplay }) else { return }
        inOrder { _ in
            // The `_`s, released after the lock: what a change retired during the last piece of
            // work (taken before the snapshot, which must find nothing retired), and what is forgotten.
            let (_, subscribers, _) = self.state.locked { state in
                defer { state.memory.forget() }
                return (state.subscribers.takeRetired(), state.subscribers.snapshot(), state.memory)
            }
            for case let slot? in subscribers where !slot.subscription.isCancelledFlagSet {
                slot.link?.sourceForgot()
            }
        }
    }

    /// Runs `body` in order with this subject's values: now if nothing is being delivered,
    /// otherwise by the delivering call, after the work queued before it.
    @usableFromInline final func inOrder(_ body: @escaping (_ isolation: (any Actor)?) -> Void) {
        while true {
            if phase.load(ordering: .acquiring) == .idle && state.locked({ becomeDeliverer(&$0) }) {
                body(nil)
                finishDelivering(in: nil)
                return
            }
            if queue(.run(body)) {
                return
            }
        }
    }
}

extension SubjectBase {
    /// Whether a value that an operator made from this subject drops makes `target` forget what
    /// it replays: when this subject stands for a current value — a ``Subject``, or a
    /// ``ReplaySubject`` made from one by an operator — a dropped value stands for a current
    /// value that is not there. `target` then stands for one too, so that the rule holds down a
    /// chain (`credit.filter { … }.filter { … }`).
    @inlinable final func clearsReplayOnDrop<Output>(of target: SubjectBase<Output>) -> Bool {
        guard let replaying = target as? ReplaySubject<Output>, standsForACurrentValue else { return false }
        replaying.isCurrentValueStandIn.store(true, ordering: .relaxed)
        return true
    }

    /// A ``Subject``, or a ``ReplaySubject`` made from one by an operator.
    @inlinable final var standsForACurrentValue: Bool {
        if self is Subject<Value> {
            return true
        }
        guard let replaying = self as? ReplaySubject<Value> else { return false }
        return replaying.isCurrentValueStandIn.load(ordering: .relaxed)
    }
}

extension SubjectBase.Memory {
    /// A ``ReplaySubject`` with nothing to replay.
    @inlinable var isEmptyReplay: Bool {
        switch self {
        case .recent(let values, _):
            values.isEmpty
        case .single(let value):
            value == nil
        case .nothing, .latest:
            false
        }
    }

    /// Empties a ``ReplaySubject``'s buffer: the only kind that has something to forget.
    @usableFromInline mutating func forget() {
        switch self {
        case .recent(_, let size):
            self = .recent([], size: size)
        case .single:
            self = .single(nil)
        case .nothing, .latest:
            break
        }
    }
}

// How a value an operator drops clears what is replayed downstream of it (DESIGN.md, delivery
// guarantee 9): the target forgets, in order with its values, and tells what it feeds to forget.
extension SubjectBase {
    /// Forgets what this subject replays and makes the operators fed from it forget theirs, in
    /// order with its values (a `filter` that drops a value calls it on its target).
    final func forgetReplay() {
        inOrder { _ in
            let (subscribers, _) = self.state.locked { state in  // `_`: forgotten, after the lock
                defer { state.memory.forget() }
                return (state.slots, state.memory)
            }
            for case let slot? in subscribers where !slot.subscription.isCancelledFlagSet {
                slot.link?.sourceForgot()
            }
        }
    }
}

extension SubjectBase.Memory {
    /// Empties a ``ReplaySubject``'s buffer: the only kind that has something to forget.
    mutating func forget() {
        if case .recent(_, let size) = self {
            self = .recent([], size: size)
        }
    }
}

import Synchronization

// Cancelling: a subscription takes its slot out of its subject's list.
extension SubjectBase {
    /// The subject's `remove(_:)`: `removeSlot` specialized for its `Value`. `Subscription`
    /// reaches its subject through a type-erased host, so calling `removeSlot` from there would
    /// run it as unspecialized generic code, several times slower.
    @usableFromInline func remove(_ subscription: Subscription) {
        remover!(subscription)
    }

    @inlinable final func removeSlot(of subscription: Subscription) {
        _ = state.locked { state -> (Slot?, ContiguousArray<Slot?>) in  // both go after the lock is released
            liveCount.subtract(1, ordering: .relaxed)
            guard subscription.slotIndex >= 0 else { return (nil, []) }  // cancelled before it was attached
            let read = phase.load(ordering: .acquiring) == .idle ? [] : state.slots  // as in `State.insert`
            let removed = state.slots[subscription.slotIndex]
            state.slots[subscription.slotIndex] = nil
            state.emptySlots += 1
            if state.emptySlots > 16 && state.emptySlots * 2 > state.slots.count {
                state.compact()
            }
            return (removed, read)
        }
    }
}

extension SubjectBase.State {
    /// Drops the empty slots. Runs after half the slots have emptied, so cancel stays O(1)
    /// amortised.
    @inlinable mutating func compact() {
        slots.removeAll(where: { $0 == nil })  // in place: keeps the buffer, allocates nothing
        for (index, slot) in slots.enumerated() {
            slot!.subscription.slotIndex = index
        }
        emptySlots = 0
    }
}

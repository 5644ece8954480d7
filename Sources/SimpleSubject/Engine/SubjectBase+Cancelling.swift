import Synchronization

// Cancelling: a subscription takes its slot out of its subject's list.
extension SubjectBase {
    @inlinable final func removeSlot(of subscription: Subscription) {
        // Both go after the lock is released: the slot, and a buffer no delivery reads any more.
        _ = state.locked { state -> (Slot?, ContiguousArray<Slot?>?) in
            liveCount.subtract(1, ordering: .relaxed)
            guard subscription.slotIndex >= 0 else { return (nil, nil) }  // cancelled before it was attached
            let removed = state.subscribers.remove(subscription, whileRead: phase.load(ordering: .acquiring) != .idle)
            return (removed, handOverRetired(&state))
        }
    }
}

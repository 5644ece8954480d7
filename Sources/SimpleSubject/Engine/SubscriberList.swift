extension SubjectBase {
    /// A subject's subscribers, in subscription order, with O(1) removal: the seed's
    /// `blockArray`, made safe to change while a delivery reads it.
    ///
    /// A delivery reads a snapshot outside the lock (`snapshot()`); the list then is `shared`.
    /// The first change made while it is shared and a delivery may still be reading goes into a
    /// copy, never into the buffer being read — the reference count would ensure that anyway, but
    /// ThreadSanitizer cannot see the runtime's atomic reference counts, and without the copy it
    /// reports the delivery's reads as racing the change. Every later change until the next
    /// snapshot goes into that copy, in place: nobody else has seen it. So a delivery in which
    /// thousands of subscribers leave costs one copy, not one per leaver.
    @usableFromInline struct SubscriberList {
        @usableFromInline var slots: ContiguousArray<Slot?> = []
        /// Slots emptied by a removal: compacted once they are half the list.
        @usableFromInline var emptySlots = 0
        /// Whether `slots` has been handed to a delivery since it last changed.
        @usableFromInline var isShared = false

        @inlinable init() {}

        /// The subscribers, for a delivery to read outside the lock.
        @inlinable
        @inline(__always)
        mutating func snapshot() -> ContiguousArray<Slot?> {
            isShared = true
            return slots
        }

        /// Appends `slot`. `whileRead`: a delivery may be reading a snapshot (the subject is not
        /// idle). Returns what the caller must hold until the lock is released, so that it is
        /// freed after it.
        ///
        /// - Complexity: amortised O(1); O(*n*) for the first change after a snapshot while a
        ///   delivery reads it.
        @inlinable mutating func insert(_ slot: Slot, whileRead isRead: Bool) -> ContiguousArray<Slot?> {
            let read = unshare(whileRead: isRead)
            slot.subscription.slotIndex = slots.count
            slots.append(slot)
            return read
        }

        /// Takes out the slot of `subscription`; returns it and what the caller must hold until the
        /// lock is released, as `insert` does.
        ///
        /// - Complexity: amortised O(1), also while a delivery reads (see the type).
        @inlinable mutating func remove(_ subscription: Subscription, whileRead isRead: Bool)
        -> (Slot?, ContiguousArray<Slot?>) {
            let read = unshare(whileRead: isRead)
            let removed = slots[subscription.slotIndex]
            slots[subscription.slotIndex] = nil
            emptySlots += 1
            if emptySlots > 16 && emptySlots * 2 > slots.count {
                compact()
            }
            return (removed, read)
        }

        /// Before a change: when a delivery may be reading a snapshot of this very buffer, returns
        /// a reference to it, held across the change, which then copies.
        @inlinable
        @inline(__always)
        mutating func unshare(whileRead isRead: Bool) -> ContiguousArray<Slot?> {
            defer { isShared = false }
            return isShared && isRead ? slots : []
        }

        /// Drops the empty slots. Runs after half the slots have emptied, so removal stays O(1)
        /// amortised.
        @inlinable mutating func compact() {
            slots.removeAll(where: { $0 == nil })  // in place: keeps the buffer, allocates nothing
            for (index, slot) in slots.enumerated() {
                slot!.subscription.slotIndex = index
            }
            emptySlots = 0
        }
    }
}

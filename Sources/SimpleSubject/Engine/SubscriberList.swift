extension SubjectBase {
    /// A subject's subscribers, in subscription order, with O(1) removal: the seed's
    /// `blockArray`, made safe to change while a delivery reads it.
    ///
    /// A delivery reads a snapshot outside the lock (`snapshot()`); the list then is `shared`.
    /// The snapshot holds no reference to the buffer: a reference is two atomic read-modify-writes
    /// on every send to every stage. The list keeps the buffer alive instead. The first change
    /// made while it is shared and a delivery may still be reading goes into a copy, and
    /// the buffer being read is `retired`: kept until the deliverer comes back under the lock
    /// (`takeRetired`, in `drainQueue`; the change marks work for it) or until the delivery is
    /// over. Every later change until the next snapshot goes into that copy, in place: nobody
    /// else has seen it. So a delivery in which thousands of subscribers leave costs one copy, not
    /// one per leaver.
    @usableFromInline struct SubscriberList {
        /// What a delivery reads, outside the lock: a buffer that this list keeps alive and
        /// unchanged until the delivery is over.
        @usableFromInline typealias Snapshot = UnsafeBufferPointer<Slot?>

        @usableFromInline var slots: ContiguousArray<Slot?> = []
        /// Slots emptied by a removal: compacted once they are half the list.
        @usableFromInline var emptySlots = 0
        /// Whether `slots` has been handed to a delivery since it last changed.
        @usableFromInline var isShared = false
        /// The buffer a delivery may still be reading, replaced by a copy that took a change.
        @usableFromInline var retired: ContiguousArray<Slot?>?

        @inlinable init() {}

        /// The subscribers, for a delivery to read outside the lock, by the thread whose turn it is.
        /// The pointer outlives the closure that gives it: `slots` (or `retired`, once changed)
        /// holds the buffer, and a `ContiguousArray`'s elements stay where they are while it does.
        @inlinable
        @inline(__always)
        mutating func snapshot() -> Snapshot {
            assert(retired == nil, "a snapshot was taken while a retired buffer was kept")
            isShared = true
            return slots.withUnsafeBufferPointer { $0 }
        }

        /// The retired buffer, for the deliverer to release after the lock, once its delivery is over.
        @inlinable mutating func takeRetired() -> ContiguousArray<Slot?>? {
            defer { retired = nil }
            return retired
        }

        /// Appends `slot`. `whileRead`: a delivery may be reading a snapshot (the subject is not
        /// idle). The caller then sees to what this retired (`SubjectBase.handOverRetired`).
        ///
        /// - Complexity: amortised O(1); O(*n*) for the first change after a snapshot while a
        ///   delivery reads it.
        @inlinable mutating func insert(_ slot: consuming Slot, whileRead isRead: Bool) {
            unshare(whileRead: isRead)
            slot.subscription.slotIndex = slots.count
            slots.append(slot)
        }

        /// Takes out the slot of `subscription`, and returns it; the caller sees to what this
        /// retired, as for `insert`.
        ///
        /// - Complexity: amortised O(1), also while a delivery reads (see the type).
        @inlinable mutating func remove(_ subscription: Subscription, whileRead isRead: Bool)
        -> Slot? {
            unshare(whileRead: isRead)
            let removed = slots[subscription.slotIndex].take()
            emptySlots += 1
            if emptySlots > 16 && emptySlots * 2 > slots.count {
                compact()
            }
            return removed
        }

        /// Before a change: when a delivery may be reading a snapshot of this very buffer, retires
        /// it, so that the change copies. Nothing is retired then: only a snapshot makes the list
        /// shared, and the deliverer takes whatever is retired under the lock before it takes one.
        @inlinable
        @inline(__always)
        mutating func unshare(whileRead isRead: Bool) {
            defer { isShared = false }
            guard isShared && isRead else { return }
            assert(retired == nil, "a snapshot was taken while a retired buffer was kept")
            retired = slots
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

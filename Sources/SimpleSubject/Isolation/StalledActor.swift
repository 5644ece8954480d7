import SimpleSubjectRuntime

/// The actor whose queue this thread last waited for in vain (see `Hop.enqueue`), so that it does
/// not wait for that actor's other queues right after. Each subscriber on an actor has a queue of
/// its own, and each stops its senders' waits once it has timed out; but a sender passing a value
/// on to many subscribers on one held-up actor waited 100 ms for each in turn (outside attack,
/// 2026-11-27: 50 subscribers on a blocked main actor, 5 s in one `sendNext`). Now a time-out for
/// an actor spares the thread every wait for that actor for `hopWaitMilliseconds`: the queues it
/// would have waited for are marked held up, as if it had, and wait no more until the actor
/// delivers. Per thread, in its thread-local state: only the thread itself reads and writes it,
/// and it holds an identity, not a reference (an actor at the same address later is spared one
/// wait at most).
enum StalledActor {
    /// Whether this thread waited for a queue of the actor `actorID` in vain less than
    /// `hopWaitMilliseconds` ago.
    static func isRecent(_ actorID: ObjectIdentifier, now: Int) -> Bool {
        let thread = simple_subject_thread_state()
        guard thread.pointee.stalledActor == UnsafeRawPointer(bitPattern: UInt(bitPattern: actorID)) else {
            return false
        }
        return now - Int(thread.pointee.stalledAt) < hopWaitMilliseconds * 1_000_000
    }

    /// This thread waited for a queue of the actor `actorID` in vain, at `now`.
    static func remember(_ actorID: ObjectIdentifier, now: Int) {
        let thread = simple_subject_thread_state()
        thread.pointee.stalledActor = UnsafeRawPointer(bitPattern: UInt(bitPattern: actorID))
        thread.pointee.stalledAt = UInt64(now)
    }
}

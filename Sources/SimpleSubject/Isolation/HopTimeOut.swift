import SimpleSubjectRuntime

/// When this thread last waited for room in an actor's queue in vain (see `Hop.enqueue`), so that
/// it waits for no actor's queue right after. Each subscriber on an actor has a queue of its own,
/// and each stops its senders' waits once it has timed out; but a sender passing a value on to
/// many subscribers on a held-up actor would wait 100 ms for each in turn, and remembering only
/// the actor would not help when the subscribers of two held-up actors take turns in a list.
/// So for `hopWaitMilliseconds` after a time-out the thread waits for no queue at all: the queues
/// it would have waited for are marked held up, as if it had, and wait no more until their actor
/// delivers. A queue of an actor that is not held up is marked too, and unmarked with its next
/// delivery. Per thread, in its thread-local state, which only the thread itself touches.
enum HopTimeOut {
    /// Whether this thread waited for an actor's queue in vain less than `hopWaitMilliseconds`
    /// before `now` (monotonic nanoseconds).
    static func isRecent(now: Int) -> Bool {
        let at = Int(simple_subject_thread_state().pointee.hopTimedOutAt)
        return at != 0 && now - at < hopWaitMilliseconds * 1_000_000
    }

    /// This thread waited for an actor's queue in vain, at `now`.
    static func remember(now: Int) {
        simple_subject_thread_state().pointee.hopTimedOutAt = UInt64(now)
    }
}

/// The order in which a time operator's values leave it: the order it decided to send them.
///
/// A time operator decides under its lock, on two threads — the source's, as a value arrives, and
/// the sleep's, as an interval ends — and sends after unlocking. Between the two, the thread that
/// decided first may be overtaken. So a decision is queued here in the same locked region: the
/// thread that finds nobody sending sends its batch, then whatever others decided meanwhile, until
/// nothing is left; a thread that finds someone sending leaves its values to that thread.
@usableFromInline struct SendOrder<Value> {
    @usableFromInline enum State {
        /// No thread is sending the operator's values.
        case idle
        /// A thread is sending; `queued` were decided meanwhile, for it to send next.
        case sending(queued: [Value])
    }

    @usableFromInline var state = State.idle

    @usableFromInline init() {}

    /// `values` were decided, in order. Returns what the deciding thread sends now: `values`, or
    /// nothing while another thread is sending (that thread sends them after its batch).
    @usableFromInline mutating func decided(_ values: [Value]) -> [Value] {
        guard !values.isEmpty else {
            return []
        }
        switch state {
        case .idle:
            state = .sending(queued: [])
            return values
        case .sending(let queued):
            state = .sending(queued: queued + values)
            return []
        }
    }

    /// The sending thread sent its batch. Returns the next one, or nothing once none is left
    /// (then no thread is sending).
    @usableFromInline mutating func batchSent() -> [Value] {
        guard case .sending(let queued) = state else {
            preconditionFailure("Only the thread that is sending finishes a batch")
        }
        guard !queued.isEmpty else {
            state = .idle
            return []
        }
        state = .sending(queued: [])
        return queued
    }

    /// What a sleep does on waking, with the value it decided to send queued in this order: the
    /// batch the waking thread sends now.
    @usableFromInline mutating func ordered<Instant>(_ wake: SleeperWake<Value, Instant>) -> SleeperWake<[Value], Instant> {
        switch wake {
        case .sleep(let next):
            .sleep(until: next)
        case .send(let value, let next):
            .send(decided([value]), thenSleepUntil: next)
        case .finish:
            .finish
        }
    }
}

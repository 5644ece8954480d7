import SimpleSubject

/// A `firstValue` wait: before its continuation is stored, while it waits, and once it is over.
/// A value can come (from the subscriber's first call) before the subscription is stored, and a
/// cancel before the continuation is: each event says what to do once the lock is released.
struct FirstValueWaitStateMachine<Value: Sendable> {
    private enum State {
        /// The continuation is not stored yet; `early` is what ended the wait meanwhile (a cancel).
        case starting(early: Result<Value, any Error>?)
        /// Waiting, with what to end once it is over.
        case waiting(CheckedContinuation<Value, any Error>, Subscription?, Task<Void, any Error>?)
        /// Over: the continuation was resumed.
        case over
    }

    /// What the thread that ends the wait does after unlocking.
    struct Ending {
        let continuation: CheckedContinuation<Value, any Error>
        let subscription: Subscription?
        let timer: Task<Void, any Error>?
    }

    private var state = State.starting(early: nil)

    /// Whether a value, the time limit or a cancel has ended the wait.
    var isOver: Bool {
        switch state {
        case .starting(nil), .waiting:
            false
        case .starting, .over:
            true
        }
    }

    /// The continuation is stored. Returns what ended the wait before it was, to resume it with.
    mutating func started(_ continuation: CheckedContinuation<Value, any Error>) -> Result<Value, any Error>? {
        guard case .starting(let early) = state else {
            preconditionFailure("A wait starts once")
        }
        guard let early else {
            state = .waiting(continuation, nil, nil)
            return nil
        }
        state = .over
        return early
    }

    /// The subscription is made. Returns whether to cancel it: the wait is over already.
    mutating func subscribed(_ subscription: Subscription) -> Bool {
        switch state {
        case .starting:
            preconditionFailure("A wait subscribes after it started")
        case .waiting(let continuation, nil, let timer):
            state = .waiting(continuation, subscription, timer)
            return false
        case .waiting:
            preconditionFailure("A wait subscribes once")
        case .over:
            return true
        }
    }

    /// The timer is started. Returns whether to cancel it: the wait is over already.
    mutating func timerStarted(_ timer: Task<Void, any Error>) -> Bool {
        switch state {
        case .starting:
            preconditionFailure("A wait starts its timer after it started")
        case .waiting(let continuation, let subscription, nil):
            state = .waiting(continuation, subscription, timer)
            return false
        case .waiting:
            preconditionFailure("A wait starts one timer")
        case .over:
            return true
        }
    }

    /// A value, the time limit or a cancel ends the wait. Returns what to resume and end, the
    /// first time only.
    mutating func finished(with result: Result<Value, any Error>) -> Ending? {
        switch state {
        case .starting(nil):
            state = .starting(early: result)
            return nil
        case .starting, .over:
            return nil
        case .waiting(let continuation, let subscription, let timer):
            state = .over
            return Ending(continuation: continuation, subscription: subscription, timer: timer)
        }
    }
}

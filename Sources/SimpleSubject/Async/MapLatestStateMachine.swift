/// A `mapLatest`'s request: which value's request is the latest, and its task, so that a newer
/// value cancels it and an older result is not sent.
struct MapLatestStateMachine {
    private enum State {
        /// No request runs.
        case idle
        /// The request for the value numbered `generation` runs; its task is `nil` until the
        /// operator has made it (the task may finish before).
        case running(generation: Int, task: Task<Void, Never>?)
        /// The operator's source subscription ended: no request starts any more.
        case ended
    }

    private var state = State.idle
    /// The number the next value gets.
    private var nextGeneration = 0

    /// What a value's arrival does.
    enum Arrival: Equatable {
        /// Start the request numbered `generation`, after cancelling `cancelling` (the older one).
        case start(generation: Int, cancelling: Task<Void, Never>?)
        /// The operator has ended: start nothing.
        case ignore
    }

    /// A value arrived: its request becomes the latest.
    mutating func arrived() -> Arrival {
        let previous: Task<Void, Never>?
        switch state {
        case .ended:
            return .ignore
        case .idle:
            previous = nil
        case .running(_, let task):
            previous = task
        }
        let generation = nextGeneration
        nextGeneration += 1
        state = .running(generation: generation, task: nil)
        return .start(generation: generation, cancelling: previous)
    }

    /// The request numbered `generation` has its task. Returns the task to cancel when the
    /// request is no longer the latest (a newer value, or the end, came while it was made).
    mutating func started(_ task: Task<Void, Never>, generation: Int) -> Task<Void, Never>? {
        switch state {
        case .running(generation, nil):
            state = .running(generation: generation, task: task)
            return nil
        case .running(generation, .some):
            preconditionFailure("A mapLatest request is started once")
        case .idle:
            return nil  // it finished already
        case .running, .ended:
            return task
        }
    }

    /// The request numbered `generation` has its result: whether to send it (it is still the
    /// latest).
    mutating func finished(generation: Int) -> Bool {
        guard case .running(generation, _) = state else { return false }
        state = .idle
        return true
    }

    /// The operator ended: returns the running request's task, to cancel.
    mutating func ended() -> Task<Void, Never>? {
        defer { state = .ended }
        guard case .running(_, let task) = state else { return nil }
        return task
    }
}

/// A `TestClock`'s time and what waits on it: the instant it shows, the sleepers in deadline order,
/// and whether anything it started is still in flight. `TestClock` takes its lock, reports one
/// event, releases the lock and does what the event returned — resumes a sleeper, runs an
/// action — so no lock is held while a test's code runs.
struct TestClockStateMachine {
    /// What a sleeper waits for.
    enum Job: Sendable {
        /// A task suspended in `sleep(until:)`: resumed with `true` ("an advance woke you").
        case resume(CheckedContinuation<Bool, any Error>)
        /// A schedule's action, to run on the advancing thread.
        case run(TestClock.Action)
    }

    /// A sleeper in the queue. `id` names a sleep, or a schedule across all its runs.
    struct Sleeper: Sendable {
        let id: Int
        let deadline: TestClock.Instant
        let job: Job
    }

    /// The thread whose advances run sleepers, and how many of its advances are open: advances
    /// take turns, so that what falls due runs in deadline order whoever advances. One made from
    /// inside an action it runs counts again, and so does another thread's that went ahead.
    private struct Runner {
        let thread: UInt
        var advances: Int
    }

    /// Whether anything the clock started is still in flight, for `settle()`.
    private enum Activity {
        /// No advance runs, and every sleep an advance ended has returned.
        case settled
        /// `runner`'s advances are running (`nil`: none is); `waking` sleeps an advance ended
        /// have not returned yet; `waiters` wait in `settle()` until neither is left.
        case busy(runner: Runner?, waking: Int, waiters: [CheckedContinuation<Void, Never>])
    }

    /// The instant the clock shows: it only moves forward.
    private(set) var now = TestClock.Instant(offset: .zero)
    /// Sleepers by deadline, earliest first; equal deadlines in the order they were queued.
    private var queue: [Sleeper] = []
    /// Sleepers out of the queue for a moment — a sleep being queued, an action running — by id:
    /// `true` once cancelled meanwhile, so that whoever holds one drops it.
    private var inHand: [Int: Bool] = [:]
    private var activity = Activity.settled
    private var lastID = 0
    /// How many sleepers advances have taken and how many actions have returned: a thread that
    /// waits for another's advance goes ahead only when this stays still for its whole wait (that
    /// advance is held up in one action), not when the advance is merely long.
    private(set) var progress = 0

    /// How many sleepers wait in the queue.
    var count: Int {
        queue.count
    }

    // MARK: Sleeping and scheduling

    /// A task is about to sleep: its id, to queue it with and to cancel it by.
    mutating func sleepStarting() -> Int {
        lastID += 1
        inHand[lastID] = false
        return lastID
    }

    /// What `sleep(until:)` does with its continuation.
    enum SleepAction: Sendable {
        /// Suspend: an advance or a cancel resumes it.
        case wait
        /// Resume at once: the deadline has passed (`false`: no advance woke it).
        case resumeNow
        /// Throw `CancellationError`: the task was cancelled before it was queued.
        case throwCancellation
    }

    /// Sleep `id` queues its continuation until `deadline`.
    mutating func sleepQueued(_ id: Int, until deadline: TestClock.Instant,
                              _ continuation: CheckedContinuation<Bool, any Error>) -> SleepAction {
        guard let cancelled = inHand.removeValue(forKey: id) else {
            preconditionFailure("A sleep is queued once, after it started")
        }
        if cancelled {
            return .throwCancellation
        }
        if deadline <= now {
            return .resumeNow
        }
        insert(Sleeper(id: id, deadline: deadline, job: .resume(continuation)))
        return .wait
    }

    /// A schedule's first run is queued at `deadline`; returns its id.
    mutating func scheduled(at deadline: TestClock.Instant, _ action: @escaping TestClock.Action) -> Int {
        lastID += 1
        insert(Sleeper(id: lastID, deadline: deadline, job: .run(action)))
        return lastID
    }

    /// What the canceller does once the lock is released.
    enum CancelAction: Sendable {
        /// Nothing: the sleeper is running, already gone, or was never queued.
        case none
        /// Resume a sleeping task with `CancellationError`.
        case throwCancellation(CheckedContinuation<Bool, any Error>)
        /// Let go of a schedule's action (its captures may run a `deinit`: not under the lock).
        case release(TestClock.Action)
    }

    /// Sleep or schedule `id` is cancelled.
    mutating func cancelled(_ id: Int) -> CancelAction {
        if let index = queue.firstIndex(where: { $0.id == id }) {
            switch queue.remove(at: index).job {
            case .resume(let continuation):
                return .throwCancellation(continuation)
            case .run(let action):
                return .release(action)
            }
        }
        if inHand[id] != nil {
            inHand[id] = true
        }
        return .none
    }

    // MARK: Advancing

    /// Thread `thread` asks to begin an advance: true when it may — no advance runs, or those
    /// running are its own (it advances from inside an action one runs), or it has waited long
    /// enough (`goingAhead`: the runner is held up, perhaps in an action that waits for this
    /// thread, so this advance runs as one from inside that action would) — and false while
    /// another thread's advance runs: it asks again once that one finishes.
    mutating func advanceStarted(by thread: UInt, goingAhead: Bool) -> Bool {
        switch activity {
        case .settled:
            activity = .busy(runner: Runner(thread: thread, advances: 1), waking: 0, waiters: [])
            return true
        case .busy(nil, let waking, let waiters):
            activity = .busy(runner: Runner(thread: thread, advances: 1), waking: waking, waiters: waiters)
            return true
        case .busy(var runner?, let waking, let waiters):
            guard runner.thread == thread || goingAhead else {
                return false
            }
            runner.advances += 1
            activity = .busy(runner: runner, waking: waking, waiters: waiters)
            return true
        }
    }

    /// What an advance does next.
    enum Due: Sendable {
        /// Resume a sleeping task (with `true`: an advance woke it).
        case resume(CheckedContinuation<Bool, any Error>)
        /// Run schedule `id`'s action, due at `deadline`, then report `ran`.
        case run(id: Int, deadline: TestClock.Instant, action: TestClock.Action)
        /// Nothing more is due by the advance's target.
        case done
    }

    /// An advance to `target` takes the earliest sleeper due by then — or by `now`, if another
    /// advance went further meanwhile (one made from inside an action this advance runs, whose
    /// own sleeper was in hand then): the clock never shows a time with work due at it left
    /// undone — and moves the clock to its deadline.
    mutating func nextDue(by target: TestClock.Instant) -> Due {
        guard let first = queue.first, first.deadline <= max(target, now) else {
            return .done
        }
        queue.removeFirst()
        progress += 1
        now = max(now, first.deadline)
        switch (first.job, activity) {
        case (_, .settled):
            preconditionFailure("Only an advance takes sleepers from the queue")
        case (.resume(let continuation), .busy(let runner, let waking, let waiters)):
            activity = .busy(runner: runner, waking: waking + 1, waiters: waiters)
            return .resume(continuation)
        case (.run(let action), .busy):
            inHand[first.id] = false
            return .run(id: first.id, deadline: first.deadline, action: action)
        }
    }

    /// Schedule `id`'s action ran and asked to run again at `next`, or not (`nil`). Returns the
    /// action when the schedule is over, to release once the lock is.
    mutating func ran(_ id: Int, _ action: @escaping TestClock.Action, again next: TestClock.Instant?) -> TestClock.Action? {
        progress += 1
        guard let cancelled = inHand.removeValue(forKey: id) else {
            preconditionFailure("Only the advance that runs an action reports it ran")
        }
        guard let next, !cancelled else {
            return action
        }
        insert(Sleeper(id: id, deadline: next, job: .run(action)))
        return nil
    }

    /// An advance to `target` ran everything due: the clock shows `target` (or later, if
    /// another advance went further). Returns the `settle()` waiters to resume.
    mutating func advanceFinished(at target: TestClock.Instant) -> [CheckedContinuation<Void, Never>] {
        now = max(now, target)
        guard case .busy(var runner?, let waking, let waiters) = activity else {
            preconditionFailure("An advance finishes once, after it started")
        }
        runner.advances -= 1
        return settle(runner: runner.advances == 0 ? nil : runner, waking: waking, waiters: waiters)
    }

    /// A sleep that an advance ended has returned to its task. Returns the `settle()` waiters to
    /// resume.
    mutating func sleepReturned() -> [CheckedContinuation<Void, Never>] {
        guard case .busy(let runner, let waking, let waiters) = activity, waking > 0 else {
            preconditionFailure("Only a sleep that an advance ended returns as woken")
        }
        return settle(runner: runner, waking: waking - 1, waiters: waiters)
    }

    // MARK: Settling

    /// `settle()` asks: true when nothing is in flight (resume at once), otherwise its
    /// continuation waits until nothing is.
    mutating func settleRequested(_ continuation: CheckedContinuation<Void, Never>) -> Bool {
        switch activity {
        case .settled:
            return true
        case .busy(let runner, let waking, let waiters):
            activity = .busy(runner: runner, waking: waking, waiters: waiters + [continuation])
            return false
        }
    }

    /// The activity with this runner and count; the waiters to resume when neither is left.
    private mutating func settle(runner: Runner?, waking: Int,
                                 waiters: [CheckedContinuation<Void, Never>]) -> [CheckedContinuation<Void, Never>] {
        assert(waking >= 0, "A clock counts what it started")
        guard runner == nil && waking == 0 else {
            activity = .busy(runner: runner, waking: waking, waiters: waiters)
            return []
        }
        activity = .settled
        return waiters
    }

    /// Queues `sleeper` after every sleeper due no later than it: deadline order, first in first
    /// out among equal deadlines.
    private mutating func insert(_ sleeper: Sleeper) {
        let index = queue.firstIndex { $0.deadline > sleeper.deadline } ?? queue.endIndex
        queue.insert(sleeper, at: index)
    }
}

import SimpleSubject

/// A clock that moves only when a test moves it, and runs what falls due inline, before
/// ``advance(by:isolation:)`` returns: `debounce` and `throttle` tested as synchronously as `map`.
///
/// Time starts at zero and moves only through ``advance(by:isolation:)`` and
/// ``advance(to:isolation:)``. Each advance runs every sleeper that falls due by its target in
/// deadline order — earliest first, first in first out among equal deadlines — on the calling
/// thread, moving ``now`` to each one's deadline as it goes; that includes what those sleepers
/// schedule, when it falls due by the same target. An advance made from inside an action that
/// an advance runs (a subscriber that advances the clock) runs what falls due by its own target
/// itself, nested inside that action, in deadline order, before it returns. There are two
/// kinds of sleeper:
/// - a time operator's (`debounce`, `throttle`): this clock adopts ``SchedulingClock``, so the
///   operator runs no task — its action runs inside the advance, with the advance's isolation,
///   and what it sends reaches subscribers on the test's actor before the advance returns;
/// - a task suspended in ``sleep(until:tolerance:)``: the advance resumes it, and it goes on in
///   its own task, later; ``settle()`` waits until it has returned from the sleep.
///
/// ```swift
/// @MainActor @Test func searchWaitsForTypingToPause() {
///     let clock = TestClock()
///     let query = EventSubject<String>()
///     var searched: [String] = []
///     query.debounce(for: .milliseconds(300), clock: clock).subscribeNext { searched.append($0) }
///     query.sendNext("s").sendNext("sw")
///     clock.advance(by: .milliseconds(299))
///     #expect(searched == [])
///     clock.advance(by: .milliseconds(1))
///     #expect(searched == ["sw"])
/// }
/// ```
///
/// It is `Sendable`: any thread may read, sleep on, schedule on and advance it. Advances from
/// several threads take turns: while one runs what falls due, an advance from another thread
/// waits for it to finish, then moves the clock from where it left it — so whoever advances,
/// sleepers run one at a time in deadline order, advances by a duration add up, and a time
/// operator sends in the order of what it was sent. One case is different: an action that has
/// not returned for 100 ms — one that blocks until a thread advancing the same clock returns
/// would otherwise wait for ever — lets a waiting advance go ahead as one made from inside that
/// action would: its sleepers then run beside that action, and its duration counts from that
/// action's deadline, not from where the running advance stops. Don't make an action wait for a
/// task that awaits ``settle()``: that task waits for the advance running the action.
///
/// - Complexity: queueing a sleeper and cancelling one are O(*n*) in the sleepers waiting; an
///   advance is O(*n*) per sleeper it runs.
public final class TestClock: SchedulingClock, Sendable {
    /// An instant of a ``TestClock``: how long after its start.
    public struct Instant: InstantProtocol, CustomStringConvertible {
        /// The time since the clock's start.
        public var offset: Duration

        /// The instant `offset` after the clock's start.
        public init(offset: Duration) {
            self.offset = offset
        }

        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        public static func < (earlier: Instant, later: Instant) -> Bool {
            earlier.offset < later.offset
        }

        public var description: String {
            "\(offset)"
        }
    }

    /// A schedule's action, as ``SchedulingClock/schedule(at:_:)`` takes it.
    public typealias Action = @Sendable (_ deadline: Instant, _ isolation: isolated (any Actor)?) -> Instant?

    private let state = Monitor(TestClockStateMachine())

    /// A clock at zero, with nothing waiting on it.
    public init() {}

    /// The instant the clock shows: zero, then where the last advance took it — or, while an
    /// advance runs a sleeper, that sleeper's deadline.
    public var now: Instant {
        state.withLock { $0.now }
    }

    /// Zero: the clock moves exactly as far as it is told.
    public var minimumResolution: Duration {
        .zero
    }

    /// How many sleepers wait for an advance: tasks in ``sleep(until:tolerance:)`` and schedules
    /// not yet due or cancelled. A time operator whose subscription ended leaves none behind.
    public var sleeperCount: Int {
        state.withLock { $0.count }
    }

    /// Suspends until an advance passes `deadline`; returns at once if it has passed already.
    ///
    /// - Throws: `CancellationError` as soon as the calling task is cancelled, whether it
    ///   sleeps already or is about to.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { $0.sleepStarting() }
        let woken = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Bool, any Error>) in
                let action = state.withLock { $0.sleepQueued(id, until: deadline, continuation) }
                switch action {
                case .wait:
                    break
                case .resumeNow:
                    continuation.resume(returning: false)
                case .throwCancellation:
                    continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            cancel(id)
        }
        if woken {
            resume(state.withLock { $0.sleepReturned() })
        }
    }

    /// Moves the clock forward by `duration`, running every sleeper that falls due on the way,
    /// in deadline order, on the calling thread, before it returns.
    ///
    /// - Parameters:
    ///   - duration: How far to move; zero runs what is due now. A negative one moves nothing.
    ///   - isolation: The caller's isolation, passed to the actions it runs so that what they
    ///     send reaches subscribers on the caller's actor at once. Leave it to the default.
    public func advance(by duration: Duration, isolation: isolated (any Actor)? = #isolation) {
        advance(isolation) { $0.advanced(by: duration) }
    }

    /// Moves the clock forward to `deadline`, running every sleeper that falls due on the way,
    /// in deadline order, on the calling thread, before it returns; see ``advance(by:isolation:)``.
    /// An instant before ``now`` leaves the clock where it is and runs what is due.
    public func advance(to deadline: Instant, isolation: isolated (any Actor)? = #isolation) {
        advance(isolation) { _ in deadline }
    }

    /// How long an advance waits for another thread's, while that one runs no sleeper to its end,
    /// before it goes ahead anyway.
    static let turnWaitMilliseconds = 100

    /// Takes the turn to run sleepers — waiting for another thread's advance to finish for as long
    /// as it makes progress, and going ahead once it has made none for `turnWaitMilliseconds` —
    /// then moves the clock to `target` of where that advance left it.
    private func advance(_ isolation: isolated (any Actor)?, to target: (Instant) -> Instant) {
        let thread = currentThreadIdentity()
        var deadline = Instant(offset: .zero)
        func start(_ machine: inout TestClockStateMachine, goingAhead: Bool) -> Bool {
            guard machine.advanceStarted(by: thread, goingAhead: goingAhead) else {
                return false
            }
            deadline = target(machine.now)
            return true
        }
        var seen = state.withLock { $0.progress }
        while !state.wait(atMost: Self.turnWaitMilliseconds, until: { start(&$0, goingAhead: false) }) {
            let wentAhead = state.withLock { machine in
                guard machine.progress == seen else {
                    seen = machine.progress  // the other advance is moving: wait on
                    return false
                }
                return start(&machine, goingAhead: true)
            }
            if wentAhead {
                break
            }
        }
        while true {
            let due = state.withLock { $0.nextDue(by: deadline) }
            switch due {
            case .resume(let continuation):
                continuation.resume(returning: true)
            case .run(let id, let due, let action):
                let next = action(due, isolation)
                _ = state.withLock { $0.ran(id, action, again: next) }  // an ended one is released after the lock
            case .done:
                resume(state.withLock { $0.advanceFinished(at: deadline) })
                return
            }
        }
    }

    /// Returns once nothing this clock started is in flight: no ``advance(by:isolation:)`` is
    /// running on any thread, and every task that an advance resumed from
    /// ``sleep(until:tolerance:)`` has returned from that sleep.
    ///
    /// It does not wait for an advance that has not started yet, for what a woken task does after
    /// its sleep returns, nor for sleepers not yet due: to wait for a value a task sends, iterate
    /// the subject's `values`, or await the task. Time operators need no settling — under this
    /// clock they send inside the advance.
    ///
    /// ```swift
    /// clock.advance(by: .seconds(1))
    /// await clock.settle()  // every task that advance woke has returned from its sleep
    /// ```
    public func settle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let settled = state.withLock { $0.settleRequested(continuation) }
            if settled {
                continuation.resume()
            }
        }
    }

    /// Runs `action` at `deadline`, inside the advance that passes it, then again at each instant
    /// it returns; see ``SchedulingClock/schedule(at:_:)``. A deadline already passed runs at the
    /// next advance.
    public func schedule(at deadline: Instant, _ action: @escaping Action) -> Scheduled {
        Scheduled(id: state.withLock { $0.scheduled(at: deadline, action) }, clock: self)
    }

    /// A schedule on a ``TestClock``, to cancel.
    public struct Scheduled: ScheduledAction {
        let id: Int
        let clock: TestClock

        /// Ends the schedule: its action is not started again and the clock lets go of it.
        public func cancel() {
            clock.cancel(id)
        }
    }

    /// Cancels sleep or schedule `id`; what it let go of is released after the lock.
    private func cancel(_ id: Int) {
        let action = state.withLock { $0.cancelled(id) }
        switch action {
        case .none, .release:
            break
        case .throwCancellation(let continuation):
            continuation.resume(throwing: CancellationError())
        }
    }

    private func resume(_ waiters: [CheckedContinuation<Void, Never>]) {
        for waiter in waiters {
            waiter.resume()
        }
    }
}

/// A clock that runs actions at its own instants, on the thread that moves it: the hook that
/// lets the time operators (`debounce`, `throttle`) wait without a task.
///
/// Given any other clock, a time operator starts a task that sleeps on it, and what it sends
/// arrives in a later turn. Given a clock that adopts this protocol, it calls
/// ``schedule(at:_:)`` instead, and sends from inside the action, on whichever thread runs it.
/// `TestClock` (in the `SimpleSubjectTesting` product) adopts it so that a test moves time with a
/// synchronous `advance(by:)` and asserts right after, with no waiting.
///
/// What an adopter promises:
/// - `action` runs no earlier than `deadline` by this clock, once, on the thread that moves the
///   clock past it, with the deadline it was due at and that thread's isolation (or `nil`, from
///   outside any actor) — the `isolated` parameter makes the compiler check that the caller runs
///   there. Runs of one schedule never overlap.
/// - When `action` returns an instant, the clock runs it again then, as part of the same
///   schedule; when it returns `nil`, the schedule is over.
/// - After ``ScheduledAction/cancel()`` returns, `action` is not started again, and the clock lets
///   go of it (a run already under way on another thread finishes).
/// - No lock of the clock is held while `action` runs: it may schedule, cancel, and read `now`.
///
/// ```swift
/// final class FrameClock: SchedulingClock { … }  // runs what is due on each frame
/// query.debounce(for: .milliseconds(300), clock: frameClock).subscribeNext { search($0) }
/// ```
///
/// - Complexity: the operators call ``schedule(at:_:)`` once per burst (`debounce`) or spell
///   (`throttle`), and cancel once when they go.
public protocol SchedulingClock: Clock {
    /// What ``schedule(at:_:)`` returns: cancels the schedule.
    associatedtype Scheduled: ScheduledAction

    /// Runs `action` at `deadline` on the thread that moves the clock there, then again at each
    /// instant it returns, until it returns `nil` or the schedule is cancelled.
    ///
    /// - Parameters:
    ///   - deadline: When to run `action` first. An instant already passed runs the next time
    ///     the clock is moved.
    ///   - action: Called with the instant it was due at and the isolation of the code that moves
    ///     the clock; returns the instant to run it again at, or `nil` to end the schedule.
    /// - Returns: A handle that cancels the schedule.
    func schedule(at deadline: Instant,
                  _ action: @escaping @Sendable (_ deadline: Instant, _ isolation: isolated (any Actor)?) -> Instant?) -> Scheduled
}

/// A schedule made with ``SchedulingClock/schedule(at:_:)``, to cancel.
public protocol ScheduledAction: Sendable {
    /// Ends the schedule: its action is not started again, and the clock lets go of it. Safe
    /// from any thread, more than once, and from inside the action itself.
    func cancel()
}

/// How a time operator schedules on a ``SchedulingClock`` whose type it only knows as
/// `Clock<Duration>`: found once, when the operator is made.
@usableFromInline struct Scheduling<Instant>: Sendable {
    @usableFromInline let schedule: @Sendable (Instant, @escaping @Sendable (Instant, isolated (any Actor)?) -> Instant?)
        -> any ScheduledAction

    /// The clock's own scheduling, or `nil` when it does not adopt ``SchedulingClock``.
    @usableFromInline init?<C: Clock<Duration>>(_ clock: C) where C.Instant == Instant {
        guard let scheduling = clock as? any SchedulingClock else { return nil }
        guard let typed = scheduling.typeErased() as? Scheduling<Instant> else { return nil }
        self = typed
    }

    init(schedule: @escaping @Sendable (Instant, @escaping @Sendable (Instant, isolated (any Actor)?) -> Instant?)
         -> any ScheduledAction) {
        self.schedule = schedule
    }
}

extension SchedulingClock {
    /// This clock's `schedule`, as a `Scheduling` of its own `Instant` (opened from an
    /// existential, then cast back to the operator's `Instant`, which is the same type).
    fileprivate func typeErased() -> Any {
        Scheduling<Instant> { deadline, action in
            schedule(at: deadline, action)
        }
    }
}

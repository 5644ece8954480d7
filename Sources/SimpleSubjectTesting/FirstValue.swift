import SimpleSubject

extension SubjectBase where Value: Sendable {
    /// Waits for the first value that satisfies `condition`, starting with what a new subscriber
    /// gets first (a ``Subject``'s current value, a ``ReplaySubject``'s replay), and returns it —
    /// or, once `timeLimit` has passed, throws ``FirstValueTimeLimitExceeded``, which says what the
    /// subject holds and draws its graph. A test that waits for a value that never comes fails
    /// with a message; it does not hang.
    ///
    /// ```swift
    /// @Test func theCountReachesThree() async throws {
    ///     let count = Subject(0)
    ///     Task { for n in 1...3 { count.sendNext(n) } }
    ///     #expect(try await count.firstValue(where: { $0 >= 3 }) == 3)
    /// }
    /// ```
    ///
    /// It subscribes outside any actor, so it sees each value on the thread that delivers it —
    /// also a value a screen's main-actor subscriber will get later, through the main actor's
    /// queue. To wait for the screen itself, wait on the subject the screen's subscriber writes.
    /// Its subscription ends when it returns or throws, and when its task is cancelled (then it
    /// throws `CancellationError`).
    ///
    /// - Parameters:
    ///   - condition: Whether a value is the one to wait for; it runs on the delivering thread.
    ///   - timeLimit: How long to wait, on the continuous clock: one second unless you say (and
    ///     at most about 68 years).
    ///   - file: Where the wait is, for the graph: its subscriber is drawn there.
    ///   - line: Where the wait is, for the graph.
    public func firstValue(where condition: @escaping @Sendable (Value) -> Bool, timeLimit: Duration = .seconds(1),
                           file: StaticString = #fileID, line: UInt = #line) async throws -> Value {
        let wait = FirstValueWait<Value>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                guard wait.started(continuation) else {
                    return
                }
                let subscription = subscribeNext(file: file, line: line) { value in
                    if !wait.isOver && condition(value) {
                        wait.finish(.success(value))
                    }
                }
                wait.subscribed(subscription)
                let timer = Task { [graph = { self.debugGraph() }] in
                    try await Task.sleep(for: min(timeLimit, longestSleep))
                    wait.finish(.failure(FirstValueTimeLimitExceeded(timeLimit: timeLimit, graph: graph())))
                }
                wait.timerStarted(timer)
            }
        } onCancel: {
            wait.finish(.failure(CancellationError()))
        }
    }
}

/// The longest a wait sleeps, about 68 years: `Task.sleep` traps on a duration whose nanoseconds
/// overflow, and a limit that long means "no limit" anyway.
let longestSleep = Duration.seconds(Int64(Int32.max))

/// What ``SubjectBase/firstValue(where:timeLimit:file:line:)`` throws when no value satisfied its condition
/// in time: the time limit, and the subject's `debugGraph()` then — its current value, what feeds
/// it and who listens.
public struct FirstValueTimeLimitExceeded: Error, CustomStringConvertible {
    /// How long it waited.
    public let timeLimit: Duration
    /// The subject's `debugGraph()` when the time was up.
    public let graph: String

    public var description: String {
        "no value satisfied the condition within \(timeLimit); the subject and its graph now:\n\(graph)"
    }
}

/// One `firstValue` wait, under a lock ThreadSanitizer sees: the continuation, the subscription
/// and the timer it started, until the first of a value, the time limit and a cancel ends it.
final class FirstValueWait<Value: Sendable>: Sendable {
    private let machine = Monitor(FirstValueWaitStateMachine<Value>())

    /// Whether the wait goes on: false when a cancel came first (its continuation is resumed).
    func started(_ continuation: CheckedContinuation<Value, any Error>) -> Bool {
        guard let early = machine.withLock({ $0.started(continuation) }) else {
            return true
        }
        continuation.resume(with: early)
        return false
    }

    /// Whether the wait is over: a value already satisfied it, its time ran out, or it was
    /// cancelled. The subscriber asks before each value, so that the condition is not called
    /// again after it was satisfied (a condition that sends runs before the subscription that
    /// would end it is stored).
    var isOver: Bool {
        machine.withLock { $0.isOver }
    }

    func subscribed(_ subscription: Subscription) {
        if machine.withLock({ $0.subscribed(subscription) }) {
            subscription.cancel()
        }
    }

    func timerStarted(_ timer: Task<Void, any Error>) {
        if machine.withLock({ $0.timerStarted(timer) }) {
            timer.cancel()
        }
    }

    /// Ends the wait with `result`, unless it has ended already.
    func finish(_ result: Result<Value, any Error>) {
        guard let ending = machine.withLock({ $0.finished(with: result) }) else {
            return
        }
        ending.subscription?.cancel()
        ending.timer?.cancel()
        ending.continuation.resume(with: result)
    }
}

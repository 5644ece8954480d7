/// State behind a `pthread` mutex, with a condition to sleep on until the state lets a thread go
/// on: for the package's code outside the engine that must block a thread (`TestClock`'s
/// advances take turns). ThreadSanitizer sees this lock, which it does not see in the standard
/// library's `Mutex` on Linux.
package final class Monitor<State>: @unchecked Sendable {
    // @unchecked because `state` is only reached with `condition`'s mutex held.
    private let condition = Condition()
    private var state: State

    package init(_ state: State) {
        self.state = state
    }

    /// Runs `body` on the state with the lock held, then wakes every thread sleeping in
    /// `wait(atMost:until:)`, so that each looks again. What `body` returns is released after the lock
    /// is. `body` must not run user code.
    package func withLock<Result>(_ body: (inout State) -> Result) -> Result {
        condition.lock()
        let result = body(&state)
        condition.wakeAll()
        condition.unlock()
        withExtendedLifetime(result) {}
        return result
    }

    /// Wakes every thread sleeping in `wait(atMost:until:)`, so that each looks again.
    package func wakeAll() {
        condition.lock()
        condition.wakeAll()
        condition.unlock()
    }

    /// `withLock` for a change no sleeping thread waits for: it wakes nobody, so that threads
    /// sleeping in `wait(atMost:until:)` are not woken to look again at every change.
    package func withLockWakingNobody<Result>(_ body: (inout State) -> Result) -> Result {
        condition.lock()
        let result = body(&state)
        condition.unlock()
        withExtendedLifetime(result) {}
        return result
    }

    /// Runs `body` on the state with the lock held, sleeping (the lock released meanwhile) and
    /// running it again after every change, until it returns true or `milliseconds` have passed
    /// on the monotonic clock; returns whether it returned true. `body` must not run user code.
    package func wait(atMost milliseconds: Int, until body: (inout State) -> Bool) -> Bool {
        let deadline = Condition.deadline(in: milliseconds)
        condition.lock()
        var done = body(&state)
        while !done && condition.sleep(until: deadline) {
            done = body(&state)
        }
        condition.wakeAll()
        condition.unlock()
        return done
    }
}

/// The calling thread's identity: unique among live threads.
package func currentThreadIdentity() -> UInt {
    currentThread()
}

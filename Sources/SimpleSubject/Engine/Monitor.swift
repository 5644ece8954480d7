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
    /// `wait(until:)`, so that each looks again. What `body` returns is released after the lock
    /// is. `body` must not run user code.
    package func withLock<Result>(_ body: (inout State) -> Result) -> Result {
        condition.lock()
        let result = body(&state)
        condition.wakeAll()
        condition.unlock()
        withExtendedLifetime(result) {}
        return result
    }

    /// Runs `body` on the state with the lock held, sleeping (the lock released meanwhile) and
    /// running it again after every change, until it returns true. `body` must not run user code.
    package func wait(until body: (inout State) -> Bool) {
        condition.lock()
        while !body(&state) {
            condition.sleep()
        }
        condition.wakeAll()
        condition.unlock()
    }
}

/// The calling thread's identity: unique among live threads.
package func currentThreadIdentity() -> UInt {
    currentThread()
}

import SimpleSubjectRuntime

// One timing rule: a subscriber whose closure is isolated to an actor runs before `sendNext`
// returns whenever the value is sent on that actor — whoever passes it on.
//
// The fast path is the sender's word: `sendNext`'s `isolation` parameter is `isolated`, so the
// compiler has checked that the call runs there, and built-in operators pass it on with each
// value. But not every path carries it: a `derive` body's `Downstream.send`, a
// plain helper that subscribes or sends (`#isolation` is nil in a nonisolated function), top-level
// code calling such a helper. For those the subject asks the runtime, once, before it would
// queue the value to the actor: "is the code running now isolated to this actor?" — the question
// `MainActor.assumeIsolated` and `Actor.assumeIsolated` ask before they call their closure as if
// it were isolated (stdlib/public/Concurrency/ExecutorAssertions.swift: `_taskIsCurrentExecutor`
// on the actor's `unownedExecutor`, then an `unsafeBitCast` of the closure to a nonisolated
// type, then a plain call). The answer is the runtime's own record of which executor runs the
// current job (or, outside any job, the main thread's queue for the main actor), so it holds
// for as long as the synchronous code that asked is on the stack: an actor's job cannot be
// taken from its thread while it runs, and no other thread can run that actor meanwhile. The
// subject then calls the closure with the same plain call, there and then — what
// `assumeIsolated` would do, minus the trap when the answer is no (then the value is queued to
// the actor, as before).
//
// Why the C declaration: Swift has no non-trapping form of the check. `assumeIsolated`,
// `preconditionIsolated` and `assertIsolated` trap; the runtime entry point they use takes a flag
// that says "must not assert" (`MustNotAssert`, include/swift/Runtime/Concurrency.h), which makes
// it answer false rather than call a custom executor's `checkIsolated` — on Apple platforms that
// is `dispatch_assert_queue`, which traps. `@_silgen_name` declarations of it crash the 6.3.1
// compiler, so the package declares it in a C header (the SimpleSubjectRuntime target), with the
// Swift calling convention it is exported with. IsolationTests pins its answers: true at top level,
// in `MainActor.run` and in a `@MainActor` task; false in a detached task and in another actor's
// method; never a trap.

/// Whether the code running now is isolated to `actor`, by the runtime's record; never traps.
///
/// - Complexity: O(1): a read of the current task's or thread's executor. Asked only where a
///   value would otherwise be queued to the actor, never on the path of a plain send.
func isRunningIsolated(to actor: any Actor) -> Bool {
    isCurrent(actor.unownedExecutor)
}

/// `isRunningIsolated(to: MainActor.shared)` without touching `MainActor.shared`.
func isRunningOnTheMainActor() -> Bool {
    isCurrent(MainActor.sharedUnownedExecutor)
}

private func isCurrent(_ executor: UnownedSerialExecutor) -> Bool {
    // `UnownedSerialExecutor` is the runtime's `SerialExecutorRef`, two words; the size check
    // stops a build for a runtime whose layout differs rather than pass it a wrong value.
    precondition(MemoryLayout<UnownedSerialExecutor>.size == MemoryLayout<SimpleSubjectExecutorRef>.size)
    let reference = unsafeBitCast(executor, to: SimpleSubjectExecutorRef.self)
    return swift_task_isCurrentExecutorWithFlags(reference, SIMPLESUBJECT_MUST_NOT_ASSERT)
}

extension Hop {
    /// Delivers a value that `takesNow` did not: calls the closure now when the code running now
    /// is isolated to this subscriber's actor — by the sender's word or the runtime's — after
    /// whatever still waits for the actor (so a value sent on the actor reaches it before
    /// `sendNext` returns, in order); otherwise, or while the drain itself is calling the closure,
    /// queues it for the actor (`enqueue`).
    ///
    /// Only the subject's delivering thread calls it, as it does `enqueue`: no other value can
    /// arrive meanwhile; and if the code running now is isolated to the actor, no drain job runs
    /// on it either, unless it is the one calling the closure now (`isDelivering`).
    @usableFromInline func deliver(_ value: Value, from isolation: (any Actor)?) {
        guard isRunningHere(isolation) else {
            enqueue(value, from: isolation)
            return
        }
        if !isDraining {
            block(value)
        } else if isDelivering {
            enqueue(value, from: isolation)
        } else {
            catchUp(thenDeliver: value)
        }
    }

    /// Whether the code running now is isolated to this subscriber's actor: the sender said so
    /// (the compiler checked it), or the runtime says so.
    private func isRunningHere(_ isolation: (any Actor)?) -> Bool {
        if let isolation, ObjectIdentifier(isolation) == actorID {
            return isMainActor || actor != nil
        }
        if isMainActor {
            return isRunningOnTheMainActor()
        }
        guard let actor else { return false }
        return isRunningIsolated(to: actor)
    }
}

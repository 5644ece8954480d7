// Values that are not Sendable may not cross from one actor to another (SE-0414's regions). A
// subject of them is not Sendable either, so the compiler keeps it in one region; a subscriber
// written on an actor is only sound when that region is the actor's. Subscribed from the actor
// itself (`subscribeNext`'s `isolated` parameter is that actor), the subject joins the actor's
// region, and every send then runs there. Subscribed from anywhere else, the subject may later be
// moved (a disconnected local into `Task.detached`) and send from another thread: its values,
// hopped to the actor, would be touched on two threads at once. The compiler cannot see that
// case — a `@Sendable @isolated(any)` closure does not tie the subject to its actor — so it is
// stopped here. Subjects of `Sendable` values take the other overloads, without the check: the
// compiler prefers them, being more constrained.

extension SubjectBase {
    /// Stops the program when a block isolated to an actor is subscribed, to a subject whose
    /// values may not be `Sendable`, from anywhere but that actor (see above).
    @inlinable
    final func checkStaysOnItsActor(_ blockIsolation: (any Actor)?, subscribedFrom isolation: (any Actor)?,
                                    _ file: StaticString, _ line: UInt) {
        guard let blockIsolation, blockIsolation !== isolation else { return }
        // `fatalError`, not `preconditionFailure`: a release build drops the latter's message.
        fatalError("""
            \(file):\(line): a subscriber on \(type(of: blockIsolation)) to a subject of \(Value.self), which is \
            not known to be Sendable, must be subscribed from \(type(of: blockIsolation)): its values may not \
            go to another actor. Subscribe from there, or make \(Value.self) Sendable.
            """)
    }
}

extension SubjectBase {
    /// Calls `block` with every value sent from now on; see ``subscribeNext(file:line:isolation:_:)``.
    /// For values not known to be `Sendable`: checks that they stay on one actor.
    @_documentation(visibility: internal)
    @inlinable
    @discardableResult
    public final func subscribeNext(file: StaticString = #fileID, line: UInt = #line,
                                    isolation: isolated (any Actor)? = #isolation,
                                    @_inheritActorContext _ block: @escaping @Sendable @isolated(any) (Value) -> Void)
    -> Subscription {
        checkStaysOnItsActor(block.isolation, subscribedFrom: isolation, file, line)
        return subscribe(block, file, line, from: isolation)
    }
}

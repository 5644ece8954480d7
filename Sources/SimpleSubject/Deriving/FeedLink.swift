/// What a source knows of an operator that it feeds: enough to pass on that it forgot its replay,
/// and to ask, down a chain, whether anyone can still observe the end of it. A class, not a
/// protocol, so that a subscriber slot holds it in 8 bytes rather than an existential's 16 (which
/// keeps a slot at 40 bytes); `Feed` and `Binding` are the two kinds.
@usableFromInline class FeedLink: GraphNode {
    @usableFromInline init() {}

    /// The source forgot what it replays.
    @usableFromInline func sourceForgot() {
        preconditionFailure("a FeedLink subclass passes it on")
    }

    /// Whether anyone can still observe what this link feeds; `depth` counts the links followed.
    @usableFromInline func isObserved(depth: Int) -> Bool {
        preconditionFailure("a FeedLink subclass answers it")
    }

    /// The source became higher (SubjectBase+Height.swift); `depth` counts the links followed. A
    /// link that feeds no subject of its own (a two-way binding) has no height to keep.
    @usableFromInline func sourceRaised(to height: Int, depth: Int) {}

    /// Something downstream of what this link feeds detached: detaches from its sources if nobody
    /// can observe what it feeds now, and returns the sources it left (weakly: see `detachDeadFeeders`), whose own feeders may be
    /// dead now too (DeadChains.swift). A link that stays, or that feeds no subject of its own (a
    /// two-way binding), returns none.
    @usableFromInline func detachedIfUnobserved() -> [WeakHost] {
        []
    }

    /// Adds itself to `graph` (GraphNode.swift).
    @usableFromInline func add(to graph: inout DebugGraph) {
        preconditionFailure("a FeedLink subclass draws itself")
    }
}

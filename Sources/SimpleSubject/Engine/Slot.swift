extension SubjectBase {
    /// A subscriber: its subscription and its closure; for an operator, the subject it feeds (see
    /// `FeedLink`); for a subscriber made on an actor, the way to that actor. A struct, not a
    /// tuple: a closure in a tuple is stored behind one more reabstraction thunk, a stack frame in
    /// every delivery.
    @usableFromInline struct Slot {
        /// A `var` only so that `debugGraph` can ask `isKnownUniquelyReferenced` whether anyone
        /// else holds it (SubjectBase+Inspecting.swift); never reassigned.
        @usableFromInline var subscription: Subscription
        /// The subscriber's closure; for an operator, which its `Subscriber` holds, a closure
        /// that is never called (one that captures nothing, so it costs no allocation; not an
        /// `Optional`, which the generic code around it would reabstract at every call).
        @usableFromInline let block: Block
        @usableFromInline let link: FeedLink?
        @usableFromInline let hop: Hop<Value>?

        @usableFromInline init(_ subscription: Subscription, _ block: @escaping Block, feeding link: FeedLink?,
                               on isolation: (any Actor)?) {
            self.subscription = subscription
            self.block = block
            self.link = link
            // Not `isolation.map`: the generic `map` asks the runtime for `Hop<Value>`'s metadata
            // (a cache lookup of some 300 instructions) even for the nil of a plain subscriber.
            if let isolation {
                hop = Hop(on: isolation, subscription, block)
            } else {
                hop = nil
            }
        }

        /// Whether a delivery running in `isolation` calls the closure itself, now.
        @inlinable
        @inline(__always)
        func runsNow(in isolation: (any Actor)?) -> Bool {
            hop == nil || hop!.takesNow(from: isolation)
        }
    }
}

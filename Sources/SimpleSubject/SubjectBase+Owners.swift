// Subscribers tied to an object: they end when it is gone.
extension SubjectBase {
    /// Calls `block` with `owner` and every value; see ``subscribeNext(owner:file:line:isolation:_:)-9owg3``.
    /// For values not known to be `Sendable`: checks that they stay on one actor (see
    /// NonSendableValues.swift).
    @_documentation(visibility: internal)
    @discardableResult
    public final func subscribeNext<Owner: AnyObject & Sendable>(
        owner: Owner, file: StaticString = #fileID, line: UInt = #line, isolation: isolated (any Actor)? = #isolation,
        @_inheritActorContext _ block: @escaping @Sendable @isolated(any) (Owner, Value) -> Void
    ) -> Subscription {
        checkStaysOnItsActor(block.isolation, subscribedFrom: isolation, file, line)
        return subscribe(owner: owner, file, line, isolation, block)
    }

    /// `subscribeNext(owner:)`, for values of any kind once the caller has checked where they may go.
    final func subscribe<Owner: AnyObject & Sendable>(
        owner: Owner, _ file: StaticString, _ line: UInt, _ isolation: (any Actor)?,
        _ block: @escaping @Sendable @isolated(any) (Owner, Value) -> Void
    ) -> Subscription {
        let subscription = OwnedSubscription(host: self, owner: owner, file: file, line: line)
        // Called only where `block.isolation` holds; see IsolatedBlock.swift.
        let call = plainPairFunction(block)
        attach(subscription, on: block.isolation, runningIn: isolation) { value in
            guard let owner = subscription.owner else {
                subscription.cancel()
                return
            }
            call(unsafeDowncast(owner, to: Owner.self), value)
        }
        return subscription
    }

    /// Writes every value into `object`'s property at `keyPath` — the MVVM binding — for as long
    /// as `object` lives.
    ///
    /// `object` is held weakly (Combine's `assign(to:on:)` retains it, and leaks).
    ///
    /// ```swift
    /// viewModel.creditText.assign(to: \.text, on: creditLabel)
    /// ```
    ///
    /// It writes on the actor it is called from — at once when a value is sent there, otherwise
    /// soon after, in order — so `object` and its property need not be `Sendable`, and the
    /// compiler checks where it is called: from an actor only (outside any actor, use
    /// ``subscribeNext(owner:file:line:isolation:_:)-9owg3`` with a `Sendable` owner).
    @discardableResult
    public final func assign<Root: AnyObject>(to keyPath: ReferenceWritableKeyPath<Root, Value>, on object: Root,
                                              file: StaticString = #fileID, line: UInt = #line,
                                              isolation: isolated any Actor = #isolation) -> Subscription {
        let subscription = OwnedSubscription(host: self, owner: object, file: file, line: line)
        // Called only on `isolation`, where `object` and `keyPath` live (see IsolatedBlock.swift).
        attach(subscription, on: isolation, runningIn: isolation) { value in
            guard let object = subscription.owner else {
                subscription.cancel()
                return
            }
            unsafeDowncast(object, to: Root.self)[keyPath: keyPath] = value
        }
        return subscription
    }
}

extension SubjectBase where Value: Sendable {
    /// Calls `block` with `owner` and every value, for as long as `owner` lives.
    ///
    /// The subject holds `owner` weakly — no `[weak self]` needed — and the subscription ends
    /// once `owner` is gone, no later than the next send.
    ///
    /// ```swift
    /// credit.subscribeNext(owner: self) { screen, credit in screen.show(credit) }
    /// ```
    ///
    /// The block runs where it was written, as ``subscribeNext(file:line:isolation:_:)``'s does.
    /// `owner` is handed to it there, so it is `Sendable`: a `@MainActor` class, an actor, or a
    /// class made thread-safe. (For values that are not `Sendable`, the block, if written on an
    /// actor, must be subscribed from that actor, as for `subscribeNext`.)
    @discardableResult
    public final func subscribeNext<Owner: AnyObject & Sendable>(
        owner: Owner, file: StaticString = #fileID, line: UInt = #line, isolation: isolated (any Actor)? = #isolation,
        @_inheritActorContext _ block: @escaping @Sendable @isolated(any) (Owner, Value) -> Void
    ) -> Subscription {
        subscribe(owner: owner, file, line, isolation, block)
    }

    /// Calls `block` on `owner` — an actor — with every value, for as long as `owner` lives.
    ///
    /// The block receives the actor `isolated`: it runs on it and may change its state. The
    /// subject holds the actor weakly, and the subscription ends once the actor is gone, no later
    /// than the next send — so a subject does not keep each connection's actor alive.
    ///
    /// ```swift
    /// actor Connection {
    ///     var version = 0
    ///     func listen(to config: Subject<Int>) {
    ///         config.subscribeNext(owner: self) { me, version in me.version = version }
    ///     }
    /// }
    /// ```
    ///
    /// A value sent on the actor reaches the block before `sendNext` returns (subscribed on the
    /// actor, as above, the current value does too, before `subscribeNext` returns). A value sent
    /// anywhere else is queued to the actor and delivered there, in order, none dropped, none
    /// twice — as for a subscriber made on any actor.
    @discardableResult
    public final func subscribeNext<Owner: Actor>(
        owner: Owner, file: StaticString = #fileID, line: UInt = #line, isolation: isolated (any Actor)? = #isolation,
        _ block: @escaping @Sendable (isolated Owner, Value) -> Void
    ) -> Subscription {
        let subscription = OwnedSubscription(host: self, owner: owner, file: file, line: line)
        // Called only on `owner` (the hop's actor), where the isolated parameter holds; see
        // IsolatedBlock.swift.
        let call = plainActorFunction(block)
        attach(subscription, on: owner, runningIn: isolation) { value in
            guard let owner = subscription.owner else {
                subscription.cancel()
                return
            }
            call(unsafeDowncast(owner, to: Owner.self), value)
        }
        return subscription
    }
}

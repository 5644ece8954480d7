// Subscribers tied to an object: they end when it is gone.
extension SubjectBase {
    /// Calls `block` with `owner` and every value, for as long as `owner` lives.
    ///
    /// The subject holds `owner` weakly — no `[weak self]` needed — and the subscription ends
    /// once `owner` is gone, no later than the next send.
    ///
    /// ```swift
    /// credit.subscribeNext(owner: self) { screen, credit in screen.show(credit) }
    /// ```
    ///
    /// The block runs where it was made, as ``subscribeNext(file:line:isolation:_:)``'s does.
    @discardableResult
    public final func subscribeNext<Owner: AnyObject>(owner: Owner, file: StaticString = #fileID, line: UInt = #line,
                                                      isolation: isolated (any Actor)? = #isolation,
                                                      _ block: @escaping (Owner, Value) -> Void) -> Subscription {
        let subscription = Subscription(host: self, owner: owner, file: file, line: line)
        attach(subscription, on: isolation) { value in
            guard let owner = subscription.owner else {
                subscription.cancel()
                return
            }
            block(unsafeDowncast(owner, to: Owner.self), value)
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
    /// It writes where it was made, as ``subscribeNext(file:line:isolation:_:)``'s block runs.
    @discardableResult
    public final func assign<Root: AnyObject>(to keyPath: ReferenceWritableKeyPath<Root, Value>, on object: Root,
                                              file: StaticString = #fileID, line: UInt = #line,
                                              isolation: isolated (any Actor)? = #isolation) -> Subscription {
        subscribeNext(owner: object, file: file, line: line, isolation: isolation) { object, value in
            object[keyPath: keyPath] = value
        }
    }
}

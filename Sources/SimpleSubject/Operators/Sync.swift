extension Subject {
    /// Binds two subjects both ways: `partner` gets this subject's value at once, then every value
    /// sent to either subject reaches the other.
    ///
    /// ```swift
    /// let typed = Subject("ming"), shown = Subject("")
    /// let binding = typed.sync(with: shown)   // shown.value == "ming"
    /// ```
    ///
    /// It terminates for any value type: a value that arrives from the partner is not sent back.
    /// Both subjects are held weakly; the binding ends when either is released, or on `cancel()`
    /// of the returned subscription, which ends both directions.
    @discardableResult
    public func sync(with partner: Subject<Value>, file: StaticString = #fileID, line: UInt = #line) -> Subscription {
        sync(with: partner, file: file, line: line, forward: { $0 }, backward: { $0 })
    }

    /// Binds two subjects both ways, converting on the way: `forward` from this subject to
    /// `partner`, `backward` from `partner` to this one (°C ⇄ °F).
    ///
    /// ```swift
    /// let celsius = Subject(100.0), fahrenheit = Subject(0.0)
    /// celsius.sync(with: fahrenheit, forward: { $0 * 9 / 5 + 32 }, backward: { ($0 - 32) * 5 / 9 })
    /// ```
    @discardableResult
    public func sync<Other>(with partner: Subject<Other>, file: StaticString = #fileID, line: UInt = #line,
                            forward: @escaping (Value) -> Other, backward: @escaping (Other) -> Value) -> Subscription {
        let toPartner = Subscription(host: self, file: file, line: line)
        let toSelf = Subscription(host: partner, file: file, line: line)
        let binding = Subscription(host: nil, parts: [toPartner, toSelf], file: file, line: line)
        // Values this binding carries are tagged with it, so the other side knows not to echo them.
        attach(toPartner) { [weak self, weak partner] value in
            guard let self, let partner else { return binding.cancel() }
            if self.deliveryOrigin != ObjectIdentifier(binding) { partner.send(forward(value), from: binding) }
        }
        var isFirstCall = true  // only `partner`'s delivering thread touches it
        partner.attach(toSelf) { [weak self, weak partner] value in
            guard let self, let partner else { return binding.cancel() }
            // The first call is the partner's current value, which this subject's replaces.
            if isFirstCall { return isFirstCall = false }
            if partner.deliveryOrigin != ObjectIdentifier(binding) { self.send(backward(value), from: binding) }
        }
        return binding
    }
}

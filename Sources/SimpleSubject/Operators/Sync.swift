extension Subject {
    /// Binds two subjects both ways: `partner` gets this subject's value at once, then every value
    /// sent to either subject reaches the other.
    ///
    /// ```swift
    /// let typed = Subject("ming"), shown = Subject("")
    /// let binding = typed.sync(with: shown)   // shown.value == "ming"
    /// ```
    ///
    /// It terminates for any value type, also in rings (`a⇄b⇄c⇄a`): a value is not sent back to
    /// a subject it has been through. It converges: after values sent to both sides at once,
    /// from any threads, both end with the same value (the side whose value lost takes the other
    /// again). In a ring, that correction is not passed round — so that corrections cannot chase
    /// each other for ever — and after concurrent sends to several of its subjects two of them
    /// may end on different values. Both subjects are held weakly; the binding ends when either is released, or on
    /// `cancel()` of the returned subscription, which ends both directions.
    @discardableResult
    public func sync(with partner: Subject<Value>, file: StaticString = #fileID, line: UInt = #line) -> Subscription {
        bind(partner, file, line, forward: { $0 }, backward: { $0 })  // one region, or Sendable: either is sound
    }

    /// Binds two subjects both ways, converting on the way: `forward` from this subject to
    /// `partner`, `backward` from `partner` to this one (°C ⇄ °F).
    ///
    /// ```swift
    /// let celsius = Subject(100.0), fahrenheit = Subject(0.0)
    /// celsius.sync(with: fahrenheit, forward: { $0 * 9 / 5 + 32 }, backward: { ($0 - 32) * 5 / 9 })
    /// ```
    @discardableResult
    public func sync<Other: Sendable>(with partner: Subject<Other>, file: StaticString = #fileID, line: UInt = #line,
                                      forward: @escaping @Sendable (Value) -> Other,
                                      backward: @escaping @Sendable (Other) -> Value) -> Subscription where Value: Sendable {
        bind(partner, file, line, forward: forward, backward: backward)
    }

    /// Both directions of a binding. Each side's values are made on the other's delivering
    /// thread, so the public forms take values that are both `Sendable`, or one type, in one region.
    func bind<Other>(_ partner: Subject<Other>, _ file: StaticString, _ line: UInt,
                     forward: @escaping @Sendable (Value) -> Other,
                     backward: @escaping @Sendable (Other) -> Value) -> Subscription {
        let binding = Binding<Value, Other>(TiedSubscription(file: file, line: line))
        let toPartner = Subscriber(to: self, file: file, line: line,
                                   binding.relay(from: self, side: \.first, to: partner, forward, skipsFirst: false))
        let toSelf = Subscriber(to: partner, file: file, line: line,
                                binding.relay(from: partner, side: \.second, to: self, backward, skipsFirst: true))
        binding.subscription.tie(toPartner)
        binding.subscription.tie(toSelf)
        attach(toPartner, feeding: binding)
        partner.attach(toSelf, feeding: binding)
        return binding.subscription
    }
}

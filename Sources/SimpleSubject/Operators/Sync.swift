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
    /// again). Both subjects are held weakly; the binding ends when either is released, or on
    /// `cancel()` of the returned subscription, which ends both directions.
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
                            forward: @escaping @Sendable (Value) -> Other,
                            backward: @escaping @Sendable (Other) -> Value) -> Subscription {
        let toPartner = Subscription(host: self, file: file, line: line)
        let toSelf = Subscription(host: partner, file: file, line: line)
        let binding = Binding(Subscription(host: nil, parts: [toPartner, toSelf], file: file, line: line))
        attach(toPartner, binding.relay(from: self, to: partner, forward, Binding.Side<Value>(), skipsFirst: false))
        partner.attach(toSelf, binding.relay(from: partner, to: self, backward, Binding.Side<Other>(), skipsFirst: true))
        return binding.subscription
    }
}

/// A two-way binding: numbers the values it passes on, so that both sides can agree on the last.
final class Binding: @unchecked Sendable {
    // @unchecked because `count` and each side's `latest` are only touched while holding `lock`.
    let subscription: Subscription
    private let lock = Lock()
    private var count = 0

    /// What one side has taken last: its number and value.
    final class Side<Value> {
        var latest: (number: Int, value: Value)?
    }

    /// What a value carries while a binding passes it on.
    final class Tag {
        let binding: Binding
        let number: Int
        /// The subjects it has been through, so that a ring of bindings stops.
        let visited: [ObjectIdentifier]

        init(_ binding: Binding, _ number: Int, visited: [ObjectIdentifier]) {
            self.binding = binding
            self.number = number
            self.visited = visited
        }
    }

    init(_ subscription: Subscription) {
        self.subscription = subscription
    }

    deinit { lock.deallocate() }

    /// The closure that watches `local` and passes its values on to `remote`. It holds the
    /// binding, and the two subjects weakly.
    func relay<Local, Remote>(from local: Subject<Local>, to remote: Subject<Remote>,
                              _ convert: @escaping @Sendable (Local) -> Remote, _ side: Side<Local>,
                              skipsFirst: Bool) -> (Local) -> Void {
        var isFirstCall = skipsFirst  // only `local`'s delivering thread touches it
        return { [weak local, weak remote] value in
            guard let local, let remote else { return self.subscription.cancel() }
            let tag = local.deliveryTag as? Tag
            if let tag, tag.binding === self {
                // From the partner. If this side has taken a newer value, it sends that again
                // (the partner gets it, or has): both end with the newest.
                let (newer, displaced) = self.lock.withLock { self.take(tag.number, value, side) }
                withExtendedLifetime(displaced) {}  // released after the lock: a `deinit` is user code
                if let newer {
                    local.send(newer.value, tag: Tag(self, newer.number, visited: tag.visited), from: local.deliveryIsolation)
                }
                return
            }
            if isFirstCall {
                isFirstCall = false  // the partner's value at first, which this subject's replaces
                return
            }
            let visited = tag?.visited ?? []
            guard !visited.contains(ObjectIdentifier(remote)) else { return }
            let (number, displaced) = self.lock.withLock { self.own(value, side) }
            withExtendedLifetime(displaced) {}
            let passed = Tag(self, number, visited: visited + [ObjectIdentifier(local)])
            remote.send(convert(value), tag: passed, from: local.deliveryIsolation)
        }
    }

    /// Called with `lock` held: numbers a value that started on this side. Returns the number and
    /// the value it displaced, to release after the lock.
    private func own<Value>(_ value: Value, _ side: Side<Value>) -> (Int, Value?) {
        count += 1
        let displaced = side.latest?.value
        side.latest = (count, value)
        return (count, displaced)
    }

    /// Called with `lock` held: takes a value from the partner, unless this side has a newer one,
    /// which it returns. The second result is a displaced value, to release after the lock.
    private func take<Value>(_ number: Int, _ value: Value, _ side: Side<Value>) -> ((number: Int, value: Value)?, Value?) {
        if let latest = side.latest, latest.number > number { return (latest, nil) }
        let displaced = side.latest?.value
        side.latest = (number, value)
        return (nil, displaced)
    }
}

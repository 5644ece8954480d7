/// A two-way binding: numbers the values it passes on, so that both sides can agree on the last.
final class Binding: @unchecked Sendable {
    // @unchecked because `count` and each side's `latest` are only touched while holding `lock`.
    let subscription: Subscription
    private let lock = Locked(())
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
        /// A side taking its newer value again; other bindings do not pass it on, so that
        /// corrections cannot chase each other round a ring.
        let isCorrection: Bool

        init(_ binding: Binding, _ number: Int, visited: [ObjectIdentifier], isCorrection: Bool = false) {
            self.binding = binding
            self.number = number
            self.visited = visited
            self.isCorrection = isCorrection
        }
    }

    init(_ subscription: Subscription) {
        self.subscription = subscription
    }

    /// The closure that watches `local` and passes its values on to `remote`. It holds the
    /// binding, and the two subjects weakly.
    func relay<Local, Remote>(from local: Subject<Local>, to remote: Subject<Remote>,
                              _ convert: @escaping @Sendable (Local) -> Remote, _ side: Side<Local>,
                              skipsFirst: Bool) -> (Local) -> Void {
        var isFirstCall = skipsFirst  // only `local`'s delivering thread touches it
        return { [weak local, weak remote] value in
            guard let local, let remote else {
                self.subscription.cancel()
                return
            }
            let tag = local.deliveryTag as? Tag
            if let tag, tag.isCorrection, tag.binding !== self { return }  // another binding's: not passed on
            if let tag, tag.binding === self {
                // From the partner. If this side has taken a newer value, it sends that again
                // (the partner gets it, or has): both end with the newest.
                let (newer, _) = self.lock.locked { _ in self.take(tag.number, value, side) }  // `_`: released after the lock
                if let newer {
                    let correction = Tag(self, newer.number, visited: tag.visited, isCorrection: true)
                    local.send(newer.value, tag: correction, from: local.deliveryIsolation)
                }
                return
            }
            if isFirstCall {
                isFirstCall = false  // the partner's value at first, which this subject's replaces
                return
            }
            let visited = tag?.visited ?? []
            guard !visited.contains(ObjectIdentifier(remote)) else { return }
            let (number, _) = self.lock.locked { _ in self.own(value, side) }
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

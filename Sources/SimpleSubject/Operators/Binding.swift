/// A two-way binding: numbers the values it passes on, so that both sides can agree on the last.
final class Binding: FeedLink, Sendable {
    let subscription: Subscription
    /// The number last given to a value; its lock also guards each relay's `latest`.
    private let count = Locked(0)

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
                              _ convert: @escaping @Sendable (Local) -> Remote, skipsFirst: Bool) -> (Local) -> Void {
        var isFirstCall = skipsFirst  // only `local`'s delivering thread touches it
        var latest: (number: Int, value: Local)?  // what this side has taken last; guarded by `count`'s lock
        return { [weak local, weak remote] value in
            guard let local, let remote else {
                self.subscription.cancel()
                return
            }
            let tag = local.deliveryTag as? Tag
            if let tag, tag.isCorrection, tag.binding !== self { return }  // another binding's: not passed on
            if let tag, tag.binding === self {
                // From the partner. If this side has taken a newer value, it sends that again
                // (the partner gets it, or has): both end with the newest. Otherwise it takes the
                // partner's value; the one displaced (`_`) is released after the lock.
                let (newer, _) = self.count.locked { _ -> ((number: Int, value: Local)?, Local?) in
                    if let latest, latest.number > tag.number { return (latest, nil) }
                    defer { latest = (tag.number, value) }
                    return (nil, latest?.value)
                }
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
            // Numbers a value that started on this side; the one displaced is released after the lock.
            let (number, _) = self.count.locked { count -> (Int, Local?) in
                count += 1
                defer { latest = (count, value) }
                return (count, latest?.value)
            }
            let passed = Tag(self, number, visited: visited + [ObjectIdentifier(local)])
            remote.send(convert(value), tag: passed, from: local.deliveryIsolation)
        }
    }

    // As a `FeedLink`, so that `debugGraph` draws it: each side counts it as a live subscriber,
    // as it would a plain one, and a `Subject` never forgets its value.
    func sourceForgot() {}

    func isObserved(depth: Int) -> Bool { true }
}

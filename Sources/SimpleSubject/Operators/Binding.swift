/// A two-way binding between a `First` and a `Second` subject: numbers the values it passes on,
/// so that both sides can agree on the last.
final class Binding<First, Second>: FeedLink {
    /// The binding's numbers and what each side took last.
    typealias Machine = BindingStateMachine<First, Second>

    let subscription: TiedSubscription
    /// The numbers, and what each side took last (see `BindingStateMachine`).
    private let machine = Locked(Machine())

    init(_ subscription: TiedSubscription) {
        self.subscription = subscription
    }

    /// The closure that watches `local`, the binding's `side`, and passes its values on to
    /// `remote`. It holds the binding, and the two subjects weakly.
    func relay<Local, Remote>(from local: Subject<Local>, side: WritableKeyPath<Machine, Machine.Side<Local>>,
                              to remote: Subject<Remote>, _ convert: @escaping @Sendable (Local) -> Remote,
                              skipsFirst: Bool) -> (Local, _ isolation: (any Actor)?) -> Void {
        var isFirstCall = skipsFirst  // only `local`'s delivering thread touches it
        return { [weak local, weak remote] value, isolation in
            guard let local, let remote else {
                self.subscription.cancel()
                return
            }
            let tag = local.deliveryTag as? BindingTag
            if let tag, tag.isCorrection, tag.binding !== self { return }  // another binding's: not passed on
            if let tag, tag.binding === self {
                // From the partner. If this side has taken a newer value, it sends that again
                // (the partner gets it, or has): both end with the newest. Otherwise it takes the
                // partner's value; the one displaced is released after the lock.
                let arrival = self.machine.locked { $0.arriveFromPartner(value, number: tag.number, on: side) }
                if case .resend(let newer, let number) = arrival {
                    let correction = BindingTag(self, number, visited: tag.visited, isCorrection: true)
                    local.send(newer, tag: correction, from: isolation)
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
            let (number, _) = self.machine.locked { $0.numberOutgoing(value, on: side) }
            let passed = BindingTag(self, number, visited: visited + [ObjectIdentifier(local)])
            remote.send(convert(value), tag: passed, from: isolation)
        }
    }

    // As a `FeedLink`, so that `debugGraph` draws it: each side counts it as a live subscriber,
    // as it would a plain one, and a `Subject` never forgets its value.
    override func sourceForgot() {}

    override func isObserved(depth: Int) -> Bool { true }

    override func add(to graph: inout DebugGraph) {
        draw(in: &graph)
    }
}

/// What a value carries while a binding passes it on.
final class BindingTag {
    /// The binding that passes it on (of any types: a ring binds subjects of several).
    let binding: AnyObject
    let number: Int
    /// The subjects it has been through, so that a ring of bindings stops.
    let visited: [ObjectIdentifier]
    /// A side taking its newer value again; other bindings do not pass it on, so that
    /// corrections cannot chase each other round a ring.
    let isCorrection: Bool

    init(_ binding: AnyObject, _ number: Int, visited: [ObjectIdentifier], isCorrection: Bool = false) {
        self.binding = binding
        self.number = number
        self.visited = visited
        self.isCorrection = isCorrection
    }
}

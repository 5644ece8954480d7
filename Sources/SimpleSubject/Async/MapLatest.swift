extension ReadOnlySubject where Value: Sendable {
    /// The result of an async function of the latest value: each value starts `transform`, and
    /// cancels the one still running for an older value — the search field whose stale request
    /// is cancelled, not just ignored (Kotlin Flow's `mapLatest`, RxSwift's `flatMapLatest`).
    ///
    /// ```swift
    /// let results = query.debounce(for: .milliseconds(300)).mapLatest { text in
    ///     await api.search(text)
    /// }
    /// ```
    ///
    /// A ``Subject``'s current value starts the first request at once. Results are sent from
    /// `transform`'s task, as from outside any actor: a subscriber made on an actor gets them
    /// there. A result is sent only if no newer value had arrived when it came (one that comes
    /// in the same instant as a newer value may still be sent, before the newer one's). Cancelling
    /// is cooperative: `transform` sees `Task.isCancelled`, and a `URLSession` call or
    /// `Task.sleep` in it throws `CancellationError`. Once the subscription to this subject ends
    /// — nobody observes the result, or this subject is released — the running request is
    /// cancelled.
    ///
    /// - Returns: A replay subject of the latest result: new subscribers get it first.
    /// - Complexity: one task per value.
    public func mapLatest<Output: Sendable>(file: StaticString = #fileID, line: UInt = #line,
                                            _ transform: @escaping @Sendable (Value) async -> Output) -> ReplaySubject<Output> {
        derived(ReplaySubject<Output>(bufferSize: 1), file, line, joins: false, requesting(transform))
    }
}

extension EventSubject where Value: Sendable {
    /// The result of an async function of the latest value sent from now on; see
    /// ``ReadOnlySubject/mapLatest(file:line:_:)``.
    public func mapLatest<Output: Sendable>(file: StaticString = #fileID, line: UInt = #line,
                                            _ transform: @escaping @Sendable (Value) async -> Output) -> EventSubject<Output> {
        derived(EventSubject<Output>(), file, line, joins: false, requesting(transform))
    }
}

extension ReplaySubject where Value: Sendable {
    /// The result of an async function of the latest value; see ``ReadOnlySubject/mapLatest(file:line:_:)``.
    public func mapLatest<Output: Sendable>(file: StaticString = #fileID, line: UInt = #line,
                                            _ transform: @escaping @Sendable (Value) async -> Output) -> ReplaySubject<Output> {
        derived(ReplaySubject<Output>(bufferSize: 1), file, line, joins: false, requesting(transform))
    }
}

extension SubjectBase where Value: Sendable {
    /// The closure of `mapLatest`; see `derived`.
    func requesting<Output: Sendable>(_ transform: @escaping @Sendable (Value) async -> Output) -> (Feed<Output>?) -> PartBlock {
        let requests = LatestRequest(transform)
        return { feed in
            { value, _ in  // no `queuedFirstCall`: `feed` is there
                // Nothing is sent now, so ask here whether anyone still observes the result: if
                // not, detach — which releases `requests`, whose end cancels the running request.
                feed!.detachIfUnobserved()
                guard feed!.subscription?.isCancelledFlagSet == false else { return }
                requests.arrive(value, Downstream(feed))
            }
        }
    }
}

/// A `mapLatest`'s requests: a task per value, the older one cancelled. The source's closure
/// holds it; when that is released (the subscription ended), the running request is cancelled.
final class LatestRequest<Value: Sendable, Output: Sendable>: Sendable {
    let transform: @Sendable (Value) async -> Output
    private let machine = Locked(MapLatestStateMachine())

    init(_ transform: @escaping @Sendable (Value) async -> Output) {
        self.transform = transform
    }

    /// A value arrived: cancels the older request, starts this one's.
    func arrive(_ value: Value, _ downstream: Downstream<Output>) {
        guard case .start(let generation, let older) = machine.locked({ $0.arrived() }) else { return }
        older?.cancel()  // after the lock: a cancellation handler is user code
        let task = Task { [weak self, transform] in
            let result = await transform(value)
            guard let self, self.machine.locked({ $0.finished(generation: generation) }) else { return }
            downstream.send(result)
        }
        machine.locked { $0.started(task, generation: generation) }?.cancel()
    }

    deinit {
        machine.locked { $0.ended() }?.cancel()
    }
}

/// How the time operators (`debounce`, `throttle`) wait: one sleep per burst of values, until a
/// deadline the operator took from its clock when a value arrived; then the operator says what
/// to send and until when to sleep next. On a ``SchedulingClock`` the sleep is a schedule of the
/// clock's, whose action runs on the thread that moves the clock; on any other clock it is a task.
///
/// The sleep holds the operator weakly: once the operator's subscription to its source ends
/// (cancelled, detached because nobody observes, or the source released), the operator is
/// released, its `deinit` cancels the sleep, and the sleep ends, freeing what it holds.
@usableFromInline protocol Sleeper: AnyObject, Sendable {
    associatedtype Value: Sendable
    associatedtype WakingClock: Clock<Duration>

    var clock: WakingClock { get }
    /// The clock's own scheduling, when it adopts ``SchedulingClock``: then no task is started.
    var scheduling: Scheduling<WakingClock.Instant>? { get }

    /// Called by the task when it wakes from sleeping until `deadline`: what it does next — with
    /// the values to send now, in the operator's `SendOrder`.
    func wake(sleptUntil deadline: WakingClock.Instant) -> SleeperWake<[Value], WakingClock.Instant>

    /// Called by a thread that sent a batch its `SendOrder` gave it: the next batch, or nothing.
    func batchSent() -> [Value]
}

/// What a time operator's task does when it wakes: its state machine's answer.
@usableFromInline enum SleeperWake<Value, Instant> {
    /// Sleep on until `deadline`: a value that came meanwhile moved it.
    case sleep(until: Instant)
    /// Send `value`, then sleep until `deadline`.
    case send(Value, thenSleepUntil: Instant)
    /// The burst is over: the task ends.
    case finish
}

extension SleeperWake: Equatable where Value: Equatable, Instant: Equatable {}

/// A burst's sleep, to cancel when its operator goes.
@usableFromInline enum Sleep: Sendable {
    /// A task sleeping on the clock.
    case task(Task<Void, Never>)
    /// A schedule of a ``SchedulingClock``'s.
    case scheduled(any ScheduledAction)

    @usableFromInline func cancel() {
        switch self {
        case .task(let task):
            task.cancel()
        case .scheduled(let scheduled):
            scheduled.cancel()
        }
    }
}

extension Sleeper {
    /// Sends `batch`, which the operator's `SendOrder` gave this thread, then each batch decided
    /// meanwhile on other threads, until none is left.
    @usableFromInline func sendInOrder(_ batch: [Value], _ send: (Value) -> Void) {
        var batch = batch
        while !batch.isEmpty {
            for value in batch {
                send(value)
            }
            batch = batchSent()
        }
    }

    /// Starts the burst's sleep: a schedule of the clock's, or a task.
    @usableFromInline func startSleeping(until deadline: WakingClock.Instant, _ feed: Feed<Value>) -> Sleep {
        guard let scheduling else {
            return .task(startTask(until: deadline, feed))
        }
        let downstream = Downstream(feed)
        return .scheduled(scheduling.schedule(deadline) { [weak self] due, isolation in
            guard let self else { return nil }
            switch self.wake(sleptUntil: due) {
            case .sleep(let next):
                return next
            case .send(let batch, let next):
                self.sendInOrder(batch) { downstream.feed?.send($0, from: isolation) }  // the mover's isolation: its subscribers run at once
                return next
            case .finish:
                return nil
            }
        })
    }

    /// Starts the burst's task. Its sends count as sent from outside any actor, so subscribers
    /// made on an actor get the values there.
    private func startTask(until deadline: WakingClock.Instant, _ feed: Feed<Value>) -> Task<Void, Never> {
        let downstream = Downstream(feed)
        return Task { [weak self, clock] in
            var deadline = deadline
            while true {
                // A clock that throws for any reason but cancellation wakes the operator early
                // rather than stranding its value.
                try? await clock.sleep(until: deadline, tolerance: nil)
                guard !Task.isCancelled, let wake = self?.wake(sleptUntil: deadline) else { return }
                switch wake {
                case .sleep(let next):
                    deadline = next
                case .send(let batch, let next):
                    self?.sendInOrder(batch) { downstream.send($0) }
                    deadline = next
                case .finish:
                    return
                }
            }
        }
    }
}

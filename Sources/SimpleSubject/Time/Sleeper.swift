/// How the time operators (`debounce`, `throttle`) wait: one task per burst of values, which
/// sleeps until a deadline the operator took from its clock when a value arrived, then asks the
/// operator what to send and until when to sleep next.
///
/// The task holds the operator weakly: once the operator's subscription to its source ends
/// (cancelled, detached because nobody observes, or the source released), the operator is
/// released, its `deinit` cancels the task, and the task ends, freeing what it holds.
@usableFromInline protocol Sleeper: AnyObject, Sendable {
    associatedtype Value: Sendable
    associatedtype WakingClock: Clock<Duration>

    var clock: WakingClock { get }

    /// Called by the task when it wakes from sleeping until `deadline`: what it does next.
    func wake(sleptUntil deadline: WakingClock.Instant) -> SleeperWake<Value, WakingClock.Instant>
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

extension Sleeper {
    /// Starts the burst's task. Its sends count as sent from outside any actor, so subscribers
    /// made on an actor get the values there.
    @usableFromInline func startSleeping(until deadline: WakingClock.Instant,
                                         _ feed: Feed<Value>) -> Task<Void, Never> {
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
                case .send(let value, let next):
                    downstream.send(value)
                    deadline = next
                case .finish:
                    return
                }
            }
        }
    }
}

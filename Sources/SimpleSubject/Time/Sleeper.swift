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

    /// Called by the task when it wakes from sleeping until `deadline`: what to send now, if
    /// anything, and the deadline to sleep until next (`nil`: the burst is over, the task ends).
    func wake(sleptUntil deadline: WakingClock.Instant) -> (send: Value?, next: WakingClock.Instant?)
}

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
                guard !Task.isCancelled, let (value, next) = self?.wake(sleptUntil: deadline) else { return }
                if let value {
                    downstream.send(value)
                }
                guard let next else { return }
                deadline = next
            }
        }
    }
}

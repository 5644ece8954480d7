/// A subject that holds a current value: new subscribers get it at once, then every later one.
///
/// This is the seed's `SMCreditSubject` — the value, the subscribers, send, subscribe — made
/// thread-safe (RxSwift's `BehaviorSubject`, Combine's `CurrentValueSubject`).
///
/// ```swift
/// let credit = Subject(0)
/// credit.subscribeNext { print("credit:", $0) }          // credit: 0
/// credit.subscribeNext { print($0 >= 70 ? "pass" : "fail") }  // fail
/// credit.sendNext(75)                                    // credit: 75, pass
/// ```
///
/// Unlike ``EventSubject``, a `Subject` always has a value; unlike ``ReplaySubject``, it
/// remembers only the last one. A view model that exposes one as a ``ReadOnlySubject`` lets
/// others read it, subscribe to it, derive from it and bind it, but not send into it.
public final class Subject<Value>: ReadOnlySubject<Value> {
    /// Creates a subject whose current value is `value`.
    @inlinable public init(_ value: Value) {
        super.init(memory: .latest(value))
    }

    /// For operators: a subject that gets its first value from its source.
    @inlinable init(awaitingFirstValue: ()) {
        super.init(memory: .latest(nil))
    }

    /// The value most recently delivered; see ``ReadOnlySubject/value``. Setting it is the same
    /// as ``sendNext(_:isolation:)`` from outside any actor.
    public override var value: Value {
        get { super.value }
        set { send(newValue, tag: nil, from: nil) }
    }

    /// Sends `value` to every subscriber; see ``SubjectBase``'s Delivery rules.
    ///
    /// A subscriber made on an actor is called at once, before this call returns, when it runs on
    /// that actor — whatever passes the value on: operators, a `derive` body, a plain helper —
    /// and otherwise gets the value on its actor, in order (the one timing rule; see
    /// <doc:WhyNoMonadLayer>). The one exception is the late sender's (rule 1): while another
    /// thread is delivering this subject, this call queues `value` for that thread and returns,
    /// and a subscriber on this actor then gets it through the actor's queue, soon after, in order.
    ///
    /// - Parameters:
    ///   - value: The value to send.
    ///   - isolation: Where this call runs: the compiler lets only that actor, or `nil`, be passed.
    ///     Matching a subscriber's actor, it is the fast path (an identity comparison); `nil`, the
    ///     runtime is asked where the call runs before a value is queued to an actor.
    /// - Complexity: O(*n*), where *n* is the number of subscribers.
    @inlinable
    @discardableResult
    public func sendNext(_ value: Value, isolation: isolated (any Actor)? = #isolation) -> Self {
        send(value, tag: nil, from: isolation)  // inlined, so `send` is the only frame before yours
        return self
    }

    /// For operators: makes `value` the first value unless one has arrived already (it has,
    /// unless the operator was made during a delivery of its source, which queues the first call).
    @usableFromInline func fill(_ value: Value) {
        state.locked { state in
            if case .latest(.none) = state.memory {
                state.memory = .latest(value)
            }
        }
    }
}

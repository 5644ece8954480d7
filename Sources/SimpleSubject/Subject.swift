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
/// remembers only the last one.
public final class Subject<Value>: SubjectBase<Value> {
    /// Creates a subject whose current value is `value`.
    @inlinable public init(_ value: Value) {
        super.init(memory: .latest(value))
    }

    /// For operators: a subject that gets its first value from its source.
    @inlinable init(awaitingFirstValue: ()) {
        super.init(memory: .latest(nil))
    }

    /// The value most recently delivered.
    ///
    /// Inside a subscriber it is the value being delivered; once `sendNext(x)` returns on a thread
    /// that found the subject idle, it is `x` unless a later send came in. (A send that queued
    /// behind another thread's delivery becomes the value when its own delivery starts.)
    /// Setting it is the same as ``SubjectBase/sendNext(_:isolation:)`` from outside any actor.
    public var value: Value {
        get { state.locked { $0.memory.latest! } }
        set { send(newValue, tag: nil, from: nil) }
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

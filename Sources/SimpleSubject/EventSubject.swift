/// A subject without a stored value: subscribers get only what is sent after they subscribe.
///
/// For things that happen rather than things that are: a button press, a message, a request
/// that finished (ReactiveCocoa's `RACSubject`, Combine's `PassthroughSubject`).
///
/// ```swift
/// let presses = EventSubject<Void>()
/// presses.subscribeNext { print("pressed") }   // prints nothing yet
/// presses.sendNext(())                         // pressed
/// ```
public final class EventSubject<Value>: SubjectBase<Value> {
    /// Creates a subject that forwards values and keeps none.
    @inlinable public init() {
        super.init(memory: .nothing)
    }

    /// Sends `value` to every subscriber; see ``Subject/sendNext(_:isolation:)``.
    ///
    /// - Complexity: O(*n*), where *n* is the number of subscribers.
    @inlinable
    @discardableResult
    public func sendNext(_ value: Value, isolation: isolated (any Actor)? = #isolation) -> Self {
        send(value, tag: nil, from: isolation)  // inlined, so `send` is the only frame before yours
        return self
    }
}

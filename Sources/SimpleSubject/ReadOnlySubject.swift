/// A ``Subject`` others can read, subscribe to, derive from and bind, but not send into: what a
/// view model exposes (Combine's `AnyPublisher` over a `@Published private(set)`, RxSwift's
/// `Observable` over a relay, ReactiveSwift's `Property`).
///
/// Every ``Subject`` is one; a view model declares its outputs with this type and assigns them
/// subjects, and the compiler then rejects `sendNext` and setting `value` from outside:
///
/// ```swift
/// @MainActor final class SignUpViewModel {
///     let email = Subject("")
///     let canSubmit: ReadOnlySubject<Bool>
///
///     init() {
///         canSubmit = email.map { $0.contains("@") }
///     }
/// }
///
/// let form = SignUpViewModel()
/// form.canSubmit.subscribeNext { print("can submit:", $0) }  // can submit: false
/// form.email.sendNext("ming@example.com")                    // can submit: true
/// // form.canSubmit.sendNext(true)  — does not compile: a read-only subject takes no sends
/// ```
///
/// Operators on it give what they give on a ``Subject`` (`map` a `Subject`, `filter` a
/// ``ReplaySubject``), and it goes wherever a subject may go (`combineLatest`, `merge`,
/// `withLatestFrom`). Only code that holds the `Subject` itself can send.
public class ReadOnlySubject<Value>: SubjectBase<Value> {
    /// The value most recently delivered.
    ///
    /// Inside a subscriber it is the value being delivered; once `sendNext(x)` returns on a thread
    /// that found the subject idle, it is `x` unless a later send came in. (A send that queued
    /// behind another thread's delivery becomes the value when its own delivery starts.)
    public var value: Value {
        state.locked { $0.memory.latest! }
    }
}


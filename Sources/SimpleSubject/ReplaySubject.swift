import Synchronization

/// A subject that replays its last `bufferSize` values, oldest first, to each new subscriber.
///
/// ReactiveCocoa's `RACReplaySubject`. With `bufferSize` 1 it is a ``Subject`` that may be empty;
/// with 0 it is an ``EventSubject``.
///
/// ```swift
/// let log = ReplaySubject<String>(bufferSize: 2)
/// log.sendNext("a").sendNext("b").sendNext("c")
/// log.subscribeNext { print($0) }   // b, c
/// ```
///
/// A send to a full buffer drops its oldest value: O(`bufferSize`).
public final class ReplaySubject<Value>: SubjectBase<Value> {
    /// How many of the latest values a new subscriber gets first.
    public let bufferSize: Int
    /// Whether it stands for a ``Subject``'s current value, which may be missing: an operator
    /// made it from a `Subject` (`filter` does), or from a subject made so. A value that an
    /// operator made from it drops then clears what that operator replays, as for a `Subject`'s
    /// (see `SubjectBase.clearsReplayOnDrop`). Set before the operator is attached, never after.
    @usableFromInline let isCurrentValueStandIn = Atomic<Bool>(false)

    /// Creates a subject that remembers up to `bufferSize` values.
    ///
    /// The buffer grows as values arrive: it never holds room for `bufferSize` values up front.
    ///
    /// - Precondition: `bufferSize` is 0 or more.
    @inlinable public init(bufferSize: Int) {
        guard bufferSize >= 0 else {
            // `fatalError`: a release build drops a precondition's message.
            fatalError("ReplaySubject(bufferSize:) needs a bufferSize of 0 or more, not \(bufferSize)")
        }
        self.bufferSize = bufferSize
        super.init(memory: bufferSize == 1 ? .single(nil) : .recent([], size: bufferSize))
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

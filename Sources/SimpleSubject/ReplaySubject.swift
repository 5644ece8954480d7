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
public final class ReplaySubject<Value>: SubjectBase<Value> {
    /// How many of the latest values a new subscriber gets first.
    public let bufferSize: Int
    @usableFromInline var buffer: [Value] = []

    /// Creates a subject that remembers up to `bufferSize` values.
    ///
    /// - Precondition: `bufferSize` is 0 or more.
    @inlinable public init(bufferSize: Int) {
        precondition(bufferSize >= 0, "ReplaySubject(bufferSize:) needs a bufferSize of 0 or more, not \(bufferSize)")
        self.bufferSize = bufferSize
        super.init(memory: .recorded)  // the buffer grows as values arrive: never `bufferSize` up front
    }

    /// - Complexity: O(`bufferSize`) to drop the oldest value.
    override func record(_ value: Value) -> Value? {
        guard bufferSize > 0 else { return nil }
        buffer.append(value)
        return buffer.count > bufferSize ? buffer.removeFirst() : nil
    }

    @usableFromInline override func replay() -> Replay { buffer.isEmpty ? .none : .many(buffer) }

    override func forget() -> [Value] {
        defer { buffer.removeAll(keepingCapacity: true) }
        return buffer
    }

    override var kindDescription: String {
        let buffered = lock.withLock { buffer }
        return "ReplaySubject<\(Value.self)>(bufferSize: \(bufferSize), buffered: \(buffered.map { String(reflecting: $0) }))"
    }
}

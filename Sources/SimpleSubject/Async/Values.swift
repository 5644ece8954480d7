extension SubjectBase where Value: Sendable {
    /// The subject's values as an `AsyncStream`, for `for await`.
    ///
    /// The stream gets what a new subscriber gets — a ``Subject``'s stream starts with the current
    /// value — then every later value, and finishes when the subject is released. A consumer that
    /// stops iterating (breaks out, or its task is cancelled) ends its subscription.
    ///
    /// ```swift
    /// for await credit in student.creditSubject.values {
    ///     print(credit)
    /// }
    /// ```
    ///
    /// Isolation: the stream is fed on the delivering thread (its continuation is thread-safe)
    /// and your `for await` loop runs wherever you run it, so there is nothing to hop: a property
    /// cannot take the caller's isolation, and needs none.
    ///
    /// Buffering: unbounded. Sends never wait for the consumer and no value is ever dropped;
    /// values the consumer has not reached yet are kept in order, so a consumer much slower than
    /// its producer holds every value sent meanwhile.
    public var values: AsyncStream<Value> {
        let (stream, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: .unbounded)
        let subscription = Subscription(host: self, file: "AsyncStream (values)", line: 0)
        continuation.onTermination = { _ in subscription.cancel() }
        let end = StreamEnd(continuation)
        attach(subscription) { end.continuation.yield($0) }
        return stream
    }
}

/// Finishes a stream when the subscriber's closure that holds it is released: when the subject
/// is, or when the subscription is cancelled.
private final class StreamEnd<Value: Sendable> {
    let continuation: AsyncStream<Value>.Continuation

    init(_ continuation: AsyncStream<Value>.Continuation) {
        self.continuation = continuation
    }

    deinit { continuation.finish() }
}

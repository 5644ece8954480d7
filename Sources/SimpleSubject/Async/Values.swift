extension SubjectBase where Value: Sendable {
    /// The subject's values, for `for await`; each iteration subscribes when it starts.
    ///
    /// An iteration gets what a new subscriber gets — a ``Subject``'s starts with the current
    /// value — then every later value, and ends when the subject is released (after the values
    /// still waiting for it). It owns its subscription: breaking out of the loop, or cancelling
    /// its task, ends it, however long the sequence itself is kept. Two loops over one sequence
    /// are two subscriptions, each with every value.
    ///
    /// ```swift
    /// for await credit in student.creditSubject.values {
    ///     print(credit)
    /// }
    /// ```
    ///
    /// Buffering: ``ValuesBufferingPolicy/dropsNothing`` — no value is ever dropped, and at most
    /// 1,024 wait for the consumer; then the thread delivering the subject waits until the
    /// consumer takes one (at most 100 ms at a time, never in the consumer's own task or on its
    /// actor), and senders to the subject queue behind it. That thread may be one of the
    /// cooperative pool's: a `sendNext` from async code may block it that long. For
    /// `AsyncStream`'s dropping policies, use ``values(bufferingPolicy:file:line:)``.
    ///
    /// Copies of one iterator share its iteration (each value goes to one of them); for two
    /// loops, make two iterators.
    ///
    /// There is no end but the subject's release, and no failure: a subject has a current value,
    /// not a stream's end. To stop a loop, break out of it or cancel its task; to report
    /// failures, send `Result` values or keep a subject of failures beside it (see "Using
    /// SimpleSubject in a service").
    ///
    /// Isolation: values are handed over on the delivering thread; your loop runs wherever you
    /// run it.
    public var values: SubjectValues<Value> {
        SubjectValues(self, policy: .dropsNothing, file: "for await (values)", line: 0)
    }

    /// The subject's values, for `for await`, kept as `policy` says while the consumer is busy.
    ///
    /// Otherwise as ``values``: each iteration subscribes when it starts and ends when it stops.
    ///
    /// ```swift
    /// for await query in searchField.values(bufferingPolicy: .bufferingNewest(1)) {
    ///     await search(query)   // queries typed meanwhile: only the newest is searched next
    /// }
    /// ```
    public func values(bufferingPolicy policy: ValuesBufferingPolicy,
                       file: StaticString = #fileID, line: UInt = #line) -> SubjectValues<Value> {
        SubjectValues(self, policy: policy, file: file, line: line)
    }
}

/// A subject's values as an `AsyncSequence`: see ``SubjectBase/values``.
///
/// It holds the subject weakly: an iteration that starts once the subject is gone ends at once.
public struct SubjectValues<Value: Sendable>: AsyncSequence, Sendable {
    public typealias Element = Value
    public typealias Failure = Never

    private weak let subject: SubjectBase<Value>?
    private let policy: ValuesBufferingPolicy
    private let file: StaticString
    private let line: UInt

    init(_ subject: SubjectBase<Value>, policy: ValuesBufferingPolicy, file: StaticString, line: UInt) {
        self.subject = subject
        self.policy = policy
        self.file = file
        self.line = line
    }

    /// Starts an iteration: subscribes to the subject.
    public func makeAsyncIterator() -> Iterator {
        Iterator(ValuesIteration(of: subject, policy: policy, file: file, line: line))
    }

    /// One iteration over a subject's values; it ends its subscription when it is gone.
    public struct Iterator: AsyncIteratorProtocol {
        let iteration: ValuesIteration<Value>

        init(_ iteration: ValuesIteration<Value>) {
            self.iteration = iteration
        }

        /// The next value, once it comes, resumed on `actor` (the caller's); nil once the subject
        /// is released or the task is cancelled.
        public mutating func next(isolation actor: isolated (any Actor)? = #isolation) async -> Value? {
            await iteration.buffer.next(isolation: actor)
        }
    }
}

/// One iteration's subscription and buffer, held by its iterator alone: when the iterator is
/// gone, the subscription ends.
final class ValuesIteration<Value: Sendable>: Sendable {
    let buffer: ValuesBuffer<Value>

    /// Subscribes to `subject`; with none (it is gone), the iteration has ended.
    init(of subject: SubjectBase<Value>?, policy: ValuesBufferingPolicy, file: StaticString, line: UInt) {
        guard let subject else {
            buffer = ValuesBuffer(policy: policy, subscription: nil)
            buffer.end(byConsumer: false)
            return
        }
        let subscription = Subscription(host: subject, file: file, line: line)
        buffer = ValuesBuffer(policy: policy, subscription: subscription)
        let feed = ValuesFeed(buffer)
        subject.attach(subscription) { feed.buffer.deliver($0) }
    }

    deinit {
        buffer.stop()
    }
}

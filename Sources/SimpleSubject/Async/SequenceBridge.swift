extension EventSubject where Value: Sendable {
    /// An event subject that sends each element of `sequence`, from a task of its own — the bridge
    /// from an `AsyncSequence` (a stream of server events, `NotificationCenter.notifications`)
    /// into subjects.
    ///
    /// ```swift
    /// let messages = EventSubject(socket.messages)
    /// messages.subscribeNext { print($0) }
    /// ```
    ///
    /// The task runs where this initializer is called (its `isolation`): made in a `@MainActor`
    /// screen, it starts once the screen's current code has run, so subscribers it makes right
    /// after get every element. Made outside any actor, it runs on the concurrency pool at once,
    /// and elements it takes before anyone subscribes go to nobody — as any value sent to an
    /// `EventSubject` before anyone subscribes.
    ///
    /// The task iterates `sequence` until it ends, throws, or this subject is released: releasing
    /// the subject cancels the task (so a sequence that honours cancellation lets go of what it
    /// holds at once), and an element that arrives after that is not sent. A subject has no
    /// completion and no failure, so an error ends the task silently: to keep errors, map the
    /// sequence to `Result` values first. Elements are sent as from outside any actor: a
    /// subscriber made on an actor gets them there.
    ///
    /// - Complexity: one task for the subject's life.
    ///
    /// - Parameters:
    ///   - sequence: The elements to send.
    ///   - isolation: Where the task runs: the caller's actor, or the concurrency pool for `nil`.
    public convenience init<Elements: AsyncSequence & Sendable>(
        _ sequence: Elements, isolation: isolated (any Actor)? = #isolation
    ) where Elements.Element == Value {
        self.init()
        let task = Task { [weak self] in
            _ = isolation  // captured: the task runs there
            do {
                for try await element in sequence {
                    guard let self else { return }
                    self.sendNext(element)
                }
            } catch {
                return  // no failure to pass on; see above
            }
        }
        companion = TaskEnd(task)
    }
}

/// Cancels a task when it is released: it lives exactly as long as the subject it hangs on.
final class TaskEnd: Sendable {
    let task: Task<Void, Never>

    init(_ task: Task<Void, Never>) {
        self.task = task
    }

    deinit {
        task.cancel()
    }
}

import Observation

extension Subject where Value: Sendable {
    /// A subject whose value is what `read` returns, read again after every change of anything
    /// `read` read — the `@Observable` properties it touched.
    ///
    /// ```swift
    /// @Observable @MainActor final class Settings { var name = "ming" }
    ///
    /// let name = Subject(observing: { settings.name })   // "ming", at once
    /// name.map { "Hello, \($0)" }.assign(to: \.text, on: greeting)
    /// settings.name = "hong"                              // then "Hello, hong"
    /// ```
    ///
    /// It starts with `read()`'s result, at once. After a change it sends the value *after* the
    /// change, never the old one: `read` runs again in a later turn of its actor — written on an
    /// actor (a `@MainActor` screen), on that actor, so that changes made in one turn arrive as
    /// one value, the newest; written outside any actor, on a task soon after the change, one
    /// read at a time. Observation announces a change before it is made: a model written on
    /// `read`'s own actor is always read after the write, but a write made on another thread
    /// may still be under way when `read` runs again, and then the subject keeps the older value
    /// until the next change — the more observers the model has, the longer its writes take, and
    /// the likelier that is. Read a model on the actor that writes it.
    ///
    /// It is a source, as any `Subject` is: it lives, and follows the model, for as long as you
    /// hold it (a screen's property), and the operators and subscribers below it with it. The
    /// model holds it only weakly, so releasing it stops the reading, and frees `read` and what
    /// it captured. Capture the model in `read`, not an object that holds this subject.
    ///
    /// - Parameters:
    ///   - read: Reads the observed properties; it runs where it was written, as a subscriber does.
    ///   - isolation: Where this call runs. `read`, if written on an actor, is read once here at
    ///     once, so it is made on that actor (anywhere else, it stops the program with a message).
    /// - Complexity: one task per turn in which something `read` read changed.
    public convenience init(@_inheritActorContext observing read: @escaping @Sendable @isolated(any) () -> Value,
                            isolation: isolated (any Actor)? = #isolation) {
        guard read.isolation == nil || read.isolation === isolation else {
            // `fatalError`: a release build drops a precondition's message.
            fatalError("Subject(observing:) reads its closure at once: make it on \(read.isolation.map { "\(type(of: $0))" } ?? "")")
        }
        let observer = Observer(read)
        self.init(observer.readTracking())
        companion = observer
        observer.follow(self)
    }
}

/// Re-reads an observing subject's closure after each change, where the closure may run. The
/// subject holds it; it holds the subject weakly, and the model's tracking holds it weakly.
final class Observer<Value: Sendable>: Sendable {
    // Its state is behind `Locked` (a pthread mutex, which ThreadSanitizer sees).
    private let read: @Sendable @isolated(any) () -> Value
    /// Its subject, and its reads (see `ObserverStateMachine`).
    private let machine = Locked(ObserverStateMachine<Value>())

    init(_ read: @escaping @Sendable @isolated(any) () -> Value) {
        self.read = read
    }

    /// Starts feeding `subject`; a change that came before it had a subject is read now.
    func follow(_ subject: Subject<Value>) {
        let missed = machine.locked { $0.followed(subject) }
        if missed {
            changed()
        }
    }

    /// Reads, and arms the tracking of what was read; called only where `read.isolation` holds.
    func readTracking() -> Value {
        // Called where `read.isolation` holds; see IsolatedBlock.swift.
        let plain = plainReader(read)
        return withObservationTracking(plain) { [weak self] in self?.changed() }
    }

    /// Called once a property that was read is about to change (a willSet, on the writing
    /// thread): reads again in a later turn, after the change.
    func changed() {
        guard let actor = read.isolation else {
            // One read at a time, so that values are sent in the order they were read.
            let starts = machine.locked { $0.changed() }
            if starts {
                Task.detached { self.readWhileChanging() }
            }
            return
        }
        if actor === MainActor.shared {
            Task { @MainActor in self.readAgain(in: MainActor.shared) }
        } else {
            Task { await self.readAgain(on: actor) }
        }
    }

    private func readWhileChanging() {
        repeat {
            readAgain(in: nil)
        } while machine.locked { $0.readEnded() }
    }

    private func readAgain(on actor: isolated any Actor) {
        readAgain(in: actor)
    }

    private func readAgain(in isolation: (any Actor)?) {
        let subject = machine.locked { $0.readIsDue() }  // nil before `follow`: a change on another thread
        guard let subject else { return }  // released (or not followed yet): no read
        subject.send(readTracking(), tag: nil, from: isolation)
    }
}

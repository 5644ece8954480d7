import Observation
import Synchronization

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
    /// one value, the newest; written outside any actor, on a task soon after the change is
    /// announced (for a model changed on other threads, prefer reading it on its actor: a write
    /// still under way then may be read on its next change).
    ///
    /// It follows the model for as long as anyone can observe it — it has a live subscriber (an
    /// operator's counts while its own result can be observed), or someone holds a reference to
    /// it — as every derived subject follows its source. Once neither is true, the model's next
    /// change lets it go without running `read`: the model never keeps an unobserved subject
    /// alive, and `Subject(observing: read).map(f).subscribeNext(g)` needs no property to hold it.
    ///
    /// - Parameters:
    ///   - read: Reads the observed properties; it runs where it was written, as a subscriber does.
    ///   - isolation: Where this call runs. `read`, if written on an actor, is read once here at
    ///     once, so it is made on that actor (anywhere else, it stops the program with a message).
    /// - Complexity: one task per turn in which something `read` read changed.
    public convenience init(@_inheritActorContext observing read: @escaping @Sendable @isolated(any) () -> Value,
                            isolation: isolated (any Actor)? = #isolation) {
        precondition(read.isolation == nil || read.isolation === isolation,
                     "Subject(observing:) reads its closure at once: make it on \(read.isolation.map { "\(type(of: $0))" } ?? "")")
        let observer = Observer(read)
        self.init(observer.readTracking())
        observer.follow(self)
    }
}

/// Re-reads an observing subject's closure after each change, where the closure may run. The
/// model's tracking holds it until its next change; it holds the subject, as a source holds what
/// it feeds, until nobody else can observe it.
final class Observer<Value: Sendable>: Sendable {
    private let read: @Sendable @isolated(any) () -> Value
    private let subject = Mutex<Subject<Value>?>(nil)

    init(_ read: @escaping @Sendable @isolated(any) () -> Value) {
        self.read = read
    }

    func follow(_ subject: Subject<Value>) {
        self.subject.withLock { $0 = subject }
    }

    /// Reads, and arms the tracking of what was read; called only where `read.isolation` holds.
    func readTracking() -> Value {
        // Called where `read.isolation` holds; see IsolatedBlock.swift.
        let plain = unsafeBitCast(IsolatedReader(call: read), to: PlainReader<Value>.self).call
        return withObservationTracking(plain) { self.changed() }
    }

    /// Called once a property that was read is about to change (a willSet, on the writing
    /// thread): reads again in a later turn, after the change.
    private func changed() {
        if let actor = read.isolation {
            if actor === MainActor.shared {
                Task { @MainActor in self.readAgain(on: MainActor.shared) }
            } else {
                Task { await self.readAgain(on: actor) }
            }
        } else {
            Task.detached { self.readAgain(in: nil) }
        }
    }

    private func readAgain(on actor: isolated any Actor) {
        readAgain(in: actor)
    }

    private func readAgain(in isolation: (any Actor)?) {
        let observed = subject.withLock { subject -> Subject<Value>? in
            // Nobody else holds it and nothing observes it: let it go, and read no more.
            if isKnownUniquelyReferenced(&subject), subject?.hasObservers(depth: 0) != true {
                subject = nil
            }
            return subject
        }
        guard let observed else { return }
        observed.send(readTracking(), tag: nil, from: isolation)
    }
}

/// An observing subject's closure as it is given, and as it is called (see IsolatedBlock.swift).
struct IsolatedReader<Value> {
    let call: @Sendable @isolated(any) () -> Value
}

struct PlainReader<Value> {
    let call: () -> Value
}

/// An `Observer`'s state: whether it feeds its subject yet, and, for a closure outside any actor,
/// whether a read runs. Reads are scheduled by changes, which come on any thread, even before
/// `Subject(observing:)` has handed over the subject; a change then is read once it has.
struct ObserverStateMachine<Value> {
    /// Whether the observer feeds its subject.
    private enum Following {
        /// The subject is not handed over yet; `missedChange`: a read was due meanwhile.
        case notYet(missedChange: Bool)
        /// Feeds the subject, held weakly: releasing it stops the reading.
        case feeding(WeakSubject)
    }

    /// The reads of a closure outside any actor, which run one at a time, so that values are
    /// sent in the order they were read.
    enum Reading: Equatable {
        /// No read runs.
        case idle
        /// A read runs.
        case running
        /// A read runs, and a change came while it did: it reads once more.
        case runningAgain
    }

    /// The subject, weakly.
    private struct WeakSubject {
        weak var subject: Subject<Value>?
    }

    private var following = Following.notYet(missedChange: false)
    private(set) var reading = Reading.idle

    init() {}

    /// The subject was handed over; returns whether to read now, for a change that came before.
    mutating func followed(_ subject: Subject<Value>) -> Bool {
        switch following {
        case .notYet(let missedChange):
            following = .feeding(WeakSubject(subject: subject))
            return missedChange
        case .feeding:
            preconditionFailure("an observer was handed its subject twice")
        }
    }

    /// A read is due; returns the subject to send its value to, or nil (released, or not handed
    /// over yet: then the read is due again once it is).
    mutating func readIsDue() -> Subject<Value>? {
        switch following {
        case .notYet:
            following = .notYet(missedChange: true)
            return nil
        case .feeding(let weak):
            return weak.subject
        }
    }

    /// A change came, for a closure outside any actor; returns whether to start a read.
    mutating func changed() -> Bool {
        switch reading {
        case .idle:
            reading = .running
            return true
        case .running, .runningAgain:
            reading = .runningAgain  // the running read reads once more
            return false
        }
    }

    /// The running read has read; returns whether it reads once more.
    mutating func readEnded() -> Bool {
        switch reading {
        case .idle:
            preconditionFailure("a read ended that had not begun")
        case .running:
            reading = .idle
            return false
        case .runningAgain:
            reading = .running
            return true
        }
    }
}

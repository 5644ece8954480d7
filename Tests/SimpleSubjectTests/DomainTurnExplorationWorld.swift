@testable import SimpleSubject

// What DomainTurnExplorationTests explores: the scenario, the jobs, the simulated threads and the
// world they share.

/// The bounds of one exploration, and whether thread B sends on the main actor.
struct TurnScenario: Sendable {
    var limit: Int
    var handOffAfter: Int
    var mainActorB: Bool
}

/// A queued transaction: a value sent to x (0) or y (1), the subscriber's first call, or the
/// activation of `combineLatest(x, y)`.
enum TurnJob: Hashable, CustomStringConvertible {
    case value(subject: Int, seq: Int8)
    case firstCall
    case activation

    var description: String {
        guard case .value(let subject, let seq) = self else { return self == .activation ? "activation" : "first call" }
        return "\(subject == 0 ? "x" : "y")\(seq)"
    }

    /// The original domain whose turn delivers this job before the join.
    var domain: Int { if case .value(let subject, _) = self { subject } else { 0 } }

    /// The original domains this job's delivery may touch.
    var domains: Set<Int> { self == .activation ? [0, 1] : [domain] }

    /// One bit per value, for the sets of values a world tracks.
    var bit: UInt8 {
        guard case .value(let subject, let seq) = self else { return 0 }
        return 1 << UInt8(subject * 2 + Int(seq) - 1)
    }
}

/// One simulated thread: where it is in its program, and what its next step is.
struct TurnThread: Hashable, CustomStringConvertible {
    /// Ready for its next operation, about to deliver a job (with the rest of its batch), about to
    /// end that transaction (the lock, or a look at whether an activation waits), waiting to send
    /// a job, handed the turn of a domain and about to take it, waiting for a domain to be idle to
    /// join it, or an activation waiting for a turn to change.
    enum Mode: Hashable {
        case ready, delivering(TurnJob, rest: [TurnJob]), ending(TurnJob, rest: [TurnJob]), waiting(TurnJob)
        case handedTurn(domain: Int), joining, retrying(TurnJob, TurnFrame)
    }
    var pc = 0
    var mode = Mode.ready
    var description: String { "pc \(pc): \(mode)" }

    /// The jobs this thread is delivering or has yet to deliver of its batch.
    var batch: [TurnJob] {
        switch mode {
        case .delivering(let job, let rest), .ending(let job, let rest): [job] + rest
        default: []
        }
    }

    /// The jobs of its batch this thread has yet to deliver.
    var rest: [TurnJob] {
        switch mode {
        case .delivering(_, let rest), .ending(_, let rest): rest
        default: []
        }
    }
}

/// Everything the threads share: the two turns, the subjects, their subscribers.
struct TurnWorld: Hashable {
    enum Subscriber: Hashable { case none, pending, live, cancelled }
    var turns: [DomainTurn<TurnJob>]
    var joined = false
    var threads = [TurnThread](repeating: TurnThread(), count: 3)
    var current: [Int8] = [0, 0]
    var delivered: [[Int8]] = [[], []]
    var combined = false
    var subscriber = Subscriber.none
    var firstCall: Int8?
    /// How many of x's values had been delivered, or were being delivered, when the subscriber's
    /// first call was queued or taken to be made: it comes before any other.
    var xDeliveredAtSubscribe = 0
    var subscriberValues: [Int8] = []
    var leftBehind: UInt8 = 0
    var overLimit: UInt8 = 0

    func root(_ domain: Int) -> Int { joined ? 0 : domain }
}

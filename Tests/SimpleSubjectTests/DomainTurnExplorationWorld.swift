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
    /// Ready for its next operation, about to deliver a job, about to end that transaction (the
    /// lock), waiting to send a job, handed the turn of a domain and about to take it, waiting for
    /// a domain to be idle to join it, or an activation waiting for a turn to change.
    enum Mode: Hashable {
        case ready, delivering(TurnJob), ending(TurnJob), waiting(TurnJob), handedTurn(domain: Int)
        case joining, retrying(TurnJob, TurnFrame)
    }
    var pc = 0
    var mode = Mode.ready
    var description: String { "pc \(pc): \(mode)" }
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
    var subscriberValues: [Int8] = []
    var leftBehind: UInt8 = 0
    var overLimit: UInt8 = 0

    func root(_ domain: Int) -> Int { joined ? 0 : domain }
}

import Testing
@testable import SimpleSubject

/// Every interleaving of three simulated threads driving real `DomainTurn` values, explored
/// depth-first over a set of visited worlds (as tokio's loom explores its primitives).
///
/// Thread A sends 1 and 2 to subject x (domain 0); thread B sends 1 and 2 to subject y (domain 1);
/// thread C joins the domains (`combineLatest(x, y)`: as the engine does, it waits for y's domain
/// to be idle, links it under x's, and activates the operator), subscribes to x and cancels. Each
/// event is one atomic step; delivering a job (user code, outside the lock) is a step of its own,
/// and a waiting sender's or a retrying activation's cap may run out at any step.
struct DomainTurnExplorationTests {
    @Test(arguments: [
        TurnScenario(limit: 1, handOffAfter: 1, mainActorB: false),
        TurnScenario(limit: 1, handOffAfter: 2, mainActorB: false),
        TurnScenario(limit: 2, handOffAfter: 1, mainActorB: false),
        TurnScenario(limit: 1, handOffAfter: 1, mainActorB: true),
    ])
    func everyInterleavingKeepsTheDeliveryGuarantees(_ scenario: TurnScenario) {
        let clock = ContinuousClock()
        var exploration = TurnExploration(scenario)
        let time = clock.measure { exploration.run() }
        print("\(scenario): \(exploration.visited) states, \(exploration.terminal) final, \(time)")
        #expect(exploration.violations == [])
        #expect(exploration.terminal > 0)
    }
}

struct TurnExploration {
    enum Op { case send(subject: Int, seq: Int8), join, subscribe, cancel }
    let scenario: TurnScenario
    let programs: [[Op]] = [
        [.send(subject: 0, seq: 1), .send(subject: 0, seq: 2)],
        [.send(subject: 1, seq: 1), .send(subject: 1, seq: 2)],
        [.join, .subscribe, .cancel],
    ]
    private(set) var violations: [String] = []
    private(set) var visited = 0
    private(set) var terminal = 0
    /// Every violation found; a state that breaks an invariant is not explored further.
    private var failures = 0
    private var world: TurnWorld

    init(_ scenario: TurnScenario) {
        self.scenario = scenario
        let turn = DomainTurn<TurnJob>(limit: scenario.limit, handOffAfter: scenario.handOffAfter)
        world = TurnWorld(turns: [turn, turn])
    }

    mutating func run() {
        let start = world
        var seen: Set<TurnWorld> = [start]
        var frontier = [start]
        while let state = frontier.popLast() {
            let known = failures
            checkInvariants(of: state)
            guard failures == known else { continue }
            var next: [TurnWorld] = []
            for thread in 0..<3 {
                world = state
                if step(thread) { next.append(world) }
            }
            check(!next.isEmpty || isFinal(state), "stuck: \(state.threads)")
            for successor in next where seen.insert(successor).inserted { frontier.append(successor) }
        }
        visited = seen.count
        terminal = seen.filter(isFinal).count
    }

    /// Records a violation unless `holds`; the first five distinct messages are kept.
    private mutating func check(_ holds: Bool, _ message: @autoclosure () -> String) {
        guard !holds else { return }
        failures += 1
        if violations.count < 5 && !violations.contains(message()) { violations.append(message()) }
    }

    /// Runs thread `t`'s next atomic step on `world`; false when it has none.
    private mutating func step(_ t: Int) -> Bool {
        let frame = TurnFrame(thread: t)
        switch world.threads[t].mode {
        case .ready:
            guard world.threads[t].pc < programs[t].count else { return false }
            start(programs[t][world.threads[t].pc], on: t, frame: frame)
        case .delivering(let job, let rest):
            deliver(job, by: t)
            world.threads[t].mode = .ending(job, rest: rest)
        case .ending(let job, let rest):
            let root = world.root(job.domain)
            if let next = rest.first, !world.turns[root].hasActivationWaiting {
                // The holder reports after each transaction of a batch (the engine, every 64).
                for waiter in world.turns[root].delivered(1, by: frame) { wake(waiter, handedTurn: false, root: root) }
                world.threads[t].mode = .delivering(next, rest: Array(rest.dropFirst()))
            } else {
                follow(world.turns[root].transactionEnded(by: frame, undelivered: rest), by: t, root: root)
            }
        case .handedTurn(let domain):
            let root = world.root(domain)
            follow(world.turns[root].turnReceived(by: frame), by: t, root: root)
        case .joining:
            guard world.turns[1].isIdle else { return false }
            link(by: t, frame: frame)
        case .retrying(let job, _):
            let action = world.turns[0].activate(job, from: frame, onMainActor: false, mayRetry: false)
            follow(activation: action, of: job, by: t)
        case .waiting(let job):
            let root = world.root(job.domain)
            let full = world.turns[root].backlog.count + world.turns[root].inFlight >= scenario.limit
            switch world.turns[root].waitTimedOut(thread: t) {
            case .waitsAgain:
                return true  // the holders ended a transaction since it looked: it waits on
            case .alreadyWoken:
                let threads = world.threads
                check(false, "a waiter was dropped without a wake: \(threads)")
                return true
            case .queuedOverLimit:
                break
            }
            world.leftBehind |= job.bit
            world.overLimit |= full ? job.bit : 0
            finishOp(t)
        }
        return true
    }

    private mutating func start(_ op: Op, on t: Int, frame: TurnFrame) {
        switch op {
        case .send(let subject, let seq):
            let job = TurnJob.value(subject: subject, seq: seq)
            let root = world.root(subject)
            let onMainActor = scenario.mainActorB && t == 1
            let full = world.turns[root].backlog.count + world.turns[root].inFlight >= scenario.limit
            switch world.turns[root].send(job, from: frame, onMainActor: onMainActor) {
            case .deliver: world.threads[t].mode = .delivering(job, rest: [])
            case .queued:
                world.leftBehind |= onMainActor ? job.bit : 0
                world.overLimit |= full && !onMainActor ? job.bit : 0  // an allowance after a timed-out wait
                finishOp(t)
            case .wait: world.threads[t].mode = .waiting(job)
            case .joinOpenTransaction: check(false, "a send joined a transaction its thread does not hold")
            case .retryWhenTheTurnChanges: check(false, "a send was told to retry as an activation is")
            }
        case .join:
            guard world.turns[1].isIdle else {
                world.threads[t].mode = .joining
                return
            }
            link(by: t, frame: frame)
        case .subscribe:
            world.subscriber = .pending
            follow(activation: world.turns[world.root(0)].activate(.firstCall, from: frame, onMainActor: false),
                   of: .firstCall, by: t)
        case .cancel:
            world.subscriber = .cancelled
            finishOp(t)
        }
    }

    /// The engine's join: y's domain, idle, goes under x's, and the operator is activated there.
    private mutating func link(by t: Int, frame: TurnFrame) {
        world.joined = true
        follow(activation: world.turns[0].activate(.activation, from: frame, onMainActor: false), of: .activation, by: t)
    }

    /// What an activation does after `activate`.
    private mutating func follow(activation action: DomainTurn<TurnJob>.SendAction, of job: TurnJob, by t: Int) {
        if job == .firstCall && (action == .deliver || action == .queued) {
            let inDelivery = world.threads.contains { thread in
                guard case .delivering(.value(subject: 0, _), _) = thread.mode else { return false }
                return true
            }
            world.xDeliveredAtSubscribe = world.delivered[0].count + (inDelivery ? 1 : 0)
        }
        switch action {
        case .deliver: world.threads[t].mode = .delivering(job, rest: [])
        case .queued: finishOp(t)
        case .retryWhenTheTurnChanges(let holder): world.threads[t].mode = .retrying(job, holder)
        case .wait, .joinOpenTransaction: check(false, "an activation waited or joined: \(action)")
        }
    }

    /// Performs a boundary action for thread `t`, which held `root`.
    private mutating func follow(_ action: DomainTurn<TurnJob>.BoundaryAction, by t: Int, root: Int) {
        switch action {
        case .deliver(let batch, let admitted):
            world.threads[t].mode = .delivering(batch[0], rest: Array(batch.dropFirst()))
            for waiter in admitted { wake(waiter, handedTurn: false, root: root) }
        case .handOff(let waiter):
            let full = world.turns[root].backlog.count + world.turns[root].inFlight > scenario.limit
            if case .waiting(let job) = world.threads[waiter].mode { world.overLimit |= full ? job.bit : 0 }
            wake(waiter, handedTurn: true, root: root)
            finishOp(t)
        case .idle:
            finishOp(t)
        }
    }

    private mutating func wake(_ waiter: Int, handedTurn: Bool, root: Int) {
        guard case .waiting = world.threads[waiter].mode else { return check(false, "woke \(waiter), not waiting") }
        world.threads[waiter].mode = handedTurn ? .handedTurn(domain: root) : .ready
        world.threads[waiter].pc += handedTurn ? 0 : 1
    }

    private mutating func finishOp(_ t: Int) {
        world.threads[t].mode = .ready
        world.threads[t].pc += 1
    }

    /// Runs the subscribers a job reaches, checking what only a transition can show.
    private mutating func deliver(_ job: TurnJob, by t: Int) {
        switch job {
        case .value(let subject, let seq):
            let left = world.leftBehind & job.bit != 0
            check(t != 2 || left, "the subscribing thread delivered \(job), which its sender could deliver")
            world.current[subject] = seq
            world.delivered[subject].append(seq)
            if subject == 0 && world.subscriber == .live { world.subscriberValues.append(seq) }
        case .firstCall:
            guard world.subscriber == .pending else { return }
            let delivered = world.delivered[0]
            check(delivered.count <= world.xDeliveredAtSubscribe, "the first call came after values queued before it: \(delivered)")
            world.subscriber = .live
            world.firstCall = world.current[0]
        case .activation:
            let threads = world.threads
            check(holders(of: [0, 1], in: world).count <= 1, "activation beside another deliverer: \(threads)")
            world.combined = true
        }
    }

    /// The threads that hold a turn and may touch one of these original domains.
    private func holders(of domains: Set<Int>, in state: TurnWorld) -> [Int] {
        (0..<3).filter { t in
            switch state.threads[t].mode {
            case .delivering, .ending: state.threads[t].batch.contains { !domains.isDisjoint(with: $0.domains) }
            case .handedTurn(let domain): state.joined || domains.contains(domain)
            case .ready, .waiting, .joining, .retrying: false
            }
        }
    }

    private func isFinal(_ state: TurnWorld) -> Bool {
        (0..<3).allSatisfy { state.threads[$0].pc == programs[$0].count }
    }

    private mutating func checkInvariants(of state: TurnWorld) {
        let threads = state.threads
        let holding = holders(of: [0, 1], in: state)
        for domain in 0..<2 {
            check(holders(of: [domain], in: state).count <= 1, "two deliverers in domain \(domain): \(threads)")
        }
        check(!state.joined || holding.count <= 1, "two deliverers in the joined domain: \(threads)")
        for t in holding {
            check(state.turns.contains { $0.isHeld(by: t) }, "thread \(t) delivers without the turn: \(threads)")
        }
        for values in state.delivered {
            check(values == Array([1, 2].prefix(values.count)), "lost, doubled or reordered: \(state.delivered)")
        }
        let seen = state.subscriberValues
        check(seen.isEmpty || state.firstCall != nil, "a value before the first call: \(seen)")
        check(seen.allSatisfy { $0 > state.firstCall ?? 0 }, "the subscriber went back: \(seen)")
        for turn in state.turns {
            // What waits: the backlog, and what its holder has yet to deliver of a batch taken from it.
            let taken = turn.lastBatch == .backlog ? (0..<3).filter { turn.isHeld(by: $0) }.flatMap { threads[$0].rest } : []
            let values = (turn.backlog + taken).filter { $0.bit != 0 }
            let over = values.filter { state.overLimit & $0.bit != 0 }
            check(values.count <= scenario.limit + over.count, "the bound is broken: \(turn.backlog)")
        }
        guard isFinal(state) else { return }
        check(state.delivered == [[1, 2], [1, 2]], "lost at the end: \(state.delivered)")
        check(state.combined, "the operator never activated")
        let isEmpty = { (turn: DomainTurn<TurnJob>) in
            turn.isIdle && turn.backlog.isEmpty && turn.laneCount == 0 && turn.waiters.isEmpty
        }
        check(state.turns.allSatisfy(isEmpty), "work left at the end: \(state.turns.map(\.backlog))")
    }
}

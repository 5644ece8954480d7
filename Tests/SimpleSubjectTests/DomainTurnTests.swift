import Testing
@testable import SimpleSubject

/// One-thread tests of each transition of `DomainTurn`, driven by its events in order.
struct DomainTurnTests {
    typealias Turn = DomainTurn<String>
    let a = TurnFrame(thread: 1, depth: 0)
    let b = TurnFrame(thread: 2, depth: 0)
    let c = TurnFrame(thread: 3, depth: 0)
    let d = TurnFrame(thread: 4, depth: 0)

    /// A turn held by `a` with `queued` sent by `b`.
    func held(limit: Int = 2, handOffAfter: Int = 2, queued: [String] = []) -> Turn {
        var turn = Turn(limit: limit, handOffAfter: handOffAfter)
        _ = turn.send("a1", from: a, onMainActor: false)
        for work in queued { _ = turn.send(work, from: b, onMainActor: false) }
        return turn
    }

    @Test(arguments: [(false, TurnKind.send), (true, .mainActorSend)])
    func aSendIntoAnIdleDomainTakesTheTurn(onMainActor: Bool, kind: TurnKind) {
        var turn = Turn(limit: 2, handOffAfter: 2)
        #expect(turn.send("a1", from: a, onMainActor: onMainActor) == .deliver)
        #expect(turn.state == .held(.init(frame: a, kind: kind, delivered: 0)))
    }

    @Test func aSendFromTheHoldingThreadJoinsItsOpenTransaction() {
        var turn = held()
        #expect(turn.send("a2", from: TurnFrame(thread: 1, depth: 2), onMainActor: false) == .joinOpenTransaction)
        #expect(turn.backlog == [])
    }

    @Test func aSendFromAnotherThreadQueuesWhileThereIsRoom() {
        var turn = held()
        #expect(turn.send("b1", from: b, onMainActor: false) == .queued)
        #expect(turn.backlog == ["b1"])
    }

    @Test func aSendFromAnotherThreadWaitsWhenTheBacklogIsFull() {
        var turn = held(queued: ["b1", "b2"])
        #expect(turn.send("c1", from: c, onMainActor: false) == .wait)
        #expect(turn.waiters == [.init(frame: c, work: "c1")])
    }

    @Test func theMainActorNeverWaitsAndQueuesInThePriorityLane() {
        var turn = held(queued: ["b1", "b2"])
        #expect(turn.send("m1", from: c, onMainActor: true) == .queued)
        #expect(turn.priorityLane == ["m1"])
    }

    @Test(arguments: [true, false])
    func aSenderWaitsForTheTurnOfASubscribeOrTheMainActor(subscribe: Bool) {
        var turn = Turn(limit: 2, handOffAfter: 2)
        if subscribe {
            _ = turn.subscribe(firstCall: "first", from: a)
        } else {
            _ = turn.send("m1", from: a, onMainActor: true)
        }
        #expect(turn.send("b1", from: b, onMainActor: false) == .wait)
    }

    @Test func aSenderWaitsWhenAHandOffIsDueEvenWithRoom() {
        var turn = held(limit: 3, handOffAfter: 1, queued: ["b1"])
        #expect(turn.transactionEnded(by: a) == .deliver("b1", admitted: nil))
        #expect(turn.send("c1", from: c, onMainActor: false) == .wait)
    }

    @Test func aSubscribeIntoAnIdleDomainMakesTheFirstCallItself() {
        var turn = Turn(limit: 1, handOffAfter: 1)
        #expect(turn.subscribe(firstCall: "first", from: a) == .callFirst)
        #expect(turn.state == .held(.init(frame: a, kind: .subscribe, delivered: 0)))
    }

    @Test func aSubscribeFromTheHoldingThreadJoinsItsOpenTransaction() {
        var turn = held()
        #expect(turn.subscribe(firstCall: "first", from: a) == .joinOpenTransaction)
    }

    @Test func aSubscribeIntoABusyDomainQueuesItsFirstCallEvenWhenFull() {
        var turn = held(queued: ["b1", "b2"])
        #expect(turn.subscribe(firstCall: "first", from: c) == .queued)
        #expect(turn.backlog == ["b1", "b2", "first"])
    }

    @Test func aSendBehindTheOpenTransactionIsTheNextTransaction() {
        var turn = held(queued: ["b1", "b2"])
        turn.queueBehindOpenTransaction("a2", from: a)
        #expect(turn.backlog == ["b1", "b2", "a2"])
    }

    @Test func theTurnGoesIdleWhenNothingIsQueued() {
        var turn = held()
        #expect(turn.transactionEnded(by: a) == .idle)
        #expect(turn.state == .idle)
    }

    @Test func queuedTransactionsAreDeliveredInOrderAfterThePriorityLane() {
        var turn = held(queued: ["b1", "b2"])
        _ = turn.send("m1", from: c, onMainActor: true)
        #expect(turn.transactionEnded(by: a) == .deliver("m1", admitted: nil))
        #expect(turn.transactionEnded(by: a) == .deliver("b1", admitted: nil))
        #expect(turn.transactionEnded(by: a) == .deliver("b2", admitted: nil))
    }

    @Test func takingAValueAdmitsTheLongestWaiter() {
        var turn = held(limit: 1, handOffAfter: 2, queued: ["b1"])
        _ = turn.send("c1", from: c, onMainActor: false)
        _ = turn.send("d1", from: d, onMainActor: false)
        #expect(turn.transactionEnded(by: a) == .deliver("b1", admitted: 3))
        #expect(turn.backlog == ["c1"])
    }

    @Test func theHolderHandsOffToTheLongestWaiterAfterHandOffAfterValues() {
        var turn = held(limit: 1, handOffAfter: 1, queued: ["b1"])
        _ = turn.send("c1", from: c, onMainActor: false)
        _ = turn.send("d1", from: d, onMainActor: false)
        #expect(turn.transactionEnded(by: a) == .deliver("b1", admitted: nil))
        #expect(turn.transactionEnded(by: a) == .handOff(to: 3))
        #expect(turn.state == .held(.init(frame: c, kind: .send, delivered: 0)))
        #expect(turn.turnReceived(by: c) == .deliver("c1", admitted: nil))
        #expect(turn.transactionEnded(by: c) == .handOff(to: 4))
    }

    @Test func aSubscribeHandsItsTurnToAWaitingSender() {
        var turn = Turn(limit: 1, handOffAfter: 1)
        _ = turn.subscribe(firstCall: "first", from: a)
        _ = turn.send("b1", from: b, onMainActor: false)
        #expect(turn.transactionEnded(by: a) == .handOff(to: 2))
        #expect(turn.turnReceived(by: b) == .deliver("b1", admitted: nil))
    }

    @Test func aTimedOutWaitQueuesOverTheLimit() {
        var turn = held(limit: 1, queued: ["b1"])
        _ = turn.send("c1", from: c, onMainActor: false)
        #expect(turn.waitTimedOut(thread: 3) == .queuedOverLimit)
        #expect(turn.backlog == ["b1", "c1"])
        #expect(turn.waitTimedOut(thread: 3) == .alreadyWoken)
    }

    @Test func aSubscribeDeliversWhatATimedOutSenderLeftWhenNobodyWaits() {
        var turn = Turn(limit: 1, handOffAfter: 1)
        _ = turn.subscribe(firstCall: "first", from: a)
        _ = turn.send("b1", from: b, onMainActor: false)
        _ = turn.waitTimedOut(thread: 2)
        #expect(turn.transactionEnded(by: a) == .deliver("b1", admitted: nil))
    }

    @Test func joiningTwoIdleDomainsActivatesAtOnce() {
        var turn = Turn(limit: 1, handOffAfter: 1)
        #expect(turn.join(Turn(limit: 1, handOffAfter: 1), joiner: c, activation: "act", sendOrder: <) == .activate)
        #expect(turn.state == .held(.init(frame: c, kind: .subscribe, delivered: 0)))
    }

    @Test func joiningWithOnlyTheJoinersFrameInFlightRegistersWithIt() {
        var turn = held()
        let inner = TurnFrame(thread: 1, depth: 1)
        let action = turn.join(Turn(limit: 2, handOffAfter: 2), joiner: inner, activation: "act", sendOrder: <)
        #expect(action == .register(with: a))
        #expect(turn.state == .held(.init(frame: a, kind: .send, delivered: 0)))
    }

    @Test func joiningBusyDomainsParksAndTheLastFrameOutActivatesFirst() {
        var turn = held(handOffAfter: 3, queued: ["b3"])
        var other = Turn(limit: 2, handOffAfter: 2)
        _ = other.send("b1", from: b, onMainActor: false)
        _ = other.send("c2", from: c, onMainActor: false)
        #expect(turn.join(other, joiner: d, activation: "act", sendOrder: <) == .parked)
        #expect(turn.backlog == ["b3", "c2"])
        #expect(turn.send("d1", from: d, onMainActor: false) == .wait)
        #expect(turn.transactionEnded(by: b) == .leave)
        #expect(turn.transactionEnded(by: a) == .deliver("act", admitted: nil))
        #expect(turn.transactionEnded(by: a) == .deliver("b3", admitted: 4))
    }

    @Test func aParkedFramesThreadQueuesItsSendsForTheLastFrameOut() {
        var turn = held()
        var other = Turn(limit: 2, handOffAfter: 2)
        _ = other.send("b1", from: b, onMainActor: false)
        _ = turn.join(other, joiner: d, activation: "act", sendOrder: <)
        #expect(turn.send("a2", from: TurnFrame(thread: 1, depth: 1), onMainActor: false) == .queued)
        #expect(turn.backlog == ["a2"])
    }

    @Test func aWaiterTakesTheTurnWhenOnlyWaitersAreLeft() {
        var turn = held(handOffAfter: 2)
        var other = Turn(limit: 2, handOffAfter: 2)
        _ = other.send("m1", from: b, onMainActor: true)
        _ = turn.join(other, joiner: d, activation: "act", sendOrder: <)
        #expect(turn.send("c1", from: c, onMainActor: false) == .wait)
        #expect(turn.transactionEnded(by: b) == .leave)
        #expect(turn.transactionEnded(by: a) == .deliver("act", admitted: nil))
        #expect(turn.transactionEnded(by: a) == .handOff(to: 3))
    }
}

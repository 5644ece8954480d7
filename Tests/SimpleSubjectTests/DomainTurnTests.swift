import Testing
@testable import SimpleSubject

/// One-thread tests of each transition of `DomainTurn`, driven by its events in order.
struct DomainTurnTests {
    typealias Turn = DomainTurn<String>
    let a = TurnFrame(thread: 1)
    let b = TurnFrame(thread: 2)
    let c = TurnFrame(thread: 3)
    let d = TurnFrame(thread: 4)

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
        #expect(turn.send("a2", from: a, onMainActor: false) == .joinOpenTransaction)
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
        #expect(turn.priorityLane.map(\.work) == ["m1"])
    }

    @Test(arguments: [true, false])
    func aSenderWaitsForTheTurnOfASubscribeOrTheMainActor(subscribe: Bool) {
        var turn = Turn(limit: 2, handOffAfter: 2)
        if subscribe {
            _ = turn.activate("first", from: a, onMainActor: false)
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

    @Test func anActivationInAnIdleDomainMakesTheFirstCallItself() {
        var turn = Turn(limit: 1, handOffAfter: 1)
        #expect(turn.activate("first", from: a, onMainActor: false) == .deliver)
        #expect(turn.state == .held(.init(frame: a, kind: .subscribe, delivered: 0)))
    }

    @Test func anActivationFromTheHoldingThreadJoinsItsOpenTransaction() {
        var turn = held()
        #expect(turn.activate("first", from: a, onMainActor: false) == .joinOpenTransaction)
    }

    @Test func anActivationIntoABusyDomainGoesInThePriorityLaneEvenWhenFull() {
        var turn = held(queued: ["b1", "b2"])
        #expect(turn.activate("first", from: c, onMainActor: false) == .queued)
        #expect(turn.priorityLane.map(\.work) == ["first"])
        #expect(turn.transactionEnded(by: a) == .deliver("first", admitted: nil))
    }

    @Test func anActivationRetriesOnceTheHolderHasDeliveredALimitsWorthThenQueues() {
        var turn = held(limit: 3, handOffAfter: 1, queued: ["b1"])
        #expect(turn.transactionEnded(by: a) == .deliver("b1", admitted: nil))
        #expect(turn.activate("first", from: c, onMainActor: false) == .retryWhenTheTurnChanges(a))
        #expect(!turn.hasTurnChanged(from: a))
        #expect(turn.activate("main", from: d, onMainActor: true) == .queued)
        #expect(turn.activate("first", from: c, onMainActor: false, mayRetry: false) == .queued)
        #expect(turn.priorityLane.map(\.work) == ["main", "first"])
    }

    @Test func aTurnChangesWhenItGoesIdleOrIsTakenAgain() {
        var turn = held(handOffAfter: 1, queued: ["b1"])
        _ = turn.transactionEnded(by: a)
        #expect(turn.transactionEnded(by: a) == .idle)
        #expect(turn.hasTurnChanged(from: a))
        _ = turn.send("a2", from: a, onMainActor: false)
        #expect(turn.hasTurnChanged(from: a))
    }

    @Test func theFastPathsHolderIsToldToTheMachineWithItsKind() {
        var turn = Turn(limit: 1, handOffAfter: 1)
        turn.heldByFastPath(a, kind: .subscribe)
        #expect(turn.state == .held(.init(frame: a, kind: .subscribe, delivered: 0)))
        #expect(turn.send("b1", from: b, onMainActor: false) == .wait)
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

    /// The priority lane goes first, but takes turns with the backlog while senders' work waits:
    /// a main actor sending at machine speed cannot starve them.
    @Test func thePriorityLaneTakesTurnsWithTheBacklog() {
        var turn = held(queued: ["b1", "b2"])
        _ = turn.send("m1", from: c, onMainActor: true)
        _ = turn.send("m2", from: c, onMainActor: true)
        _ = turn.send("m3", from: c, onMainActor: true)
        let delivered = (0..<5).map { _ in turn.transactionEnded(by: a) }
        #expect(delivered == ["m1", "b1", "m2", "b2", "m3"].map { .deliver($0, admitted: nil) })
    }

    /// An activation never waits behind the backlog: its first call comes before what was queued.
    @Test func anActivationGoesBeforeTheBacklogEvenAfterAMainActorValue() {
        var turn = held(queued: ["b1"])
        _ = turn.send("m1", from: c, onMainActor: true)
        _ = turn.activate("first", from: d, onMainActor: false)
        let delivered = (0..<3).map { _ in turn.transactionEnded(by: a) }
        #expect(delivered == ["m1", "first", "b1"].map { .deliver($0, admitted: nil) })
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
        _ = turn.activate("first", from: a, onMainActor: false)
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

    @Test func aTimedOutWaitLetsALimitsWorthMoreQueueWithoutWaitingUntilTheTurnIsIdle() {
        var turn = held(limit: 1, queued: ["b1"])
        _ = turn.send("c1", from: c, onMainActor: false)
        _ = turn.waitTimedOut(thread: 3)
        #expect(turn.send("d1", from: d, onMainActor: false) == .queued)
        #expect(turn.send("d2", from: d, onMainActor: false) == .wait)
        #expect(turn.backlog == ["b1", "c1", "d1"])
    }

    @Test func aSubscribeDeliversWhatATimedOutSenderLeftWhenNobodyWaits() {
        var turn = Turn(limit: 1, handOffAfter: 1)
        _ = turn.activate("first", from: a, onMainActor: false)
        _ = turn.send("b1", from: b, onMainActor: false)
        _ = turn.waitTimedOut(thread: 2)
        #expect(turn.transactionEnded(by: a) == .deliver("b1", admitted: nil))
    }

    @Test func aWaiterThatSawATransactionEndWaitsAgainAndQueuesNothing() {
        var turn = held(limit: 1, handOffAfter: 5, queued: ["b1"])
        _ = turn.send("c1", from: c, onMainActor: false)
        _ = turn.send("d1", from: d, onMainActor: false)
        #expect(turn.transactionEnded(by: a) == .deliver("b1", admitted: 3))
        #expect(turn.waitTimedOut(thread: 4) == .waitsAgain)
        #expect(turn.waitTimedOut(thread: 4) == .queuedOverLimit)
    }

    @Test func manyTimedOutWaitsGrantOneLimitsWorthAWaitTime() {
        var turn = held(limit: 1, queued: ["b1"])
        _ = turn.send("c1", from: c, onMainActor: false)
        _ = turn.send("d1", from: d, onMainActor: false)
        #expect(turn.waitTimedOut(thread: 3, now: 1_000, waitTime: 100) == .queuedOverLimit)
        #expect(turn.allowance == 1)
        #expect(turn.send("b2", from: b, onMainActor: false) == .queued)
        #expect(turn.waitTimedOut(thread: 4, now: 1_050, waitTime: 100) == .queuedOverLimit)
        #expect(turn.allowance == 0)
        #expect(turn.waitTimedOut(thread: 5, now: 1_150, waitTime: 100) == .alreadyWoken)
    }
}

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

    @Test func theMainActorNeverWaitsAndQueuesAheadOfTheBacklog() {
        var turn = held(queued: ["b1", "b2"])
        #expect(turn.send("m1", from: c, onMainActor: true) == .queued)
        #expect(turn.mainActorValues == ["m1"])
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
        #expect(turn.transactionEnded(by: a) == .deliver(["b1"], admitted: []))
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

    @Test func anActivationIntoABusyDomainQueuesFirstEvenWhenFull() {
        var turn = held(queued: ["b1", "b2"])
        #expect(turn.activate("first", from: c, onMainActor: false) == .queued)
        #expect(turn.activations == ["first"])
        #expect(turn.transactionEnded(by: a) == .deliver(["first"], admitted: []))
    }

    @Test func anActivationRetriesOnceTheHolderHasDeliveredALimitsWorthThenQueues() {
        var turn = held(limit: 3, handOffAfter: 1, queued: ["b1"])
        #expect(turn.transactionEnded(by: a) == .deliver(["b1"], admitted: []))
        #expect(turn.activate("first", from: c, onMainActor: false) == .retryWhenTheTurnChanges(a))
        #expect(!turn.hasTurnChanged(from: a))
        #expect(turn.activate("main", from: d, onMainActor: true) == .queued)
        #expect(turn.activate("first", from: c, onMainActor: false, mayRetry: false) == .queued)
        #expect(turn.activations == ["main", "first"])
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

    @Test func aBoundaryTakesAWholeQueueTheMainActorsBeforeTheBacklog() {
        var turn = held(queued: ["b1", "b2"])
        _ = turn.send("m1", from: c, onMainActor: true)
        _ = turn.send("m2", from: c, onMainActor: true)
        #expect(turn.transactionEnded(by: a) == .deliver(["m1", "m2"], admitted: []))
        #expect(turn.transactionEnded(by: a) == .deliver(["b1", "b2"], admitted: []))
        #expect(turn.transactionEnded(by: a) == .idle)
    }

    /// The main actor's values go first, but take turns with the backlog while senders' work
    /// waits: a main actor sending at machine speed cannot starve them.
    @Test func theMainActorsValuesTakeTurnsWithTheBacklog() {
        var turn = held(handOffAfter: 5, queued: ["b1"])
        _ = turn.send("m1", from: c, onMainActor: true)
        #expect(turn.transactionEnded(by: a) == .deliver(["m1"], admitted: []))
        _ = turn.send("m2", from: c, onMainActor: true)
        _ = turn.send("b2", from: b, onMainActor: false)
        #expect(turn.transactionEnded(by: a) == .deliver(["b1", "b2"], admitted: []))
        #expect(turn.transactionEnded(by: a) == .deliver(["m2"], admitted: []))
    }

    /// An activation never waits behind the backlog or the main actor's values: its first call
    /// comes before what was queued.
    @Test func anActivationGoesBeforeTheMainActorsValuesAndTheBacklog() {
        var turn = held(queued: ["b1"])
        _ = turn.send("m1", from: c, onMainActor: true)
        _ = turn.activate("first", from: d, onMainActor: false)
        let delivered = (0..<3).map { _ in turn.transactionEnded(by: a) }
        #expect(delivered == [["first"], ["m1"], ["b1"]].map { .deliver($0, admitted: []) })
    }

    /// An activation stops the batch being delivered: the rest goes back in front of its queue,
    /// after the first call.
    @Test func anActivationStopsABatchWhoseRestGoesBackInFront() {
        var turn = held(limit: 4, handOffAfter: 5, queued: ["b1", "b2", "b3"])
        #expect(turn.transactionEnded(by: a) == .deliver(["b1", "b2", "b3"], admitted: []))
        #expect(!turn.hasActivationWaiting)
        _ = turn.activate("first", from: c, onMainActor: false)
        _ = turn.send("b4", from: b, onMainActor: false)
        #expect(turn.hasActivationWaiting)
        #expect(turn.transactionEnded(by: a, undelivered: ["b2", "b3"]) == .deliver(["first"], admitted: []))
        #expect(turn.transactionEnded(by: a) == .deliver(["b2", "b3", "b4"], admitted: []))
    }

    /// A sender's value queues without waiting only while the holder will deliver it before its
    /// hand-off falls due: a holder delivers at most `handOffAfter` values of others', and what
    /// it would leave behind goes to a waiting sender instead.
    @Test func aSenderWaitsOnceItsValueWouldGoPastTheHandOff() {
        var turn = held(limit: 4, handOffAfter: 2, queued: ["b1", "b2"])
        #expect(turn.send("c1", from: c, onMainActor: false) == .wait)
        #expect(turn.transactionEnded(by: a) == .deliver(["b1", "b2"], admitted: []))
        #expect(turn.transactionEnded(by: a) == .handOff(to: 3))
        #expect(turn.turnReceived(by: c) == .deliver(["c1"], admitted: []))
    }

    /// A batch ends where the hand-off falls due; past it, what never waits (the main actor's
    /// values) is taken whole.
    @Test func aBatchEndsWhereTheHandOffFallsDueAndPastItTakesWholeQueues() {
        var turn = held(limit: 4, handOffAfter: 1)
        for value in ["m1", "m2", "m3"] {
            _ = turn.send(value, from: c, onMainActor: true)
        }
        #expect(turn.transactionEnded(by: a) == .deliver(["m1"], admitted: []))
        #expect(turn.transactionEnded(by: a) == .deliver(["m2", "m3"], admitted: []))
    }

    /// What the holder took of the backlog and has not delivered still counts toward the limit.
    @Test func aTakenBatchCountsTowardTheLimitUntilItsEnd() {
        var turn = held(limit: 2, handOffAfter: 5, queued: ["b1", "b2"])
        _ = turn.transactionEnded(by: a)
        #expect(turn.send("c1", from: c, onMainActor: false) == .wait)
        #expect(turn.transactionEnded(by: a) == .deliver(["c1"], admitted: [3]))
    }

    /// A holder reports as it goes through a batch: what it delivered frees room for waiters, and
    /// a waiter that times out after a report waits again.
    @Test func aReportDuringABatchAdmitsWaitersAndShowsProgress() {
        var turn = held(limit: 2, handOffAfter: 5, queued: ["b1", "b2"])
        _ = turn.transactionEnded(by: a)
        _ = turn.send("c1", from: c, onMainActor: false)
        _ = turn.send("d1", from: d, onMainActor: false)
        #expect(turn.delivered(1, by: a) == [3])
        #expect(turn.waitTimedOut(thread: 4) == .waitsAgain)
        #expect(turn.send("b3", from: b, onMainActor: false) == .wait)
        #expect(turn.transactionEnded(by: a) == .deliver(["c1", "d1"], admitted: [4]))
    }

    @Test func aBoundaryAdmitsTheLongestWaitersWhileThereIsRoom() {
        var turn = held(limit: 2, handOffAfter: 5, queued: ["b1", "b2"])
        _ = turn.send("c1", from: c, onMainActor: false)
        _ = turn.send("d1", from: d, onMainActor: false)
        _ = turn.send("b3", from: b, onMainActor: false)
        #expect(turn.transactionEnded(by: a) == .deliver(["b1", "b2"], admitted: []))
        #expect(turn.transactionEnded(by: a) == .deliver(["c1", "d1"], admitted: [3, 4]))
        #expect(turn.waiters.map(\.work) == ["b3"])
    }

    @Test func theHolderHandsOffToTheLongestWaiterAfterHandOffAfterValues() {
        var turn = held(limit: 1, handOffAfter: 1, queued: ["b1"])
        _ = turn.send("c1", from: c, onMainActor: false)
        _ = turn.send("d1", from: d, onMainActor: false)
        #expect(turn.transactionEnded(by: a) == .deliver(["b1"], admitted: []))
        #expect(turn.transactionEnded(by: a) == .handOff(to: 3))
        #expect(turn.state == .held(.init(frame: c, kind: .send, delivered: 0)))
        #expect(turn.turnReceived(by: c) == .deliver(["c1"], admitted: []))
        #expect(turn.transactionEnded(by: c) == .handOff(to: 4))
    }

    @Test func aSubscribeHandsItsTurnToAWaitingSender() {
        var turn = Turn(limit: 1, handOffAfter: 1)
        _ = turn.activate("first", from: a, onMainActor: false)
        _ = turn.send("b1", from: b, onMainActor: false)
        #expect(turn.transactionEnded(by: a) == .handOff(to: 2))
        #expect(turn.turnReceived(by: b) == .deliver(["b1"], admitted: []))
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
        #expect(turn.transactionEnded(by: a) == .deliver(["b1"], admitted: []))
    }

    @Test func aWaiterThatSawATransactionEndWaitsAgainAndQueuesNothing() {
        var turn = held(limit: 1, handOffAfter: 5, queued: ["b1"])
        _ = turn.send("c1", from: c, onMainActor: false)
        _ = turn.send("d1", from: d, onMainActor: false)
        #expect(turn.transactionEnded(by: a) == .deliver(["b1"], admitted: []))
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

@testable import SimpleSubject
import Testing

/// The actor hop's backlog: one drain per burst, batches of `hopLimit`, and senders that wait
/// for room while the limit of values wait.
extension StateMachineTests {
    /// An arrival's action in words: "schedule", "queued" or "wait for room N".
    private func described(_ action: HopStateMachine<Int>.ArriveAction) -> String {
        switch action {
        case .scheduleDrain:
            "schedule"
        case .queued:
            "queued"
        case .waitForRoom(_, let ticket):
            "wait for room \(ticket)"
        }
    }

    /// A delivered batch's action in words: "next" or "finished after N".
    private func described(_ action: HopStateMachine<Int>.BatchDeliveredAction) -> String {
        switch action {
        case .scheduleDrain:
            "next"
        case .finished(_, let delivered):
            "finished after \(delivered.count)"
        }
    }

    /// What arriving `values` answered, in words, each answer once with how many in a row gave it.
    private func arrive(_ values: Range<Int>, at machine: inout HopStateMachine<Int>) -> [String] {
        var answers: [(String, Int)] = []
        for value in values {
            let answer = described(machine.valueArrived(value))
            if answers.last?.0 == answer {
                answers[answers.count - 1].1 += 1
            } else {
                answers.append((answer, 1))
            }
        }
        return answers.map { "\($0.1)× \($0.0)" }
    }

    @Test func hopSchedulesOneDrainPerBurstAndIsIdleOnceItsDrainHasTakenEverything() {
        var machine = HopStateMachine<Int>(limit: hopLimit)
        #expect(!machine.isDraining)
        #expect(arrive(0..<3, at: &machine) == ["1× schedule", "2× queued"])
        #expect(machine.isDraining)
        #expect(machine.batchTaken() == [0, 1, 2])
        #expect(arrive(3..<4, at: &machine) == ["1× queued"])
        #expect(described(machine.batchDelivered()) == "next")
        #expect(machine.batchTaken() == [3])
        #expect(described(machine.batchDelivered()) == "finished after 1")  // the first batch went at the "next"
        #expect(!machine.isDraining)
        #expect(arrive(4..<5, at: &machine) == ["1× schedule"])
    }

    @Test func hopSendersWaitForRoomOnceTheLimitOfValuesWait() {
        var machine = HopStateMachine<Int>(limit: hopLimit)
        #expect(arrive(0..<1_025, at: &machine) == ["1× schedule", "1022× queued", "2× wait for room 0"])
        _ = machine.batchTaken()
        #expect(arrive(1_025..<1_026, at: &machine) == ["1× queued"])  // taken: waiting no more
        _ = machine.batchDelivered()
        #expect(arrive(1_026..<2_049, at: &machine) == ["1021× queued", "2× wait for room 1"])
    }

    @Test func hopSendersWaitOnOneGateThatOpensOnceABatchIsDelivered() {
        var machine = HopStateMachine<Int>(limit: 2)
        _ = machine.valueArrived(0)
        guard case .waitForRoom(let gate, 0) = machine.valueArrived(1),
              case .waitForRoom(let same, 0) = machine.valueArrived(2) else {
            Issue.record("a full backlog asks senders to wait for room 0")
            return
        }
        #expect(gate === same)
        _ = machine.batchTaken()
        guard case .scheduleDrain(let opening, _) = machine.batchDelivered() else {
            Issue.record("a value still waits")
            return
        }
        #expect(opening === gate)
    }

    @Test func hopDrainsInBatchesOfTheLimit() {
        var machine = HopStateMachine<Int>(limit: hopLimit)
        _ = arrive(0..<2_500, at: &machine)
        #expect(machine.batchTaken() == Array(0..<1_024))
        #expect(described(machine.batchDelivered()) == "next")
        #expect(machine.batchTaken() == Array(1_024..<2_048))
        #expect(described(machine.batchDelivered()) == "next")
        #expect(machine.batchTaken() == Array(2_048..<2_500))
        #expect(described(machine.batchDelivered()) == "finished after 452")  // earlier batches went as they were delivered
    }

    // A wait in vain stops senders waiting until the actor delivers a value: paid once, not
    // once per value a delivering thread passes on (the second outside attack on issue 30: with
    // a wait per 1,024 values, one sendNext that passed on a backlog for others waited 3.3 s).
    @Test func hopSendersStopWaitingAfterAWaitInVainUntilTheActorDeliversAValue() {
        var machine = HopStateMachine<Int>(limit: hopLimit)
        #expect(arrive(0..<1_024, at: &machine).last == "1× wait for room 0")
        machine.waitTimedOut(ticket: 0)
        #expect(arrive(1_024..<5_000, at: &machine) == ["3976× queued"])  // stalled
        _ = machine.batchTaken()
        #expect(machine.valueDelivered() != nil)  // progress: senders wait again
        #expect(arrive(5_000..<5_001, at: &machine) == ["1× wait for room 1"])
    }

    // A slow actor makes room for one value each time it delivers one while a sender waits, so
    // the sender keeps to its pace, not to its batches.
    @Test func hopDrainMakesRoomForOneWithEachValueItDeliversWhileASenderWaits() {
        var machine = HopStateMachine<Int>(limit: hopLimit)
        _ = arrive(0..<1_024, at: &machine)
        _ = machine.batchTaken()
        #expect(machine.isRoomAwaited)
        #expect(machine.valueDelivered() != nil)
        #expect(!machine.isRoomAwaited)
        #expect(machine.valueDelivered() == nil)  // nobody waits: nothing to open
        #expect(arrive(1_024..<2_048, at: &machine) == ["1023× queued", "1× wait for room 1"])
    }

    @Test func hopSenderThatWaitedInVainAfterTheDrainMadeRoomDoesNotStallOthers() {
        var machine = HopStateMachine<Int>(limit: hopLimit)
        _ = arrive(0..<2_100, at: &machine)
        _ = machine.batchTaken()
        _ = machine.batchDelivered()
        machine.waitTimedOut(ticket: 0)  // room 0 was made meanwhile
        #expect(arrive(2_100..<2_101, at: &machine) == ["1× wait for room 1"])
    }

    // The one timing rule: a value sent on the actor while others wait for the drain job takes
    // them all first; the drain job then finds nothing and ends the backlog.
    @Test func codeOnTheActorCatchesUpAndTheScheduledDrainFindsNothing() {
        var machine = HopStateMachine<Int>(limit: 4)
        _ = arrive(0..<3, at: &machine)
        let caughtUp = machine.caughtUp()
        #expect(caughtUp == [0, 1, 2])
        #expect(machine.isDraining)  // the scheduled job still comes
        let batch = machine.batchTaken()
        #expect(batch.isEmpty)
        #expect(described(machine.batchDelivered()) == "finished after 3")
        #expect(!machine.isDraining)
        let nothing = machine.caughtUp()
        #expect(nothing.isEmpty)
    }

    // Outside attack round 3, left over: the backlog was reset only once fully drained, so a
    // flood the actor only just kept up with kept every delivered value alive.
    @Test func aDeliveredBatchIsLetGoOfWhileLaterValuesStillWait() {
        weak var firstDelivered: Token?
        var machine = HopStateMachine<Token>(limit: 2)
        do {
            let first = Token()
            firstDelivered = first
            _ = machine.valueArrived(first)
        }
        for _ in 0..<3 {
            _ = machine.valueArrived(Token())
        }
        _ = machine.batchTaken()
        _ = machine.batchDelivered()
        #expect(firstDelivered == nil)
        #expect(machine.batchTaken().count == 2)  // the two that still wait
    }
}

@testable import SimpleSubject
import Testing

/// The locked state machines, driven one event at a time on one thread, with no lock and no
/// task: each event's action is what the class around the machine would do after unlocking.
@Suite struct StateMachineTests {
    /// The instant `seconds` after the start of a test clock.
    private func at(_ seconds: Int) -> ManualClock.Instant {
        ManualClock.Instant(offset: .seconds(seconds))
    }

    private func debounce() -> DebounceStateMachine<Int, ManualClock.Instant> {
        DebounceStateMachine(interval: .seconds(5))
    }

    // MARK: debounce

    @Test func debounceStartsOneSleepPerBurstAndLaterValuesOnlyMoveItsDeadline() {
        var machine = debounce()
        #expect(machine.valueArrived(0, at: at(0)) == .startSleeping(until: at(5)))
        #expect(machine.valueArrived(1, at: at(1)) == .joined(displaced: 0))
        #expect(machine.valueArrived(2, at: at(2)) == .joined(displaced: 1))
    }

    @Test func debounceSleepsAgainWhenItWakesBeforeTheMovedDeadlineAndSendsTheLatestAfter() {
        var machine = debounce()
        _ = machine.valueArrived(0, at: at(0))
        _ = machine.valueArrived(1, at: at(1))
        #expect(machine.sleeperWoke(at: at(5)) == .sleep(until: at(6)))
        #expect(machine.sleeperWoke(at: at(6)) == .send(1, thenSleepUntil: at(6)))
        #expect(machine.sleeperWoke(at: at(6)) == .finish)
    }

    /// DESIGN.md's marble: values at 0, 1, 2, 3 and 9 s with 5 s give 3 at 8 s and 9 at 14 s.
    @Test func debounceMeasuresTheQuietPeriodFromTheLastValue() {
        var machine = debounce()
        var sent: [SleeperWake<Int, ManualClock.Instant>] = []
        #expect(machine.valueArrived(0, at: at(0)) == .startSleeping(until: at(5)))
        for second in [1, 2, 3] {
            _ = machine.valueArrived(second, at: at(second))
        }
        sent.append(machine.sleeperWoke(at: at(5)))
        sent.append(machine.sleeperWoke(at: at(8)))
        sent.append(machine.sleeperWoke(at: at(8)))
        #expect(machine.valueArrived(9, at: at(9)) == .startSleeping(until: at(14)))
        sent.append(machine.sleeperWoke(at: at(14)))
        #expect(sent == [.sleep(until: at(8)), .send(3, thenSleepUntil: at(8)), .finish,
                         .send(9, thenSleepUntil: at(14))])
    }

    @Test func debounceSendsAnOverdueBurstWhenAValueComesBeforeItsLateTaskWoke() {
        var machine = debounce()
        _ = machine.valueArrived(0, at: at(0))
        #expect(machine.valueArrived(6, at: at(6)) == .sendOverdue(0))
        #expect(machine.sleeperWoke(at: at(5)) == .sleep(until: at(11)))
        #expect(machine.sleeperWoke(at: at(11)) == .send(6, thenSleepUntil: at(11)))
    }

    @Test func debounceKeepsItsTaskForAValueThatComesAfterASendBeforeTheTaskLooksAgain() {
        var machine = debounce()
        _ = machine.valueArrived(0, at: at(0))
        #expect(machine.sleeperWoke(at: at(5)) == .send(0, thenSleepUntil: at(5)))
        #expect(machine.valueArrived(7, at: at(7)) == .joined(displaced: nil))
        #expect(machine.sleeperWoke(at: at(5)) == .sleep(until: at(12)))
    }

    @Test func debounceHoldsItsBurstsTaskUntilTheBurstEnds() {
        var machine = debounce()
        let task = Task<Void, Never> {}
        #expect(machine.sleeper == nil)
        _ = machine.valueArrived(0, at: at(0))
        machine.sleeperStarted(task)
        #expect(machine.sleeper == task)
        _ = machine.sleeperWoke(at: at(5))
        #expect(machine.sleeper == task)
        _ = machine.sleeperWoke(at: at(5))
        #expect(machine.sleeper == nil)
        machine.sleeperStarted(task)  // handed over after its burst ended: not kept
        #expect(machine.sleeper == nil)
    }

    // MARK: throttle

    private func throttle(latest: Bool) -> ThrottleStateMachine<Int, ManualClock.Instant> {
        ThrottleStateMachine(interval: .seconds(5), latest: latest)
    }

    /// What a throttle sends, as "value@second", for `values` each sent at its second, with its
    /// task waking at each deadline it was given before any value that comes later.
    private func marbles(latest: Bool, _ values: [Int]) -> [String] {
        var machine = throttle(latest: latest)
        var sent: [String] = []
        var wake: ManualClock.Instant?
        func wakeUp(until now: ManualClock.Instant) {
            while let due = wake, due <= now {
                switch machine.sleeperWoke(at: due) {
                case .sleep(let next):
                    wake = next
                case .send(let value, let next):
                    sent.append("\(value)@\(due.offset.components.seconds)")
                    wake = next
                case .finish:
                    wake = nil
                }
            }
        }
        for second in values {
            wakeUp(until: at(second))
            switch machine.valueArrived(second, at: at(second)) {
            case .sendAndStartSleeping(let value, let end):
                sent.append("\(value)@\(second)")
                wake = end
            case .sendLate(let value, let next):
                sent.append("\(value)@\(second)")
                sent += next.map { ["\($0)@\(second)"] } ?? []
            case .keep:
                break
            }
        }
        wakeUp(until: at(1_000))
        #expect(wake == nil, "the spell ends after an interval with nothing in it")
        return sent
    }

    /// DESIGN.md's marbles: values at 0, 1, 2, 3, 7 and 8 s with 5 s.
    @Test(arguments: [(true, ["0@0", "3@5", "8@10"]), (false, ["0@0", "1@5", "7@10"])])
    func throttleSendsTheFirstAtOnceThenOnePerInterval(latest: Bool, expected: [String]) {
        #expect(marbles(latest: latest, [0, 1, 2, 3, 7, 8]) == expected)
    }

    @Test func throttleKeepsTheLatestOrTheFirstOfAnInterval() {
        var latest = throttle(latest: true)
        var first = throttle(latest: false)
        #expect(latest.valueArrived(0, at: at(0)) == .sendAndStartSleeping(0, until: at(5)))
        #expect(first.valueArrived(0, at: at(0)) == .sendAndStartSleeping(0, until: at(5)))
        #expect(latest.valueArrived(1, at: at(1)) == .keep(displaced: nil))
        #expect(first.valueArrived(1, at: at(1)) == .keep(displaced: nil))
        #expect(latest.valueArrived(2, at: at(2)) == .keep(displaced: 1))
        #expect(first.valueArrived(2, at: at(2)) == .keep(displaced: nil))
        #expect(latest.sleeperWoke(at: at(5)) == .send(2, thenSleepUntil: at(10)))
        #expect(first.sleeperWoke(at: at(5)) == .send(1, thenSleepUntil: at(10)))
    }

    @Test func throttleSendsWhatALateIntervalKeptWhenAValueComesBeforeItsTaskWoke() {
        var machine = throttle(latest: true)
        _ = machine.valueArrived(0, at: at(0))
        _ = machine.valueArrived(1, at: at(1))
        #expect(machine.valueArrived(6, at: at(6)) == .sendLate(1, then: nil))
        #expect(machine.sleeperWoke(at: at(5)) == .sleep(until: at(10)))
        #expect(machine.sleeperWoke(at: at(10)) == .send(6, thenSleepUntil: at(15)))
        #expect(machine.sleeperWoke(at: at(15)) == .finish)
    }

    @Test func throttleStartsAfreshWhenAnEmptyIntervalPassedBeforeItsTaskWoke() {
        var machine = throttle(latest: true)
        _ = machine.valueArrived(0, at: at(0))
        #expect(machine.valueArrived(7, at: at(7)) == .sendLate(7, then: nil))
        #expect(machine.sleeperWoke(at: at(5)) == .sleep(until: at(12)))
        #expect(machine.valueArrived(8, at: at(8)) == .keep(displaced: nil))
        #expect(machine.sleeperWoke(at: at(12)) == .send(8, thenSleepUntil: at(17)))
    }

    @Test func throttleSendsWhatWasKeptThenTheValueWhenTwoIntervalsPassedBeforeItsTaskWoke() {
        var machine = throttle(latest: true)
        _ = machine.valueArrived(0, at: at(0))
        _ = machine.valueArrived(1, at: at(1))
        #expect(machine.valueArrived(11, at: at(11)) == .sendLate(1, then: 11))
        #expect(machine.sleeperWoke(at: at(5)) == .sleep(until: at(16)))
        #expect(machine.sleeperWoke(at: at(16)) == .finish)
    }

    @Test func throttleHoldsItsSpellsTaskUntilTheSpellEnds() {
        var machine = throttle(latest: false)
        let task = Task<Void, Never> {}
        _ = machine.valueArrived(0, at: at(0))
        machine.sleeperStarted(task)
        _ = machine.valueArrived(1, at: at(1))
        #expect(machine.sleeper == task)
        _ = machine.sleeperWoke(at: at(5))
        #expect(machine.sleeper == task)
        _ = machine.sleeperWoke(at: at(10))
        #expect(machine.sleeper == nil)
    }

    // MARK: zip

    @Test func zipPairsNothingThatCameWhileItWasBeingMade() {
        var machine = ZipStateMachine<Int, String>()
        machine.firstArrived(1)
        machine.secondArrived("a")
        #expect(machine.takePair() == nil)
        machine.startPairing()
        machine.firstArrived(2)
        #expect(machine.takePair() == nil)
        machine.secondArrived("b")
        #expect(machine.takePair().map { "\($0)\($1)" } == "2b")
        #expect(machine.waiting == (0, 0))
    }

    @Test func zipPairsInOrderAndKeepsTheFasterSidesValuesWaiting() {
        var machine = ZipStateMachine<Int, String>()
        machine.startPairing()
        for value in [1, 2, 3] {
            machine.firstArrived(value)
        }
        machine.secondArrived("a")
        #expect(machine.takePair().map { "\($0)\($1)" } == "1a")
        #expect(machine.waiting == (2, 0))
        machine.secondArrived("b")
        machine.secondArrived("c")
        #expect(machine.takePair().map { "\($0)\($1)" } == "2b")
        #expect(machine.takePair().map { "\($0)\($1)" } == "3c")
        #expect(machine.takePair() == nil)
    }

    // MARK: hop

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
        #expect(described(machine.batchDelivered()) == "finished after 4")
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
        guard case .scheduleDrain(let opening) = machine.batchDelivered() else {
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
        #expect(described(machine.batchDelivered()) == "finished after 2500")
    }

    @Test func hopSendersStopWaitingOnceOneWaitedInVainUntilTheDrainMakesRoom() {
        var machine = HopStateMachine<Int>(limit: hopLimit)
        #expect(arrive(0..<1_024, at: &machine).last == "1× wait for room 0")
        machine.waitTimedOut(ticket: 0)
        #expect(arrive(1_024..<2_100, at: &machine) == ["1076× queued"])  // stalled
        _ = machine.batchTaken()
        _ = machine.batchDelivered()
        #expect(arrive(2_100..<2_101, at: &machine) == ["1× wait for room 1"])
    }

    @Test func hopSenderThatWaitedInVainAfterTheDrainMadeRoomDoesNotStallOthers() {
        var machine = HopStateMachine<Int>(limit: hopLimit)
        _ = arrive(0..<2_100, at: &machine)
        _ = machine.batchTaken()
        _ = machine.batchDelivered()
        machine.waitTimedOut(ticket: 0)  // room 0 was made meanwhile
        #expect(arrive(2_100..<2_101, at: &machine) == ["1× wait for room 1"])
    }
}

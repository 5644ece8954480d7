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
        #expect(machine.sleeper?.task == nil)
        _ = machine.valueArrived(0, at: at(0))
        machine.sleeperStarted(.task(task))
        #expect(machine.sleeper?.task == task)
        _ = machine.sleeperWoke(at: at(5))
        #expect(machine.sleeper?.task == task)
        _ = machine.sleeperWoke(at: at(5))
        #expect(machine.sleeper?.task == nil)
        machine.sleeperStarted(.task(task))  // handed over after its burst ended: not kept
        #expect(machine.sleeper?.task == nil)
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
        machine.sleeperStarted(.task(task))
        _ = machine.valueArrived(1, at: at(1))
        #expect(machine.sleeper?.task == task)
        _ = machine.sleeperWoke(at: at(5))
        #expect(machine.sleeper?.task == task)
        _ = machine.sleeperWoke(at: at(10))
        #expect(machine.sleeper?.task == nil)
    }

    // MARK: zip

    @Test func zipPairsNothingThatCameWhileItWasBeingMade() {
        var side = ZipStateMachine<Int>()
        side.arrived(1)
        #expect(!side.hasValue)
        side.startPairing()
        side.arrived(2)
        #expect(side.hasValue)
        #expect(side.takeOldest() == 2)
        #expect(side.waiting == 0)
    }

    @Test func zipSideKeepsItsValuesInOrderUntilTaken() {
        var side = ZipStateMachine<String>()
        side.startPairing()
        for value in ["a", "b", "c"] {
            side.arrived(value)
        }
        #expect(side.waiting == 3)
        #expect(side.takeOldest() == "a")
        #expect(side.takeOldest() == "b")
        side.arrived("d")
        #expect(side.takeOldest() == "c")
        #expect(side.takeOldest() == "d")
        #expect(!side.hasValue)
    }
}

extension Sleep {
    /// The task, when the sleep is one.
    var task: Task<Void, Never>? {
        guard case .task(let task) = self else { return nil }
        return task
    }
}

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
}

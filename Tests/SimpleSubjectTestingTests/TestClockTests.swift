import SimpleSubject
import SimpleSubjectTesting
import Foundation
import Testing

/// `TestClock` on its own: what an advance runs, in which order, on which thread, and how sleeps
/// and schedules end.
@Suite struct TestClockTests {
    private func at(_ seconds: Int) -> TestClock.Instant {
        TestClock.Instant(offset: .seconds(seconds))
    }

    /// Schedules one run at `second` that logs `name` with the time the clock shows then.
    private func schedule(_ name: String, at second: Int, on clock: TestClock, into log: Locked<[String]>) {
        _ = clock.schedule(at: at(second)) { _, _ in
            log.withLock { $0.append("\(name)@\(clock.now)") }
            return nil
        }
    }

    @Test func anAdvanceRunsWhatFallsDueInDeadlineOrderFirstInFirstOutInlineBeforeItReturns() {
        let clock = TestClock()
        let log = Locked<[String]>([])
        schedule("c", at: 3, on: clock, into: log)
        schedule("a", at: 1, on: clock, into: log)
        schedule("b", at: 1, on: clock, into: log)
        schedule("d", at: 9, on: clock, into: log)
        clock.advance(by: .seconds(5))
        #expect(log.withLock { $0 } == ["a@1.0 seconds", "b@1.0 seconds", "c@3.0 seconds"])
        #expect(clock.now == at(5))
        #expect(clock.sleeperCount == 1)  // d, not due yet
    }

    @Test func whatAnActionSchedulesRunsInTheSameAdvanceWhenItFallsDue() {
        let clock = TestClock()
        let runs = Locked<[TestClock.Instant]>([])
        let log = Locked<[String]>([])
        _ = clock.schedule(at: at(1)) { deadline, _ in
            runs.withLock { $0.append(deadline) }
            if deadline == at(1) {
                _ = clock.schedule(at: at(2)) { _, _ in  // scheduled from inside an action: also due by 4
                    log.withLock { $0.append("nested@\(clock.now)") }
                    return nil
                }
            }
            return deadline < at(3) ? deadline.advanced(by: .seconds(1)) : nil  // again at 2, then 3
        }
        clock.advance(to: at(4))
        #expect(runs.withLock { $0 } == [at(1), at(2), at(3)])
        #expect(log.withLock { $0 } == ["nested@2.0 seconds"])
        #expect(clock.sleeperCount == 0)
    }

    @Test func aCancelledScheduleNeverRunsAndIsLetGo() {
        let clock = TestClock()
        let ran = Locked(0)
        let scheduled = clock.schedule(at: at(1)) { _, _ in
            ran.withLock { $0 += 1 }
            return nil
        }
        scheduled.cancel()
        scheduled.cancel()  // more than once is fine
        #expect(clock.sleeperCount == 0)
        clock.advance(by: .seconds(2))
        #expect(ran.withLock { $0 } == 0)
    }

    @Test func aScheduleCancelledFromInsideItsActionDoesNotRunAgain() {
        let clock = TestClock()
        let ran = Locked(0)
        let handle = Locked<TestClock.Scheduled?>(nil)
        let scheduled = clock.schedule(at: at(1)) { deadline, _ in
            ran.withLock { $0 += 1 }
            handle.withLock { $0 }?.cancel()
            return deadline.advanced(by: .seconds(1))
        }
        handle.withLock { $0 = scheduled }
        clock.advance(by: .seconds(5))
        #expect(ran.withLock { $0 } == 1)
        #expect(clock.sleeperCount == 0)
    }

    @MainActor @Test func anActionRunsWithTheIsolationOfTheCodeThatAdvances() {
        let clock = TestClock()
        let seen = Locked<[Bool]>([])
        _ = clock.schedule(at: at(1)) { _, isolation in
            seen.withLock { $0.append(isolation === MainActor.shared) }
            return nil
        }
        clock.advance(by: .seconds(1))
        #expect(seen.withLock { $0 } == [true])
    }

    @Test func aSleepingTaskWakesWhenAnAdvancePassesItsDeadline() async throws {
        let clock = TestClock()
        let sleeper = Task { try await clock.sleep(until: at(5)) }
        clock.advance(by: .seconds(1))  // before or after the task sleeps: either way not due
        #expect(clock.now == at(1))
        clock.advance(to: at(5))
        try await sleeper.value  // returns: the advance to 5 s woke it, or it found 5 s passed
        try await clock.sleep(until: at(3))  // passed already: returns at once
    }

    @Test func cancellingASleepingTaskThrowsCancellationError() async {
        let clock = TestClock()
        let sleeper = Task { try await clock.sleep(until: at(60)) }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test func settleReturnsOnceEveryTaskAnAdvanceWokeHasReturnedFromItsSleep() async throws {
        let clock = TestClock()
        await clock.settle()  // nothing in flight: at once
        let woken = Locked(0)
        let sleepers = (0..<4).map { _ in
            Task {
                try await clock.sleep(until: at(1))
                woken.withLock { $0 += 1 }
            }
        }
        clock.advance(by: .seconds(1))
        await clock.settle()
        for sleeper in sleepers {
            try await sleeper.value
        }
        #expect(woken.withLock { $0 } == 4)
    }

    @Test func advancesFromFourThreadsRunEveryScheduleOnce() async {
        let clock = TestClock()
        let ran = Locked(0)
        for second in 1...400 {
            _ = clock.schedule(at: at(second)) { _, _ in
                ran.withLock { $0 += 1 }
                return nil
            }
        }
        await withTaskGroup(of: Void.self) { group in
            for thread in 1...4 {
                group.addTask { clock.advance(to: at(thread * 100)) }
            }
        }
        await clock.settle()
        #expect(ran.withLock { $0 } == 400)
        #expect(clock.now == at(400))
    }
}

/// A value several threads read and write, under a lock ThreadSanitizer sees (`NSLock`; it does
/// not see the standard library's `Mutex` on Linux); a class, so escaping closures share it.
final class Locked<Value: Sendable>: @unchecked Sendable {
    // @unchecked because `value` is only reached under `lock`.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
        lock.withLock { body(&value) }
    }
}

/// The outside attack's G3: an advance from inside a subscriber that an advance runs.
@Suite struct TestClockReentrancyTests {
    @Test func anAdvanceFromInsideADeliveryLeavesNothingDueUndoneWhenTheOuterOneReturns() {
        let clock = TestClock()
        let typed = EventSubject<Int>()
        let log = Locked<[String]>([])
        typed.debounce(for: .seconds(1), clock: clock).subscribeNext { value in
            log.withLock { $0.append("\(value)@\(clock.now.offset)") }
            if value == 0 {
                typed.sendNext(1)  // due at 2 s
                clock.advance(by: .seconds(1))
            }
        }
        typed.sendNext(0)
        clock.advance(by: .seconds(1))
        #expect(log.withLock { $0 } == ["0@1.0 seconds", "1@2.0 seconds"])
        #expect(clock.sleeperCount == 0)
    }
}

import Foundation
import SimpleSubject
import SimpleSubjectTesting
import Synchronization
import Testing

/// Several threads advance one `TestClock` while another sends: whoever advances, what falls due
/// runs in deadline order, so a time operator's outputs keep the order of its inputs. Runs under
/// ThreadSanitizer in CI: the clock's lock and these tests' are ones it sees.
@Suite struct TestClockConcurrentAdvanceTests {
    /// How many times each race is run: the out-of-order runs came a few in a hundred.
    static let repetitions = 300

    /// `values` sent one by one on a thread of their own while three threads advance the clock a
    /// millisecond at a time; then one advance far enough to end every burst and spell. Returns
    /// what `operate`'s output delivered.
    private func race(_ operate: @escaping @Sendable (EventSubject<Int>, TestClock) -> EventSubject<Int>) -> [Int] {
        let clock = TestClock()
        let source = EventSubject<Int>()
        let delivered = LockedList()
        let subscription = operate(source, clock).subscribeNext { delivered.append($0) }
        let sent = Flag()
        var threads = [Joinable {
            for value in 1...100 {
                source.sendNext(value)
            }
            sent.raise()
        }]
        for _ in 1...3 {
            threads.append(Joinable {
                while !sent.isRaised {
                    clock.advance(by: .milliseconds(1))
                }
            })
        }
        for thread in threads {
            thread.join()
        }
        clock.advance(by: .seconds(1))
        subscription.cancel()
        return delivered.values
    }

    @Test func debounceSendsInTheOrderOfItsInputsWhileThreeThreadsAdvance() {
        for repetition in 1...Self.repetitions {
            let delivered = race { source, clock in source.debounce(for: .milliseconds(2), clock: clock) }
            #expect(delivered.isIncreasing, "run \(repetition): \(delivered)")
            #expect(delivered.last == 100, "run \(repetition): the last value ends the last burst")
        }
    }

    @Test(arguments: [true, false])
    func throttleSendsInTheOrderOfItsInputsWhileThreeThreadsAdvance(latest: Bool) {
        for repetition in 1...Self.repetitions {
            let delivered = race { source, clock in
                source.throttle(for: .milliseconds(2), clock: clock, latest: latest)
            }
            #expect(delivered.isIncreasing, "run \(repetition): \(delivered)")
            #expect(delivered.first == 1, "run \(repetition): the first value is sent at once")
        }
    }
}

/// Advances from several threads, each by a duration: every one moves the clock by its own
/// duration, measured from where the advance before it left the clock.
@Suite struct TestClockAdvanceByTests {
    @Test func advancesByFromFourThreadsAddUp() {
        for repetition in 1...20 {
            let clock = TestClock()
            let ran = LockedList()
            for millisecond in 1...800 {
                _ = clock.schedule(at: .init(offset: .milliseconds(millisecond))) { _, _ in
                    ran.append(millisecond)
                    return nil
                }
            }
            let threads = (1...4).map { _ in
                Joinable {
                    for _ in 1...200 {
                        clock.advance(by: .milliseconds(1))
                    }
                }
            }
            for thread in threads {
                thread.join()
            }
            #expect(clock.now == .init(offset: .milliseconds(800)), "run \(repetition)")
            #expect(ran.values == Array(1...800), "run \(repetition)")
        }
    }

    /// An advance that runs for longer than the cap, one short action after another, is not
    /// blocked: another thread's advance waits for all of it, and the two add up.
    @Test func aLongAdvanceThatKeepsRunningActionsIsWaitedForToTheEnd() {
        let clock = TestClock()
        let running = Atomic<Int>(0)
        let mostAtOnce = Atomic<Int>(0)
        let firstRan = DispatchSemaphore(value: 0)
        for millisecond in 1...200 {
            _ = clock.schedule(at: .init(offset: .milliseconds(millisecond))) { _, _ in
                mostAtOnce.max(running.add(1, ordering: .relaxed).newValue, ordering: .relaxed)
                if millisecond == 1 {
                    firstRan.signal()
                }
                let end = ContinuousClock.now + .milliseconds(1)
                while ContinuousClock.now < end {}
                running.subtract(1, ordering: .relaxed)
                return nil
            }
        }
        let long = Joinable { clock.advance(by: .milliseconds(200)) }
        firstRan.wait()
        clock.advance(by: .milliseconds(1))
        long.join()
        #expect(clock.now == .init(offset: .milliseconds(201)))
        #expect(mostAtOnce.load(ordering: .relaxed) == 1)
    }

    /// An action that waits for a thread which advances the same clock: the waiting advance goes
    /// ahead after a while, as one made from inside the action would, instead of waiting for the
    /// advance that runs that action for ever.
    @Test func anActionWaitingForAThreadThatAdvancesTheSameClockDoesNotDeadlock() {
        let clock = TestClock()
        let ran = LockedList()
        let workerReturned = DispatchSemaphore(value: 0)
        let waited = Flag()
        _ = clock.schedule(at: .init(offset: .milliseconds(50))) { _, _ in
            ran.append(50)
            let worker = Joinable {
                clock.advance(by: .milliseconds(10))
                workerReturned.signal()
            }
            if workerReturned.wait(timeout: .now() + 5) == .success {
                waited.raise()
            }
            worker.join()
            return nil
        }
        _ = clock.schedule(at: .init(offset: .milliseconds(55))) { _, _ in
            ran.append(55)
            return nil
        }
        clock.advance(to: .init(offset: .milliseconds(100)))
        #expect(waited.isRaised)
        #expect(ran.values == [50, 55])
        #expect(clock.now == .init(offset: .milliseconds(100)))
    }
}

extension Array where Element == Int {
    /// Each value greater than the one before.
    var isIncreasing: Bool {
        zip(self, dropFirst()).allSatisfy { $0 < $1 }
    }
}

/// A list several threads append to, under a lock ThreadSanitizer sees (`NSLock`).
final class LockedList: @unchecked Sendable {
    // @unchecked because `storage` is only reached under `lock`.
    private let lock = NSLock()
    private var storage: [Int] = []

    func append(_ value: Int) {
        lock.withLock { storage.append(value) }
    }

    var values: [Int] {
        lock.withLock { storage }
    }
}

/// A flag one thread raises and others read, under a lock ThreadSanitizer sees.
final class Flag: @unchecked Sendable {
    // @unchecked because `raised` is only reached under `lock`.
    private let lock = NSLock()
    private var raised = false

    func raise() {
        lock.withLock { raised = true }
    }

    var isRaised: Bool {
        lock.withLock { raised }
    }
}

/// Runs `body` on a thread of its own; `join()` waits for it to finish.
final class Joinable: Sendable {
    private let done = DispatchSemaphore(value: 0)

    init(_ body: @escaping @Sendable () -> Void) {
        Thread { [done] in
            body()
            done.signal()
        }.start()
    }

    func join() {
        done.wait()
    }
}

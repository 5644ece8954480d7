import Foundation
import SimpleSubject
import Synchronization
import Testing

/// Subscribing and cancelling while other threads send: ThreadSanitizer must stay quiet (CI runs
/// this suite under it), and no subscriber misses a value sent after it joined or gets one twice.
@Suite struct ChurnTests {
    @Test func subscribingAndCancellingWhileOthersSendIsQuietAndLosesNothing() {
        let subject = Subject(0)
        let problems = Shared<[String]>([])
        onThreads(4) { thread in
            if thread < 2 {
                for value in 1...2_000 {
                    subject.sendNext(thread * 10_000 + value)
                }
            } else {
                for round in 0..<300 {
                    let seen = Shared<[Int]>([])
                    let subscription = subject.subscribeNext { value in seen.withLock { $0.append(value) } }
                    // Unique: a random one could repeat on this thread while another subscriber is
                    // live, which that subscriber would rightly see twice (it once looked like a
                    // double delivery).
                    let marker = -(thread * 1_000_000 + round + 1)
                    subject.sendNext(marker)  // sent after it joined: it arrives (maybe from another thread), once
                    let deadline = ContinuousClock.now + .seconds(10)
                    while !seen.withLock({ $0.contains(marker) }) && ContinuousClock.now < deadline {}
                    subscription.cancel()
                    // Read under the lock, never from a copy outside it: a call the delivery had
                    // already reached may still append after `cancel()` (guarantee 5), and
                    // ThreadSanitizer cannot see the reference count that makes that append copy
                    // the buffer a copy shares (it reported one such "race", 2026-11-26).
                    let (firstValues, markers, repeated) = seen.withLock { values in
                        let markers = values.count(where: { $0 == marker })
                        let repeated = Dictionary(grouping: values, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
                        return (Array(values.prefix(4)), markers, repeated)
                    }
                    if markers != 1 {
                        problems.withLock { $0.append("marker \(marker) arrived \(markers) times; first values: \(firstValues)") }
                    }
                    if !repeated.isEmpty {
                        problems.withLock { $0.append("subscriber of marker \(marker) got \(repeated) twice; first values: \(firstValues)") }
                    }
                }
            }
        }
        #expect(problems.withLock { $0 } == [])
    }

    @Test(arguments: [1, 40])
    func manySubscribersComingAndGoingWhileTwoThreadsSend(standing: Int) {
        let subject = EventSubject<Int>()
        let received = Atomic<Int>(0)
        let standingSubscriptions = (0..<standing).map { _ in subject.subscribeNext { _ in received.add(1, ordering: .relaxed) } }
        onThreads(4) { thread in
            for round in 0..<2_000 {
                if thread < 2 {
                    subject.sendNext(round)
                } else {
                    let subscriptions = (0..<3).map { _ in subject.subscribeNext { _ in } }
                    _ = subject.subscriberCount
                    subscriptions.forEach { $0.cancel() }
                }
            }
        }
        #expect(received.load(ordering: .relaxed) == standing * 4_000)
        #expect(subject.subscriberCount == standing)
        withExtendedLifetime(standingSubscriptions) {}
    }
}

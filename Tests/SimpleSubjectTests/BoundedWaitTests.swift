import Foundation
import SimpleSubject
import Synchronization
import Testing

/// Guarantee 8, every wait bounded in time (issue 27, item 1): a late sender that finds the
/// queue full waits for its turn at most 100 ms, then queues its value over the limit. A wait
/// through user code — a subscriber blocked on a worker that sends into the same subject — is
/// invisible to the wait graph; without the time cap it never ends.
@Suite struct BoundedWaitTests {
    static func subscriberWaitingForAWorker(sending count: Int)
    -> (EventSubject<Int>, Recorder<Int>) {
        let results = EventSubject<Int>()
        let seen = Recorder<Int>()
        results.subscribeNext { value in
            seen.append(value)
            guard value == 0 else { return }
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) {
                for value in 1...count { results.sendNext(value) }
            }
            group.wait()
        }
        return (results, seen)
    }

    @Test(arguments: [1_025, 3_000])
    func aSubscriberThatWaitsForAWorkerSendingIntoTheSameSubjectReturns(count: Int) {
        let (results, seen) = Self.subscriberWaitingForAWorker(sending: count)
        let sender = Joinable { results.sendNext(0) }
        #expect(sender.join(seconds: 30), "deadlocked: the worker waits for a turn the subscriber never gives")
        let allOnceInOrder = seen.values == Array(0...count)
        #expect(allOnceInOrder, "\(seen.values.count) of \(count + 1) values, or out of order")
    }

    @Test func aThreadWaitingOnASemaphoreForASenderReturns() {
        let results = EventSubject<Int>()
        let seen = Recorder<Int>()
        results.subscribeNext { value in
            seen.append(value)
            guard value == 0 else { return }
            let done = DispatchSemaphore(value: 0)
            Thread {
                for value in 1...10_000 { results.sendNext(value) }
                done.signal()
            }.start()
            done.wait()
        }
        let sender = Joinable { results.sendNext(0) }
        #expect(sender.join(seconds: 60), "deadlocked")
        let allOnceInOrder = seen.values == Array(0...10_000)
        #expect(allOnceInOrder, "\(seen.values.count) of 10,001 values, or out of order")
    }
}

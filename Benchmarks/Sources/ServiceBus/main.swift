// The service shape of issue 30, outside the harness: 8 producer threads each send N events into
// one EventSubject, read (a) by 3 plain subscribers, (b) by 3 `for await` loops over `values`, and
// (c) the floor: the same threads calling 3 closures under one lock. Prints events per second (all
// events over the wall time from the threads' release to the last consumer's last event), the
// median of 5 runs, and checks that every consumer got every event, each producer's in order.
//
//     swift run -c release --package-path Benchmarks ServiceBus [events per producer]
import Foundation
import SimpleSubject
import Synchronization

let producers = 8
let consumers = 3
let perProducer = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 100_000
let total = producers * perProducer

/// Runs `body(i)` on `producers` threads released together; returns when all have finished.
func onProducerThreads(_ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    let ready = Atomic<Int>(0)
    for index in 0..<producers {
        group.enter()
        Thread {
            ready.add(1, ordering: .relaxed)
            while ready.load(ordering: .relaxed) < producers {}
            body(index)
            group.leave()
        }.start()
    }
    group.wait()
}

/// An event: which producer sent it, and its number among that producer's.
struct Event: Sendable {
    let producer: Int
    let number: Int
}

/// Checks one consumer's events: all of them, each producer's in order.
final class Check: @unchecked Sendable {
    private var next = [Int](repeating: 0, count: producers)
    private(set) var count = 0
    private(set) var inOrder = true

    func saw(_ event: Event) {
        inOrder = inOrder && next[event.producer] == event.number
        next[event.producer] = event.number + 1
        count += 1
    }
}

func plainSubscribers() -> Double {
    let bus = EventSubject<Event>()
    let checks = (0..<consumers).map { _ in Check() }
    for check in checks {
        bus.subscribeNext { check.saw($0) }
    }
    let start = DispatchTime.now()
    onProducerThreads { producer in
        for number in 0..<perProducer { bus.sendNext(Event(producer: producer, number: number)) }
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    precondition(checks.allSatisfy { $0.count == total && $0.inOrder }, "a subscriber lost or reordered events")
    return Double(total) / seconds
}

func valuesLoops() async -> Double {
    let bus = EventSubject<Event>()
    var loops: [Task<Check, Never>] = []
    for _ in 0..<consumers {
        let iterator = bus.values.makeAsyncIterator()  // subscribed before the producers start
        loops.append(Task.detached {
            var events = iterator
            let check = Check()
            while check.count < total, let event = await events.next() { check.saw(event) }
            return check
        })
    }
    let start = DispatchTime.now()
    onProducerThreads { producer in
        for number in 0..<perProducer { bus.sendNext(Event(producer: producer, number: number)) }
    }
    var checks: [Check] = []
    for loop in loops { checks.append(await loop.value) }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    precondition(checks.allSatisfy { $0.count == total && $0.inOrder }, "a loop lost or reordered events")
    return Double(total) / seconds
}

func lockedFloor() -> Double {
    // The floor of DESIGN.md's costs: lock, call each subscriber's closure, unlock.
    let checks = (0..<consumers).map { _ in Check() }
    let subscribers = Mutex<[(Event) -> Void]>(checks.map { check in { check.saw($0) } })
    let start = DispatchTime.now()
    onProducerThreads { producer in
        for number in 0..<perProducer {
            subscribers.withLock { blocks in
                for block in blocks { block(Event(producer: producer, number: number)) }
            }
        }
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    precondition(checks.allSatisfy { $0.count == total && $0.inOrder })
    return Double(total) / seconds
}

func median(_ runs: () async -> Double) async -> Double {
    var results: [Double] = []
    for _ in 0..<5 { results.append(await runs()) }
    return results.sorted()[2]
}

print("\(producers) producers × \(perProducer) events, \(consumers) consumers; events per second, median of 5")
let floor = await median { lockedFloor() }
let plain = await median { plainSubscribers() }
let loops = await median { await valuesLoops() }
print(String(format: "locked floor (3 closures under a lock) %12.0f", floor))
print(String(format: "3 plain subscribers                    %12.0f", plain))
print(String(format: "3 for-await loops over values          %12.0f", loops))

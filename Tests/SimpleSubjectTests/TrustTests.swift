import Foundation
import SimpleSubject
import Synchronization
import Testing

/// The defects an adversarial run found (issue 10), one reproducer each. Every test here failed
/// (or hung) before its fix. CI runs this suite under ThreadSanitizer too.
@Suite struct TrustTests {
    // Guarantee 6: an owner's `deinit` that runs because `subscriberCount` loaded it weakly while
    // its last strong reference went on another thread must not run under the subject's lock.
    @Test func anOwnersDeinitTriggeredByAnotherThreadsWeakLoadCanReadTheSubject() {
        let subject = Subject(0)
        final class Owner: @unchecked Sendable {
            let subject: Subject<Int>
            init(_ subject: Subject<Int>) { self.subject = subject }
            deinit { _ = subject.value }
        }
        let stop = Atomic<Bool>(false)
        let counter = Joinable {
            while !stop.load(ordering: .acquiring) { _ = subject.subscriberCount }
        }
        let looper = Joinable {
            for round in 0..<20_000 {
                var owner: Owner? = Owner(subject)
                subject.subscribeNext(owner: owner!) { _, _ in }
                owner = nil
                subject.sendNext(round)
            }
            stop.store(true, ordering: .releasing)
        }
        #expect(looper.join(seconds: 60), "deadlocked: a deinit ran under the subject's lock")
        #expect(counter.join(seconds: 5))
    }

    @Test func aBagsCountAndPruningDoNotRunAnOwnersDeinitUnderItsLock() {
        let bag = SubscriptionBag()
        let subject = Subject(0)
        final class Owner: @unchecked Sendable {
            let bag: SubscriptionBag
            init(_ bag: SubscriptionBag) { self.bag = bag }
            deinit { _ = bag.count }
        }
        let stop = Atomic<Bool>(false)
        let counter = Joinable {
            while !stop.load(ordering: .acquiring) { _ = bag.count }
        }
        let looper = Joinable {
            for round in 0..<20_000 {
                var owner: Owner? = Owner(bag)
                subject.subscribeNext(owner: owner!) { _, _ in }.store(in: bag)
                owner = nil
                subject.sendNext(round)  // ends the subscription, so that the bag prunes it
            }
            stop.store(true, ordering: .releasing)
        }
        #expect(looper.join(seconds: 60), "deadlocked: a deinit ran under the bag's lock")
        #expect(counter.join(seconds: 5))
    }

    // Guarantee 9: an operator made inside a delivery of its source sends its first value once.
    @MainActor @Test func operatorsMadeInsideADeliveryOfTheirSourceSendTheirFirstValueOnce() {
        let source = Subject(0)
        var mapped: [Int] = [], deduplicated: [Int] = [], scanned: [Int] = [], combined: [Int] = []
        var derived: [Any] = []  // keeps the operators' results alive, as a screen would
        source.subscribeNext { value in
            guard value == 1, derived.isEmpty else { return }
            let map = source.map { $0 * 10 }
            map.subscribeNext { mapped.append($0) }
            let dedup = source.removeDuplicates()
            dedup.subscribeNext { deduplicated.append($0) }
            let scan = source.scan(0, +)
            scan.subscribeNext { scanned.append($0) }
            let pair = combineLatest(source, Subject(100))
            pair.subscribeNext { combined.append($0.0 + $0.1) }
            derived = [map, dedup, scan, pair]
        }
        source.sendNext(1)
        source.sendNext(2)
        #expect(mapped == [10, 20])
        #expect(deduplicated == [1, 2])
        #expect(scanned == [1, 3])
        #expect(combined == [101, 102])
    }

    @Test func anOperatorMadeOnAnotherThreadDuringADeliverySendsItsFirstValueOnce() {
        let source = Subject(0)
        let inDelivery = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        source.subscribeNext { value in
            if value == 1 {
                inDelivery.signal()
                release.wait()
            }
        }
        let sender = Joinable { source.sendNext(1) }
        inDelivery.wait()
        let mapped = source.map { $0 }
        let seen = Recorder<Int>()
        mapped.subscribeNext { seen.append($0) }
        release.signal()
        #expect(sender.join())
        source.sendNext(2)
        #expect(seen.values == [1, 2])
    }

    // Guarantee 2, found by the third outside attack: values 2...6 are queued behind another
    // thread's delivery of 1 when these subscribers and operators are made. Each starts from 1,
    // the value current when it was made, and then gets every queued value, in order. Before the
    // fix, operators restarted from the value current when their queued join came round: `scan`
    // gave [1, 6] (its sum lost 1...5), `map` jumped from 10 to 60, `take(3)` never sent 1.
    @Test func subscribersMadeWhileValuesAreQueuedStartFromTheCurrentValueAndMissNone() {
        let source = Subject(0)
        let inDelivery = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        source.subscribeNext { value in
            if value == 1 {
                inDelivery.signal()
                release.wait()
            }
        }
        let sender = Joinable { source.sendNext(1) }
        inDelivery.wait()
        for value in 2...6 {
            source.sendNext(value)  // queued: the sender thread is delivering 1
        }
        let plain = record(source)
        let mapped = source.map { $0 * 10 }
        let tens = record(mapped)
        let sum = source.scan(0, +)
        let sums = record(sum)
        let changes = record(source.removeDuplicates())
        let firstThree = record(source.take(3))
        let afterOne = record(source.skip(1))
        let odd = record(source.filter { $0 % 2 == 1 })
        release.signal()
        #expect(sender.join())
        #expect(plain.values == [1, 2, 3, 4, 5, 6])
        #expect(tens.values == [10, 20, 30, 40, 50, 60])
        #expect(mapped.value == 60)
        #expect(sums.values == [1, 3, 6, 10, 15, 21])
        #expect(sum.value == 21)
        #expect(changes.values == [1, 2, 3, 4, 5, 6])
        #expect(firstThree.values == [1, 2, 3])
        #expect(afterOne.values == [2, 3, 4, 5, 6])
        #expect(odd.values == [1, 3, 5])
    }

    // The same for a subscriber made inside a delivery, after a send from inside it: the
    // subscriber starts from the value being delivered, then gets the one sent.
    @Test func aSubscriberMadeInsideADeliveryAfterASendStartsFromTheValueBeingDelivered() {
        let source = Subject(0)
        let seen = Recorder<Int>()
        let sum = Recorder<Int>()
        source.subscribeNext { value in
            if value == 1 {
                source.sendNext(2)
                source.subscribeNext { seen.append($0) }
                source.scan(100, +).subscribeNext { sum.append($0) }
            }
        }
        source.sendNext(1)
        #expect(seen.values == [1, 2])
        #expect(sum.values == [101, 103])
    }

    // Guarantee 2 under load: three threads send while two others make subscribers and `scan`s.
    // Each sees one run of the order the first subscriber saw, with no gap, to its end: a
    // subscriber from the value current when it joined, a scan's sums over such a run.
    @Test func subscribersAndScansMadeDuringConcurrentSendsEachSeeOneUnbrokenRunOfTheOrder() {
        let source = Subject(0)
        let reference = record(source)
        let made = Recorder<(plain: Recorder<Int>, sums: Recorder<Int>)>()
        onThreads(5) { thread in
            if thread < 3 {
                for index in 1...300 {
                    source.sendNext((thread + 1) * 1_000 + index)  // every value distinct
                }
            } else {
                for _ in 1...50 {
                    made.append((record(source), record(source.scan(0, +))))
                }
            }
        }
        let order = reference.values
        #expect(order.count == 901)
        /// Whether `run` is `order` from some point to its end.
        func isUnbrokenRunToTheEnd(_ run: [Int]) -> Bool {
            guard let first = run.first, let start = order.firstIndex(of: first) else { return false }
            return Array(order[start...]) == run
        }
        for (plain, scan) in made.values {
            #expect(isUnbrokenRunToTheEnd(plain.values))
            // The recorder joined the scan after it had summed a few values: its first sum is of
            // a run just before the values each later sum adds.
            let sums = scan.values
            let added = zip(sums.dropFirst(), sums).map { $0 - $1 }
            #expect(added.isEmpty || isUnbrokenRunToTheEnd(added))
            var start = added.first.flatMap { order.firstIndex(of: $0) } ?? order.count
            var before = 0
            while before < sums[0] && start > 0 {
                start -= 1
                before += order[start]
            }
            #expect(before == sums[0])
        }
    }

    // Guarantee 9: a value that `filter` drops clears what operators downstream of it replay.
    @MainActor @Test func aValueAFilterDropsClearsWhatOperatorsDownstreamReplay() {
        let credit = Subject(80)
        let message = credit.filter { $0 >= 70 }.map { "passed with \($0)" }
        credit.sendNext(20)
        var seen: [String] = []
        message.subscribeNext { seen.append($0) }
        #expect(seen == [])
        credit.sendNext(90)
        #expect(seen == ["passed with 90"])
    }

    @MainActor @Test func aClearedRemoveDuplicatesPassesTheSameValueAgain() {
        let credit = Subject(80)
        let passed = credit.filter { $0 >= 70 }.removeDuplicates()
        credit.sendNext(20)
        credit.sendNext(80)
        var seen: [Int] = []
        passed.subscribeNext { seen.append($0) }
        #expect(seen == [80])  // the credit is 80 and passes: a new subscriber gets it
    }


    // Guarantee 9: `ReplaySubject` allocates as values arrive, never `bufferSize` up front.
    @MainActor @Test(arguments: [1 << 32, Int.max])
    func aHugeReplayBufferSizeAllocatesOnlyWhatArrives(bufferSize: Int) {
        let log = ReplaySubject<Int>(bufferSize: bufferSize)
        log.sendNext(1).sendNext(2).sendNext(3)
        var seen: [Int] = []
        log.subscribeNext { seen.append($0) }
        #expect(seen == [1, 2, 3])
    }

    // Guarantee 5, the exact promise on the delivering thread: cancelled there, never called again.
    @Test func aSubscriberCancelledOnTheDeliveringThreadIsNotCalledAgainEvenUnderOtherThreadsSends() {
        let subject = EventSubject<Int>()
        let calledAfterCancel = Atomic<Int>(0)
        onThreads(4) { thread in
            for round in 0..<2_000 {
                let cancelled = Atomic<Bool>(false)
                let victim = Shared<Subscription?>(nil)
                // The canceller runs on whichever thread delivers, before the victim in the list.
                let canceller = subject.subscribeNext { _ in
                    guard let made = victim.value else { return }
                    made.cancel()
                    cancelled.store(true, ordering: .releasing)
                }
                let made = subject.subscribeNext { _ in
                    if cancelled.load(ordering: .acquiring) { calledAfterCancel.add(1, ordering: .relaxed) }
                }
                victim.value = made
                subject.sendNext(thread * 10_000 + round)
                canceller.cancel()
                made.cancel()
            }
        }
        #expect(calledAfterCancel.load(ordering: .acquiring) == 0)
    }

    // Issue 10 item 9: long chains work; release is not recursive per hop beyond the stack.
    @MainActor @Test func aChainOfAThousandMapsDeliversAndIsFreed() {
        weak var last: Subject<Int>?
        do {
            let source = Subject(0)
            var chain = source
            for _ in 0..<1_000 { chain = chain.map { $0 + 1 } }
            last = chain
            var seen: [Int] = []
            chain.subscribeNext { seen.append($0) }
            source.sendNext(1)
            #expect(seen == [1_000, 1_001])
        }
        #expect(last == nil)
    }
}

/// Keeps a computed value from being optimised away.
@inline(never) func blackHole(_ value: Int) {
    if value == .min { print(value) }
}

import Foundation
import SimpleSubject
import Synchronization
import Testing

/// What one delivery domain per graph promises across threads (ARCHITECTURE.md, "Domains"): a
/// send is one transaction wherever its paths go and whoever else sends, a wait inside a
/// transaction pauses it and never splits it, subscribing never delivers other threads' values,
/// and the backlog stays bounded with several senders. The races need the threads to overlap,
/// which a two-core machine does not always make them do, so a pass on one run proves less than
/// a failure would.
@Suite struct CrossThreadTransactionTests {
    /// How many tuples of `combineLatest(combineLatest(d, o), d.map { $0 * 2 })` show a `d` that
    /// disagrees with `d * 2`, with `d` sent from one thread and `o` from `oSenders` others.
    private func tornNestedCombineLatest(oSenders: Int, sends: Int) -> (torn: Int, tuples: Int) {
        let d = Subject(0)
        let o = Subject(0)
        let torn = Atomic<Int>(0)
        let tuples = Atomic<Int>(0)
        let subscription = combineLatest(combineLatest(d, o), d.map { $0 * 2 }).subscribeNext { inner, doubled in
            tuples.add(1, ordering: .relaxed)
            if inner.0 * 2 != doubled {
                torn.add(1, ordering: .relaxed)
            }
        }
        onThreads(1 + oSenders) { thread in
            for value in 1...sends {
                (thread == 0 ? d : o).sendNext(value)
            }
        }
        subscription.cancel()
        return (torn.load(ordering: .relaxed), tuples.load(ordering: .relaxed))
    }

    @Test(arguments: [1, 2])
    func aNestedCombineLatestFedFromSeveralThreadsNeverTears(oSenders: Int) {
        let result = tornNestedCombineLatest(oSenders: oSenders, sends: 20_000)
        #expect(result.torn == 0, "\(result.torn) torn of \(result.tuples)")
    }

    /// A subscriber of `combineLatest(a, b)` sends back into `a` while another thread sends 1, 2,
    /// 3, … to `a`: the tuples show `a`'s values in the order `a` delivered them, never an older
    /// one after a newer.
    @Test func aSourcesValueNeverGoesBackInATuple() {
        let a = Subject(0)
        let b = Subject(0)
        let delivered = Shared<[Int]>([])
        a.subscribeNext { value in delivered.modify { $0.append(value) } }
        let inTuples = Shared<[Int]>([])
        let subscription = combineLatest(a, b).subscribeNext { first, _ in
            inTuples.modify { $0.append(first) }
            if first > 0 && first % 7 == 0 {
                a.sendNext(-first)
            }
        }
        onThreads(2) { thread in
            for value in 1...10_000 {
                if thread == 0 {
                    a.sendNext(value)
                } else {
                    b.sendNext(value)
                }
            }
        }
        subscription.cancel()
        let position = Dictionary(delivered.value.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let positions = inTuples.value.map { position[$0] ?? -1 }
        let wentBack = zip(positions, positions.dropFirst()).filter { $0 > $1 }.count
        #expect(wentBack == 0, "\(wentBack) times an older value of a came after a newer one")
    }

    /// `x`'s subscriber waits for a worker that sends `y = 7` into the same graph: the worker's
    /// send is a transaction of its own, after the one that is waiting, and returns at once.
    @Test func aWaitInsideATransactionPausesItAndNeverSplitsIt() {
        let x = Subject(0)
        let y = Subject(0)
        y.subscribeNext { x.sendNext($0) }
        let tuples = Shared<[String]>([])
        let subscription = combineLatest(x, y.map { $0 * 2 }).subscribeNext { first, second in
            tuples.modify { $0.append("(\(first), \(second))") }
        }
        let workerReturned = DispatchSemaphore(value: 0)
        let waited = Shared<Duration>(.zero)
        x.subscribeNext { value in
            guard value == -5 else { return }
            let worker = Joinable {
                let start = ContinuousClock.now
                y.sendNext(7)
                waited.value = ContinuousClock.now - start
                workerReturned.signal()
            }
            _ = workerReturned.wait(timeout: .now() + 5)
            _ = worker
        }
        x.sendNext(-5)
        #expect(tuples.value == ["(0, 0)", "(-5, 0)", "(7, 14)"])
        #expect(waited.value < .milliseconds(50), "the worker's sendNext took \(waited.value)")
        subscription.cancel()
    }

    /// One thread sends to a subject of 2,000 subscribers in a loop; another subscribes and
    /// cancels: the subscribing thread makes its own first call and never calls the others.
    @Test func subscribingBesideALoopingSenderNeverDeliversOthersValues() {
        let subject = Subject(0)
        let subscriber = Shared<UInt>(0)
        let callsOnTheSubscriber = Atomic<Int>(0)
        for _ in 1...2_000 {
            subject.subscribeNext { _ in
                if currentThreadID() == subscriber.value {
                    callsOnTheSubscriber.add(1, ordering: .relaxed)
                }
            }
        }
        let sending = Atomic<Bool>(true)
        onThreads(2) { thread in
            guard thread == 1 else {
                for value in 1...300 {
                    subject.sendNext(value)
                }
                sending.store(false, ordering: .releasing)
                return
            }
            subscriber.value = currentThreadID()
            while sending.load(ordering: .acquiring) {
                subject.subscribeNext { _ in }.cancel()
            }
        }
        #expect(callsOnTheSubscriber.load(ordering: .relaxed) == 0)
    }

    /// 8 threads send 5,000 values each into a subscriber that spins 50 µs: at most 1,024 values
    /// wait, plus one per sender, and one `sendNext` makes at most 1,024 calls of others'.
    @Test func eightSendersIntoASlowSubscriberNeverQueueMoreThanTheBound() {
        let events = EventSubject<Int>()
        let returned = Atomic<Int>(0)
        let delivered = Atomic<Int>(0)
        let mostWaiting = Atomic<Int>(0)
        let callsByThread = Shared<[UInt: Int]>([:])
        let mostCallsInOneSend = Atomic<Int>(0)
        let subscription = events.subscribeNext { _ in
            let waiting = returned.load(ordering: .relaxed) - delivered.add(1, ordering: .relaxed).newValue
            mostWaiting.max(waiting, ordering: .relaxed)
            callsByThread.withLock { $0[currentThreadID(), default: 0] += 1 }
            let end = ContinuousClock.now + .microseconds(50)
            while ContinuousClock.now < end {}
        }
        onThreads(8) { _ in
            let thread = currentThreadID()
            for value in 1...5_000 {
                let before = callsByThread.withLock { $0[thread, default: 0] }
                events.sendNext(value)
                returned.add(1, ordering: .relaxed)
                let calls = callsByThread.withLock { $0[thread, default: 0] } - before
                mostCallsInOneSend.max(calls, ordering: .relaxed)
            }
        }
        subscription.cancel()
        #expect(mostWaiting.load(ordering: .relaxed) <= 1_024 + 8)
        #expect(mostCallsInOneSend.load(ordering: .relaxed) <= 1_024 + 1)  // its own value too
    }

    /// `m = merge(y.map { $0 }, z)` feeds `combineLatest(m, y.map { $0 * 2 })`, with `y` and `z`
    /// sent from two threads and a subscriber of `m` that pauses now and then (a disk write):
    /// a tuple whose `m` came from `y` shows the same send's `y * 2`.
    @Test func aSlowSubscriberOfAMergeTearsNothingDownstream() {
        let y = Subject(0)
        let z = Subject(0)
        let m = merge(y.map { $0 }, z)
        let delivered = Atomic<Int>(0)
        m.subscribeNext { _ in
            if delivered.add(1, ordering: .relaxed).newValue % 500 == 0 {
                let end = ContinuousClock.now + .milliseconds(30)
                while ContinuousClock.now < end {}
            }
        }
        let torn = Atomic<Int>(0)
        let subscription = combineLatest(m, y.map { $0 * 2 }).subscribeNext { merged, doubled in
            if merged > 0 && doubled != merged * 2 {
                torn.add(1, ordering: .relaxed)
            }
        }
        onThreads(2) { thread in
            for value in 1...3_000 {
                if thread == 0 {
                    y.sendNext(value)
                } else {
                    z.sendNext(-value)
                }
            }
        }
        subscription.cancel()
        #expect(torn.load(ordering: .relaxed) == 0)
    }

    /// `combineLatest(d, d.map { $0 * 2 })` made while another thread sends to `d`: its first
    /// value, and every one after, is one send's pair.
    @Test func anOperatorMadeWhileAnotherThreadSendsStartsFromOneSendsValues() {
        let d = Subject(0)
        let sending = Atomic<Bool>(true)
        let torn = Atomic<Int>(0)
        onThreads(2) { thread in
            guard thread == 1 else {
                for value in 1...20_000 {
                    d.sendNext(value)
                }
                sending.store(false, ordering: .releasing)
                return
            }
            while sending.load(ordering: .acquiring) {
                let pair = combineLatest(d, d.map { $0 * 2 })
                let (first, doubled) = pair.value
                if doubled != first * 2 {
                    torn.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(torn.load(ordering: .relaxed) == 0)
    }

    /// Two graphs whose subscribers send into each other, one thread sending to each (an outside
    /// attack on the domains): a subject fed from the other graph gets its values in the order
    /// they were sent, and ends at the last. A thread inside one domain's delivery that takes
    /// another's idle turn hands it on rather than deliver other threads' queued values there.
    @Test func twoGraphsFeedingEachOtherKeepEachSubjectsOrder() {
        let a = Subject(0), b = Subject(0), aMirror = Subject(0), bMirror = Subject(0)
        a.subscribeNext { value in if value > 0 { bMirror.sendNext(value) } }
        b.subscribeNext { value in if value > 0 { aMirror.sendNext(value) } }
        let mirrored = Recorder<Int>()
        bMirror.subscribeNext { mirrored.append($0) }
        let joinedB = combineLatest(b, bMirror).subscribeNext { _ in }
        let joinedA = combineLatest(a, aMirror).subscribeNext { _ in }
        onThreads(2) { thread in
            for value in 1...3_000 {
                (thread == 0 ? a : b).sendNext(value)
            }
        }
        let got = mirrored.values
        #expect(zip(got, got.dropFirst()).filter { $0 > $1 }.isEmpty, "values of bMirror went back")
        #expect(bMirror.value == 3_000 && aMirror.value == 3_000)
        joinedA.cancel()
        joinedB.cancel()
    }

    /// The same through `boundary()`: the boundary's domain, joined with `other`, sends back into
    /// the source's graph from `other`'s subscriber.
    @Test func aCycleThroughABoundaryKeepsOrderAndLosesNothing() {
        let source = Subject(0), other = Subject(0), back = Subject(0)
        let bounded = source.boundary()
        let seen = Recorder<Int>()
        bounded.subscribeNext { seen.append($0) }
        let joinedHere = combineLatest(bounded, other).subscribeNext { _ in }
        let joinedThere = combineLatest(source, back).subscribeNext { _ in }
        other.subscribeNext { value in if value > 0 { back.sendNext(value) } }
        onThreads(2) { thread in
            for value in 1...3_000 {
                (thread == 0 ? source : other).sendNext(value)
            }
        }
        let got = seen.values
        #expect(got.count == 3_001 && zip(got, got.dropFirst()).filter { $0 > $1 }.isEmpty)
        #expect(bounded.value == 3_000 && back.value == 3_000)
        joinedHere.cancel()
        joinedThere.cancel()
    }
}

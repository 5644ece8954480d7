import Foundation
import SimpleSubject
import Synchronization
import Testing

/// Defects an outside attack on issues 10 and 11 found, from the docs alone; each test failed (or
/// hung) before its fix. CI runs this suite under ThreadSanitizer too.
@Suite struct AttackTests {
    struct Opaque: Sendable { let id: Int }  // not Equatable

    // Guarantee 9: rings of bindings terminate, also when several threads send at once.
    @Test(arguments: 0..<10)
    func aRingOfBindingsSentToFromThreeThreadsAtOnceTerminates(trial: Int) {
        let subjects = (0..<3).map { _ in Subject(Opaque(id: 0)) }
        let bindings = (0..<3).map { subjects[$0].sync(with: subjects[($0 + 1) % 3]) }
        let senders = Joinable {
            onThreads(3) { thread in
                for round in 0..<10 { subjects[thread].sendNext(Opaque(id: thread * 10_000 + round)) }
            }
        }
        #expect(senders.join(seconds: 30), "a ring of bindings sent to from three threads did not terminate")
        bindings.forEach { $0.cancel() }
    }

    // Guarantee 1: a late sender queues and goes on; backpressure is for floods, not for one
    // value queued by another thread.
    @Test func aLateSenderDoesNotWaitAfterTheDeliveringThreadHasDeliveredOneOtherValue() {
        let subject = Subject(0)
        let gotOne = DispatchSemaphore(value: 0), releaseOne = DispatchSemaphore(value: 0)
        let gotTwo = DispatchSemaphore(value: 0), thirdSent = DispatchSemaphore(value: 0)
        let waitedForThird = Atomic<Bool>(false)
        subject.subscribeNext { value in
            if value == 1 {
                gotOne.signal()
                releaseOne.wait()
            }
            if value == 2 {
                gotTwo.signal()
                // The third sender signals after its sendNext returns: if it waited for us, this times out.
                if thirdSent.wait(timeout: .now() + 10) == .timedOut { waitedForThird.store(true, ordering: .relaxed) }
            }
        }
        let first = Joinable { subject.sendNext(1) }
        gotOne.wait()
        #expect(Joinable { subject.sendNext(2) }.join())  // queued behind 1; returns at once
        releaseOne.signal()
        gotTwo.wait()
        let third = Joinable {
            subject.sendNext(3)
            thirdSent.signal()
        }
        #expect(third.join() && first.join())
        let waited = waitedForThird.load(ordering: .relaxed)
        #expect(!waited)
        #expect(subject.value == 3)
    }

    // Ownership and guarantee 7: a chain whose last operator drops values still detaches once
    // the object its subscriber is tied to is gone — no slot left behind per closed screen.
    @MainActor @Test func aChainEndingInAnOperatorThatDropsValuesDetachesOnceItsOwnerIsGone() {
        final class Label {
            var text = false
        }
        let credit = Subject(0)
        for _ in 0..<100 {
            do {
                let label = Label()
                credit.map { $0 >= 70 }.removeDuplicates().assign(to: \.text, on: label)
            }
            credit.sendNext(Int.random(in: 0..<60))  // never passes: removeDuplicates drops it
        }
        #expect(credit.subscriberCount == 0)
    }

    @Test func aDeadChainOfSeveralHopsDetachesAtTheSourcesNextSend() {
        final class Owner: Sendable {}
        let credit = Subject(0)
        do {
            let owner = Owner()
            credit.map { $0 + 1 }.map { $0 * 2 }.map { $0 - 3 }.subscribeNext(owner: owner) { _, _ in }
        }
        credit.sendNext(1)
        #expect(credit.subscriberCount == 0)
    }

    // Merge gives later values only, also when it is made inside a delivery of a source.
    @MainActor @Test func mergeMadeInsideADeliveryOfASourceSendsOnlyLaterValues() {
        let source = Subject(0), other = Subject(100)
        let seen = Recorder<Int>()
        var merged: EventSubject<Int>?
        source.subscribeNext { value in
            guard value == 10, merged == nil else { return }
            merged = merge(source, other)
            merged!.subscribeNext { seen.append($0) }
        }
        source.sendNext(10)
        source.sendNext(20)
        other.sendNext(101)
        #expect(seen.values == [20, 101])
    }

    @MainActor @Test func mergeMadeInsideADeliveryOfAReplaySubjectDoesNotReplayItsBuffer() {
        let log = ReplaySubject<Int>(bufferSize: 2)
        let seen = Recorder<Int>()
        var merged: EventSubject<Int>?
        log.subscribeNext { value in
            guard value == 2, merged == nil else { return }
            merged = merge(log, EventSubject<Int>())
            merged!.subscribeNext { seen.append($0) }
        }
        log.sendNext(1).sendNext(2).sendNext(3)
        #expect(seen.values == [3])
    }
}

/// The second outside attack: a dead chain where values stop short of its end.
@MainActor @Suite struct DeadChainTests {
    @MainActor final class Sink {
        var value = 0
    }

    nonisolated static let chains: [(String, @MainActor @Sendable (Subject<Int>, Sink) -> Void)] = [
        ("filter → map → assign", { source, sink in
            source.filter { _ in false }.map { $0 }.assign(to: \.value, on: sink)
        }),
        ("filter → filter → assign", { source, sink in
            source.filter { _ in false }.filter { _ in false }.assign(to: \.value, on: sink)
        }),
        ("map → removeDuplicates → map → assign", { source, sink in
            source.map { _ in 7 }.removeDuplicates().map { $0 }.assign(to: \.value, on: sink)
        }),
        ("take → map → assign", { source, sink in
            source.take(1).map { $0 }.assign(to: \.value, on: sink)
        }),
        ("skip → map → owner", { source, sink in
            source.skip(1_000).map { $0 }.subscribeNext(owner: sink) { $0.value = $1 }
        }),
        ("filter → scan → owner", { source, sink in
            source.filter { $0 < 0 }.scan(0, +).subscribeNext(owner: sink) { $0.value = $1 }
        }),
        ("combineLatest(filter, other) → map → assign", { source, sink in
            combineLatest(source.filter { _ in false }, Subject(0)).map { $0.0 }.assign(to: \.value, on: sink)
        }),
        ("merge(filter, other) → assign", { source, sink in
            merge(source.filter { _ in false }, EventSubject<Int>()).assign(to: \.value, on: sink)
        }),
    ]

    @Test(arguments: 0..<chains.count)
    func aDeadChainDetachesAtTheSourcesNextSendWhereverItsValuesStop(chain: Int) {
        let source = Subject(1)
        do {
            let sink = Sink()
            Self.chains[chain].1(source, sink)
        }
        source.sendNext(2)
        #expect(source.subscriberCount == 0, "\(Self.chains[chain].0)")
    }

    @Test(arguments: 0..<chains.count)
    func aLiveChainStaysConnectedWhereverItsValuesStop(chain: Int) {
        let source = Subject(1)
        let sink = Sink()
        Self.chains[chain].1(source, sink)
        for value in 2...5 { source.sendNext(value) }
        #expect(source.subscriberCount == 1, "\(Self.chains[chain].0)")
        withExtendedLifetime(sink) {}
    }
}

/// The second outside attack on issue 30: guarantee 9 down a chain of filters.
@Suite struct ChainedFilterTests {
    @Test func aValueASecondFilterDropsClearsWhatItReplays() {
        let credit = Subject(80)
        let evenPasses = credit.filter { $0 >= 70 }.filter { $0.isMultiple(of: 2) }
        credit.sendNext(81)  // passes the first filter, dropped by the second
        let replayed = record(evenPasses)
        #expect(replayed.values.isEmpty)  // was [80]: stale
        credit.sendNext(90)
        #expect(replayed.values == [90])
    }

    @Test func aFilterAfterAMapOfAFilterClearsToo() {
        let credit = Subject(80)
        let halves = credit.filter { $0 >= 70 }.map { $0 / 2 }.filter { $0 > 40 }
        credit.sendNext(75)  // 37: dropped by the last filter
        #expect(record(halves).values.isEmpty)
    }

    @Test func aReplaySubjectsOwnFilterStillKeepsItsHistory() {
        let log = ReplaySubject<Int>(bufferSize: 3)
        let evens = log.filter { $0.isMultiple(of: 2) }
        for value in 1...5 { log.sendNext(value) }
        #expect(record(evens).values == [2, 4])
    }
}

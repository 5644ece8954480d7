import Foundation
import SimpleSubject
import Synchronization
import Testing

/// Operators made inside a delivery of one of their sources, found by the outside attack of
/// trust round 3: each starts from the value being delivered, at once, and sends it once.
@MainActor @Suite struct MidDeliveryTests {
    @Test func withLatestFromMadeInsideADeliveryOfTheOtherSourcePairsAtOnce() {
        let source = Subject(1)
        let other = Subject(100)
        var pairs: [String] = []
        var made: ReplaySubject<(Int, Int)>?
        other.subscribeNext { value in
            guard value == 200, made == nil else { return }
            made = source.withLatestFrom(other)
            made!.subscribeNext { pairs.append("\($0.0),\($0.1)") }
        }
        other.sendNext(200)
        #expect(pairs == ["1,200"])   // at once, not when `source` next sends
        other.sendNext(300)           // `other` alone sends nothing
        source.sendNext(2)
        #expect(pairs == ["1,200", "2,300"])
    }

    @Test func anEventWithLatestFromMadeInsideADeliveryOfTheOtherSourceHasItsLatest() {
        let source = EventSubject<Int>()
        let other = Subject(100)
        var pairs: [String] = []
        var made: EventSubject<(Int, Int)>?
        other.subscribeNext { value in
            guard value == 200, made == nil else { return }
            made = source.withLatestFrom(other)
            made!.subscribeNext { pairs.append("\($0.0),\($0.1)") }
            source.sendNext(1)        // queued behind 200: pairs with it
        }
        other.sendNext(200)
        #expect(pairs == ["1,200"])
    }

    // Outside any actor: a `Downstream` sends to a main-actor subscriber through its queue.
    @Test nonisolated func deriveIntoASubjectMadeInsideADeliveryStartsFromTheValueBeingDelivered() {
        let source = Subject(10)
        let seen = Recorder<Int>()
        let made = Shared<Subject<Int>?>(nil)
        source.subscribeNext { value in
            guard value == 20, made.value == nil else { return }
            made.value = source.derive(into: Subject(-1)) { value, downstream in downstream.send(value) }
            made.value!.subscribeNext { seen.append($0) }
        }
        source.sendNext(20)
        source.sendNext(30)
        #expect(seen.values == [20, 30])  // never the -1 it was made with, and 20 once
    }

    @Test func aDeriveBodyMadeInsideADeliveryIsCalledOncePerValue() {
        let source = Subject(10)
        let calls = Shared<[Int]>([])
        var made: Subject<Int>?
        source.subscribeNext { value in
            guard value == 20, made == nil else { return }
            made = source.derive(into: Subject(0)) { value, downstream in
                calls.withLock { $0.append(value) }
                downstream.send(value)
            }
        }
        source.sendNext(20)
        source.sendNext(30)
        #expect(calls.withLock { $0 } == [20, 30])
        #expect(made?.value == 30)
    }

    /// The outside attack's F3: the same with a `ReplaySubject` as `other`, whose join is queued
    /// behind the value being delivered too.
    @Test(arguments: [1, 2])
    func withLatestFromMadeInsideAReplaySubjectsDeliveryStartsFromTheValueDelivered(bufferSize: Int) {
        let subject = Subject(0)
        let other = ReplaySubject<Int>(bufferSize: bufferSize)
        other.sendNext(100)
        let pairs = Recorder<String>()
        other.subscribeNext { value in
            guard value == 200 else { return }
            subject.withLatestFrom(other).subscribeNext { pairs.append("\($0.0),\($0.1)") }
        }
        other.sendNext(200)
        subject.sendNext(1)
        #expect(pairs.values == ["0,200", "1,200"])
    }
}

import Foundation
import SimpleSubject
import Testing

/// `prepend`: a `Subject` again, from every kind, that starts at the given value and then follows.
@Suite struct PrependTests {
    @Test func anEventSubjectPrependedShowsTheValueUntilItsFirstEvent() {
        let events = EventSubject<Int>()
        let current: Subject<Int> = events.prepend(0)
        let seen = record(current)
        #expect(current.value == 0)
        events.sendNext(3)
        #expect(current.value == 3)
        #expect(seen.values == [0, 3])
    }

    @Test func aSubjectPrependedTakesTheSubjectsValueAtOnce() {
        let credit = Subject(5)
        let current = credit.prepend(0)
        #expect(current.value == 5)
        credit.sendNext(8)
        #expect(record(current).values == [8])
    }

    @Test func aReplaySubjectPrependedTakesItsReplayOldestFirst() {
        let recent = ReplaySubject<Int>(bufferSize: 2)
        #expect(recent.prepend(0).value == 0)
        recent.sendNext(1).sendNext(2)
        let current = recent.prepend(0)
        #expect(current.value == 2)
        recent.sendNext(4)
        #expect(current.value == 4)
    }

    @Test func aFilteredFieldPrependedKeepsItsLastValueWhenTheFilterDropsOne() {
        let credit = Subject(20)
        let passed: Subject<Int> = credit.filter { $0 >= 70 }.prepend(0)
        let seen = record(passed)
        credit.sendNext(80)
        credit.sendNext(20)
        #expect(passed.value == 80)
        #expect(seen.values == [0, 80])
    }

    @Test func whatAPrependedSubjectFeedsFollowsIt() {
        let events = EventSubject<Int>()
        let doubled = events.prepend(1).map { $0 * 2 }
        #expect(doubled.value == 2)
        events.sendNext(5)
        #expect(doubled.value == 10)
    }

    @Test func aPrependMadeInsideADeliveryOfItsSourceStartsAtTheValueBeingDelivered() {
        let credit = Subject(0)
        let made = Shared<Subject<Int>?>(nil)
        let atOnce = Shared<Int?>(nil)
        credit.subscribeNext { value in
            if value == 3 {
                let prepended = credit.prepend(-1)
                atOnce.value = prepended.value
                made.value = prepended
            }
        }
        credit.sendNext(3)
        let prepended = made.value!
        #expect(atOnce.value == 3)
        #expect(prepended.value == 3)
        let seen = record(prepended)
        credit.sendNext(4)
        #expect(seen.values == [3, 4])
    }

    /// Another thread is inside a subscriber of the source, delivering 5, when the prepend is
    /// made: it starts from 5, never from the value it was given.
    @Test func aPrependMadeWhileAnotherThreadDeliversItsSourceStartsAtTheSourcesValue() {
        let credit = Subject(0)
        let delivering = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        credit.subscribeNext { value in
            if value == 5 {
                delivering.signal()
                release.wait()
            }
        }
        let sender = Joinable { credit.sendNext(5) }
        delivering.wait()
        let prepended = credit.prepend(-1)
        #expect(prepended.value == 5)
        let seen = record(prepended)
        release.signal()
        #expect(sender.join())
        credit.sendNext(6)
        #expect(seen.values.first == 5)
        #expect(!seen.values.contains(-1))
        #expect(prepended.value == 6)
    }
}

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
}

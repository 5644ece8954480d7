import SimpleSubject
import Synchronization
import Testing

/// Derived values: what each operator sends, and what a new subscriber gets first.
@MainActor @Suite struct OperatorTests {
    @Test func mapFollowsItsSubjectAndStartsAtTheMappedCurrentValue() {
        let credit = Subject(3)
        let text = credit.map { "\($0) points" }
        #expect(text.value == "3 points")
        let seen = record(text)
        credit.sendNext(8)
        #expect(seen.values == ["3 points", "8 points"])
    }

    @Test func mapCallsItsTransformOncePerValue() {
        let credit = Subject(1)
        let calls = Atomic<Int>(0)
        let doubled = credit.map { value -> Int in
            calls.add(1, ordering: .relaxed)
            return value * 2
        }
        credit.sendNext(2)
        #expect(doubled.value == 4)
        #expect(calls.load(ordering: .relaxed) == 2)
    }

    @Test func mapOnAnEventSubjectSendsOnlyLaterValues() {
        let events = EventSubject<Int>()
        let mapped = events.map { $0 + 1 }
        let seen = record(mapped)
        events.sendNext(1)
        #expect(seen.values == [2])
    }

    @Test func filterOnASubjectReplaysTheCurrentValueOnlyWhileItPasses() {
        let credit = Subject(80)
        let passing = credit.filter { $0 >= 70 }
        let first = record(passing)
        #expect(first.values == [80])
        credit.sendNext(20)
        let second = record(passing)
        #expect(second.values.isEmpty)  // never the older 80
        credit.sendNext(90)
        #expect(first.values == [80, 90])
        #expect(second.values == [90])
    }

    @Test func filterOnAnEventSubjectPassesMatchingLaterValues() {
        let events = EventSubject<Int>()
        let seen = record(events.filter { $0.isMultiple(of: 2) })
        for value in 1...6 { events.sendNext(value) }
        #expect(seen.values == [2, 4, 6])
    }

    @Test func removeDuplicatesSendsOnlyChanges() {
        let credit = Subject(0)
        let seen = record(credit.map { $0 >= 70 }.removeDuplicates())
        for value in [10, 70, 75, 80, 20, 30] { credit.sendNext(value) }
        #expect(seen.values == [false, true, false])
    }

    @Test func scanOnASubjectStartsAtNextOfInitialAndTheCurrentValue() {
        let points = Subject(5)
        let total = points.scan(100, +)
        #expect(total.value == 105)
        points.sendNext(5).sendNext(10)
        #expect(total.value == 120)
    }

    @Test func scanOnAnEventSubjectAccumulatesLaterValues() {
        let events = EventSubject<Int>()
        let seen = record(events.scan(0, +))
        events.sendNext(5).sendNext(5).sendNext(5)
        #expect(seen.values == [5, 10, 15])
    }

    @Test func takeOneOfASubjectCallsWithTheCurrentValueOnly() {
        let credit = Subject(7)
        let seen = record(credit.take(1))
        credit.sendNext(8)
        #expect(seen.values == [7])
    }

    @Test func takeCountsTheCurrentValueFromTheMomentItIsMade() {
        let credit = Subject(1)
        let firstTwo = credit.take(2)
        credit.sendNext(2).sendNext(3)
        let seen = record(firstTwo)
        #expect(seen.values.isEmpty)  // the source's latest value, 3, was not taken
    }

    @Test func skipOfASubjectCountsTheCurrentValueAsTheFirst() {
        let credit = Subject(1)
        let rest = credit.skip(1)
        let seen = record(rest)
        #expect(seen.values.isEmpty)
        credit.sendNext(2)
        #expect(seen.values == [2])
        let late = record(rest)
        #expect(late.values == [2])
    }

    @Test(arguments: [(0, [1, 2, 3]), (2, [3]), (5, [])])
    func skipOnAnEventSubjectDropsTheFirstValues(count: Int, expected: [Int]) {
        let events = EventSubject<Int>()
        let seen = record(events.skip(count))
        events.sendNext(1).sendNext(2).sendNext(3)
        #expect(seen.values == expected)
    }

    @Test(arguments: [(0, []), (2, [1, 2]), (5, [1, 2, 3])])
    func takeOnAnEventSubjectKeepsTheFirstValues(count: Int, expected: [Int]) {
        let events = EventSubject<Int>()
        let seen = record(events.take(count))
        events.sendNext(1).sendNext(2).sendNext(3)
        #expect(seen.values == expected)
    }

    @Test func operatorsOnAReplaySubjectKeepItsBufferSize() {
        let log = ReplaySubject<Int>(bufferSize: 2)
        log.sendNext(1).sendNext(2).sendNext(3)
        let doubled = log.map { $0 * 2 }
        let seen = record(doubled)
        #expect(doubled.bufferSize == 2)
        #expect(seen.values == [4, 6])
    }

    @Test func combineLatestOfTwoSubjectsIsASubjectOfTheLatestPair() {
        let name = Subject("ming"), credit = Subject(0)
        let both = combineLatest(name, credit)
        #expect(both.value == ("ming", 0))
        var seen: [String] = []
        both.subscribeNext { seen.append("\($0.0) \($0.1)") }
        credit.sendNext(5)
        name.sendNext("hong")
        #expect(seen == ["ming 0", "ming 5", "hong 5"])
    }

    @Test func combineLatestOfThreeSubjects() {
        let a = Subject(1), b = Subject("b"), c = Subject(true)
        let all = combineLatest(a, b, c)
        c.sendNext(false)
        #expect(all.value == (1, "b", false))
    }

    @Test func combineLatestOfEventSubjectsWaitsForBoth() {
        let a = EventSubject<Int>(), b = EventSubject<Int>()
        var seen: [Int] = []
        combineLatest(a, b).subscribeNext { seen.append($0.0 * 10 + $0.1) }
        a.sendNext(1)
        #expect(seen.isEmpty)
        b.sendNext(2)
        a.sendNext(3)
        #expect(seen == [12, 32])
    }

    @Test func combineLatestHandlesOptionalValues() {
        let a = Subject<Int?>(nil), b = Subject(1)
        let both = combineLatest(a, b)
        b.sendNext(2)
        #expect(both.value.0 == nil)
        #expect(both.value.1 == 2)
    }

    @Test func mergeSendsEveryValueOfEverySourceFromNowOn() {
        let a = EventSubject<Int>(), b = EventSubject<Int>(), c = Subject(0)
        let seen = record(merge(a, b, c))
        a.sendNext(1)
        b.sendNext(2)
        c.sendNext(3)
        #expect(seen.values == [1, 2, 3])
    }

    @Test func syncSendsTheValueAcrossAtOnceThenBothWays() {
        let a = Subject("a"), b = Subject("b")
        let seenByB = record(b)
        let binding = a.sync(with: b)
        #expect(b.value == "a")
        b.sendNext("from b")
        #expect(a.value == "from b")
        a.sendNext("from a")
        #expect(b.value == "from a")
        #expect(seenByB.values == ["b", "a", "from b", "from a"])  // each value once: no echo
        binding.cancel()
        a.sendNext("alone")
        #expect(b.value == "from a")
        #expect(a.subscriberCount == 0)
        #expect(b.subscriberCount == 1)
    }

    @Test func syncTerminatesForValuesThatAreNotEquatable() {
        struct Opaque { let id: Int }
        let a = Subject(Opaque(id: 1)), b = Subject(Opaque(id: 0))
        var sendsToA = 0
        a.subscribeNext { _ in sendsToA += 1 }
        a.sync(with: b)
        b.sendNext(Opaque(id: 2))
        #expect(a.value.id == 2)
        #expect(sendsToA == 2)  // the current value and the one from b, nothing bounced back
    }

    @Test func syncConvertsOnTheWay() {
        let celsius = Subject(100.0), fahrenheit = Subject(0.0)
        celsius.sync(with: fahrenheit, forward: { $0 * 9 / 5 + 32 }, backward: { ($0 - 32) * 5 / 9 })
        #expect(fahrenheit.value == 212)
        fahrenheit.sendNext(32)
        #expect(celsius.value == 0)
    }
}

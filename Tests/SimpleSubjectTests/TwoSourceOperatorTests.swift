import SimpleSubject
import Testing

/// `withLatestFrom` and `zip`: what they send, in order, and that they detach once unobserved.
@MainActor @Suite struct TwoSourceOperatorTests {
    @Test func withLatestFromPairsEachValueWithTheOthersLatest() {
        let taps = EventSubject<Int>()
        let name = Subject("ming")
        var seen: [String] = []
        taps.withLatestFrom(name).subscribeNext { seen.append("\($0.0) \($0.1)") }
        taps.sendNext(1)
        name.sendNext("hong")  // alone: sends nothing
        taps.sendNext(2)
        #expect(seen == ["1 ming", "2 hong"])
    }

    @Test func withLatestFromOnASubjectGivesThePairForTheCurrentValueFirst() {
        let credit = Subject(5)
        let label = Subject("points")
        var seen: [String] = []
        credit.withLatestFrom(label).subscribeNext { seen.append("\($0.0) \($0.1)") }
        credit.sendNext(10)
        #expect(seen == ["5 points", "10 points"])
    }

    @Test func withLatestFromPassesNothingWhileTheOtherHasNoValue() {
        let taps = EventSubject<Int>()
        let names = EventSubject<String>()
        var seen: [String] = []
        taps.withLatestFrom(names).subscribeNext { seen.append("\($0.0) \($0.1)") }
        taps.sendNext(1)
        names.sendNext("ming")
        taps.sendNext(2)
        #expect(seen == ["2 ming"])
    }

    @Test func zipPairsValuesInOrderAndLetsTheFasterSideWait() {
        let requests = EventSubject<Int>()
        let responses = Subject("none")  // its current value is not paired
        var seen: [String] = []
        zip(requests, responses).subscribeNext { seen.append("\($0.0)=\($0.1)") }
        requests.sendNext(1).sendNext(2).sendNext(3)
        responses.sendNext("a")
        responses.sendNext("b")
        #expect(seen == ["1=a", "2=b"])
        responses.sendNext("c").sendNext("d")
        requests.sendNext(4)
        #expect(seen == ["1=a", "2=b", "3=c", "4=d"])
    }

    @Test func zipOfThreeMakesTriples() {
        let a = EventSubject<Int>(), b = EventSubject<Int>(), c = EventSubject<Int>()
        var seen: [Int] = []
        zip(a, b, c).subscribeNext { seen.append($0.0 * 100 + $0.1 * 10 + $0.2) }
        a.sendNext(1)
        b.sendNext(2)
        c.sendNext(3)
        a.sendNext(4)
        #expect(seen == [123])
    }

    @Test func twoSourceOperatorsDetachOnceUnobserved() {
        let taps = EventSubject<Int>(), name = Subject("ming")
        do {
            let subscription = taps.withLatestFrom(name).subscribeNext { _ in }
            let zipped = zip(taps, name).subscribeNext { _ in }
            subscription.cancel()
            zipped.cancel()
        }
        taps.sendNext(1)
        name.sendNext("hong")
        #expect(taps.subscriberCount == 0)
        #expect(name.subscriberCount == 0)
    }
}

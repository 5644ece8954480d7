import SimpleSubject
import Testing

@MainActor @Suite struct SubjectKindTests {
    @Test func aSubjectDeliversItsCurrentValueAtOnceThenEveryLaterOne() {
        let credit = Subject(0)
        let seen = record(credit)
        credit.sendNext(5).sendNext(10)
        #expect(seen.values == [0, 5, 10])
        #expect(credit.value == 10)
    }

    @Test func theSeedsTwoSubscribersBothSeeEveryValueInSubscriptionOrder() {
        let credit = Subject(0)
        var log: [String] = []
        credit.subscribeNext { log.append("color \($0)") }
        credit.subscribeNext { log.append("label \($0)") }
        credit.sendNext(70)
        #expect(log == ["color 0", "label 0", "color 70", "label 70"])
    }

    @Test func settingValueIsTheSameAsSendNext() {
        let credit = Subject(1)
        let seen = record(credit)
        credit.value = 2
        #expect(seen.values == [1, 2])
    }

    @Test func anEventSubjectDeliversOnlyWhatIsSentAfterSubscribing() {
        let events = EventSubject<Int>()
        events.sendNext(1)
        let seen = record(events)
        events.sendNext(2).sendNext(3)
        #expect(seen.values == [2, 3])
    }

    @Test(arguments: [
        (bufferSize: 0, expected: [Int]()),
        (bufferSize: 1, expected: [3]),
        (bufferSize: 2, expected: [2, 3]),
        (bufferSize: 5, expected: [1, 2, 3]),
    ])
    func aReplaySubjectReplaysItsLastValuesOldestFirst(bufferSize: Int, expected: [Int]) {
        let replay = ReplaySubject<Int>(bufferSize: bufferSize)
        replay.sendNext(1).sendNext(2).sendNext(3)
        let seen = record(replay)
        #expect(seen.values == expected)
        replay.sendNext(4)
        #expect(seen.values == expected + [4])
    }

    @Test func aNegativeBufferSizeStopsTheProgramWithAMessage() async {
        await #expect(processExitsWith: .failure) {
            _ = ReplaySubject<Int>(bufferSize: -1)
        }
    }

    @Test func subscriberCountCountsLiveSubscriptionsOnly() {
        let credit = Subject(0)
        let first = credit.subscribeNext { _ in }
        credit.subscribeNext { _ in }
        #expect(credit.subscriberCount == 2)
        first.cancel()
        #expect(credit.subscriberCount == 1)
        #expect(first.isCancelled)
    }

    @Test func cancellingTwiceIsHarmless() {
        let credit = Subject(0)
        var calls = 0
        let subscription = credit.subscribeNext { _ in calls += 1 }
        subscription.cancel()
        subscription.cancel()
        credit.sendNext(1)
        #expect(calls == 1)
        #expect(credit.subscriberCount == 0)
    }

    @Test func aBagCancelsEverythingItHoldsOnCancelAll() {
        let credit = Subject(0)
        let bag = SubscriptionBag()
        var calls = 0
        credit.subscribeNext { _ in calls += 1 }.store(in: bag)
        credit.subscribeNext { _ in calls += 1 }.store(in: bag)
        #expect(bag.count == 2)
        bag.cancelAll()
        credit.sendNext(1)
        #expect(calls == 2)
        #expect(credit.subscriberCount == 0)
        #expect(bag.count == 0)
    }

    @Test func aBagCancelsEverythingItHoldsWhenReleased() {
        let credit = Subject(0)
        var bag: SubscriptionBag? = SubscriptionBag()
        credit.subscribeNext { _ in }.store(in: bag!)
        bag = nil
        #expect(credit.subscriberCount == 0)
    }

    @Test func manySubscriptionsCancelledInAnyOrderLeaveTheOthersInOrder() {
        let subject = EventSubject<Int>()
        var seen: [Int] = []
        let subscriptions = (0..<1_000).map { index in subject.subscribeNext { _ in seen.append(index) } }
        var random = SystemRandomNumberGenerator()
        let cancelled = Set((0..<1_000).shuffled(using: &random).prefix(900))
        for index in cancelled { subscriptions[index].cancel() }
        subject.sendNext(0)
        #expect(seen == (0..<1_000).filter { !cancelled.contains($0) })
        #expect(subject.subscriberCount == 100)
    }
}

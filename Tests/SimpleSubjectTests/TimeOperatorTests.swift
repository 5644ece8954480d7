import Foundation
import SimpleSubject
import Synchronization
import Testing

/// `debounce` and `throttle` against a clock the test moves by hand: the marbles of their docs
/// as rows, then what happens to their task when nobody observes.
@Suite struct TimeOperatorTests {
    /// Sends each value at its second, moving `clock` there first.
    private func send(_ values: [Int], to source: EventSubject<Int>, _ clock: ManualClock) {
        for second in values {
            clock.advance(to: .seconds(second))
            source.sendNext(second)
        }
    }

    @Test func debounceMeasuresTheQuietPeriodFromTheLastValue() async {
        let clock = ManualClock()
        let source = EventSubject<Int>()
        var sent = timeline(source.debounce(for: .seconds(5), clock: clock), clock).makeAsyncIterator()
        send([0], to: source, clock)
        await clock.sleeping(until: .seconds(5))   // one sleep for the burst
        send([1, 2, 3], to: source, clock)
        clock.advance(to: .seconds(5))
        await clock.sleeping(until: .seconds(8))   // nothing at 5 s: the last value moved it to 8
        clock.advance(to: .seconds(8))
        #expect(await sent.next() == Sent(3, at: 8))
        send([9], to: source, clock)
        await clock.sleeping(until: .seconds(14))
        clock.advance(to: .seconds(14))
        #expect(await sent.next() == Sent(9, at: 14))
    }

    @Test(arguments: [(true, [Sent(0, at: 0), Sent(3, at: 5), Sent(8, at: 10)]),
                      (false, [Sent(0, at: 0), Sent(1, at: 5), Sent(7, at: 10)])])
    func throttleSendsTheFirstAtOnceThenOnePerInterval(latest: Bool, expected: [Sent<Int>]) async {
        let clock = ManualClock()
        let source = EventSubject<Int>()
        var sent = timeline(source.throttle(for: .seconds(5), clock: clock, latest: latest), clock).makeAsyncIterator()
        send([0], to: source, clock)
        #expect(await sent.next() == expected[0])  // at once, before any task ran
        await clock.sleeping(until: .seconds(5))
        send([1, 2, 3], to: source, clock)
        clock.advance(to: .seconds(5))
        #expect(await sent.next() == expected[1])
        await clock.sleeping(until: .seconds(10))  // from the scheduled end, not from when it sent
        send([7, 8], to: source, clock)
        clock.advance(to: .seconds(10))
        #expect(await sent.next() == expected[2])
        await clock.sleeping(until: .seconds(15))
        clock.advance(to: .seconds(15))            // nothing came in 10..15: the spell ends
    }

    /// A value that arrives after a deadline has passed but before the task has woken (a busy
    /// machine) belongs to what comes after the deadline: what was owed before it goes first.
    @Test(.timeLimit(.minutes(1))) func debounceSendsABurstsLastValueWhenTheTaskWakesLateAndANewValueCameFirst() async {
        let clock = ManualClock()
        let source = EventSubject<Int>()
        var sent = timeline(source.debounce(for: .seconds(5), clock: clock), clock).makeAsyncIterator()
        send([0], to: source, clock)
        await clock.sleeping(until: .seconds(5))
        clock.move(to: .seconds(6))                 // 0 had its 5 quiet seconds; the task has not woken
        source.sendNext(6)
        #expect(await sent.next() == Sent(0, at: 6))  // owed since 5 s, sent when 6 arrived
        clock.advance(to: .seconds(6))              // the late task wakes, and sleeps on for 6's burst
        await clock.sleeping(until: .seconds(11))
        clock.advance(to: .seconds(11))
        #expect(await sent.next() == Sent(6, at: 11))
    }

    @Test(.timeLimit(.minutes(1)), arguments: [(true, [Sent(0, at: 0), Sent(1, at: 6), Sent(6, at: 10)]),
                      (false, [Sent(0, at: 0), Sent(1, at: 6), Sent(6, at: 10)])])
    func throttleKeepsItsIntervalsWhenTheTaskWakesLate(latest: Bool, expected: [Sent<Int>]) async {
        let clock = ManualClock()
        let source = EventSubject<Int>()
        var sent = timeline(source.throttle(for: .seconds(5), clock: clock, latest: latest), clock).makeAsyncIterator()
        send([0], to: source, clock)
        #expect(await sent.next() == expected[0])
        await clock.sleeping(until: .seconds(5))
        send([1], to: source, clock)
        clock.move(to: .seconds(6))                 // interval 0..5 is over; its task has not woken
        source.sendNext(6)                          // the first of interval 5..10
        #expect(await sent.next() == expected[1])   // 1, owed since 5 s, sent when 6 arrived
        clock.advance(to: .seconds(6))
        await clock.sleeping(until: .seconds(10))
        clock.advance(to: .seconds(10))
        #expect(await sent.next() == expected[2])
    }

    @Test(.timeLimit(.minutes(1))) func throttleStartsANewSpellWhenAnEmptyIntervalPassedBeforeTheTaskWoke() async {
        let clock = ManualClock()
        let source = EventSubject<Int>()
        var sent = timeline(source.throttle(for: .seconds(5), clock: clock, latest: true), clock).makeAsyncIterator()
        send([0], to: source, clock)
        #expect(await sent.next() == Sent(0, at: 0))
        await clock.sleeping(until: .seconds(5))
        clock.move(to: .seconds(7))                 // 0..5 had nothing in it: the spell is over
        source.sendNext(7)
        #expect(await sent.next() == Sent(7, at: 7))  // a new spell: sent at once
        clock.advance(to: .seconds(7))
        await clock.sleeping(until: .seconds(12))
        source.sendNext(8)
        clock.advance(to: .seconds(12))
        #expect(await sent.next() == Sent(8, at: 12))
    }

    @Test func aSubjectsCurrentValueCountsAsAFirstValue() async {
        let clock = ManualClock()
        let source = Subject(7)
        var debounced = timeline(source.debounce(for: .seconds(5), clock: clock), clock).makeAsyncIterator()
        let throttled = record(source.throttle(for: .seconds(5), clock: clock, latest: true))
        #expect(throttled.values == [7])           // sent at once, and replayed to a new subscriber
        await clock.sleeping(until: .seconds(5))
        clock.advance(to: .seconds(5))
        #expect(await debounced.next() == Sent(7, at: 5))
        #expect(record(source.debounce(for: .seconds(5), clock: clock)).values == [])  // nothing settled yet
    }

    @MainActor @Test func aMainActorSubscriberGetsWhatTheTaskSendsOnTheMainActor() async {
        let clock = ManualClock()
        let source = EventSubject<Int>()
        let log = IsolationTests.MainActorLog(expecting: 3)
        source.debounce(for: .seconds(1), clock: clock).subscribeNext { log.receive($0) }  // checks the actor
        source.throttle(for: .seconds(1), clock: clock, latest: true).subscribeNext { log.receive($0 * 10) }
        await Task.detached {
            source.sendNext(1)   // throttle: at once, from a thread off the main actor
            source.sendNext(2)   // debounce: the last value; throttle: the latest of the interval
        }.value
        await clock.sleeping(until: .seconds(1))
        clock.advance(to: .seconds(1))
        await log.waitForAll()
        #expect(log.values.sorted() == [2, 10, 20])  // throttle: 1 at once, 2 at the end of its interval
    }

    @Test(arguments: [true, false])
    func nobodyObservingEndsTheSleepingTaskAndFreesTheOperator(releaseSource: Bool) async {
        let clock = ManualClock()
        var source: EventSubject<Int>? = EventSubject<Int>()
        weak var debounced: EventSubject<Int>?
        weak var throttled: EventSubject<Int>?
        var subscriptions: [Subscription] = []
        do {
            let d = source!.debounce(for: .seconds(60), clock: clock)
            let t = source!.throttle(for: .seconds(60), clock: clock, latest: true)
            subscriptions = [d.subscribeNext { _ in }, t.subscribeNext { _ in }]
            (debounced, throttled) = (d, t)
        }
        source!.sendNext(1)
        await clock.sleeping(until: .seconds(60))
        #expect(clock.sleeperCount == 2)
        if releaseSource {
            source = nil                        // the source goes: so do the operators and their tasks
        } else {
            subscriptions.forEach { $0.cancel() }
            source!.sendNext(2)                  // the next value finds nobody observing
        }
        #expect(clock.sleeperCount == 0)       // both tasks were cancelled, at once
        #expect(await eventually { debounced == nil && throttled == nil })  // and let go when they ended
        withExtendedLifetime(source) {}
    }

    @Test func debounceAndThrottleFedFromFourThreads() async {
        let clock = ManualClock()
        let source = EventSubject<Int>()
        let delivered = record(source)  // the order the source put the four threads' values in
        var debounced = timeline(source.debounce(for: .seconds(1), clock: clock), clock).makeAsyncIterator()
        var throttled = timeline(source.throttle(for: .seconds(1), clock: clock, latest: true), clock).makeAsyncIterator()
        onThreads(4) { thread in
            for value in 0..<500 {
                source.sendNext(thread * 1_000 + value)
            }
        }
        await clock.sleeping(until: .seconds(1), count: 2)  // one burst, one spell: one task each
        clock.advance(to: .seconds(1))
        let (first, last) = (delivered.values.first!, delivered.values.last!)
        #expect(await debounced.next() == Sent(last, at: 1))
        #expect(await throttled.next() == Sent(first, at: 0))
        #expect(await throttled.next() == Sent(last, at: 1))
    }
}

import SimpleSubject
import SimpleSubjectTesting
import Testing

/// The time operators' marbles under `TestClock`: every value asserted right after the advance
/// that sends it, with no awaiting — `debounce` and `throttle` as synchronous as `map`.
@Suite struct TestClockTimeOperatorTests {
    /// A marble: values sent at whole seconds, and what the operator sends, each at its second.
    struct Marble: Sendable, CustomTestStringConvertible {
        let name: String
        let sent: [Int]
        let expected: [(value: Int, second: Int)]

        var testDescription: String { name }
    }

    /// Steps the clock one second at a time from 0 to `end`: sends the values of each second, then
    /// checks that exactly what is due by then has come — right after the advance.
    private func play(_ marble: Marble, through operate: (EventSubject<Int>, TestClock) -> EventSubject<Int>,
                      until end: Int = 20) {
        let clock = TestClock()
        let source = EventSubject<Int>()
        let output = Recorder(operate(source, clock), clock)
        for second in 0...end {
            clock.advance(to: .init(offset: .seconds(second)))
            for value in marble.sent where value == second {
                source.sendNext(value)
            }
            let due = marble.expected.filter { $0.second <= second }
            #expect(output.sent.map(\.value) == due.map(\.value), "at \(second) s")
            #expect(output.sent.map(\.second) == due.map(\.second), "at \(second) s")
        }
        #expect(clock.sleeperCount == 0)  // the burst or spell is over: nothing left scheduled
    }

    @Test(arguments: [
        Marble(name: "the quiet period counts from the last value", sent: [0, 1, 2, 3, 9],
               expected: [(3, 8), (9, 14)]),
        Marble(name: "one value", sent: [4], expected: [(4, 9)]),
    ])
    func debounceSendsTheLastValueOfEachBurst(marble: Marble) {
        play(marble) { source, clock in source.debounce(for: .seconds(5), clock: clock) }
    }

    @Test(arguments: [
        (true, Marble(name: "latest", sent: [0, 1, 2, 3, 7, 8], expected: [(0, 0), (3, 5), (8, 10)])),
        (false, Marble(name: "first", sent: [0, 1, 2, 3, 7, 8], expected: [(0, 0), (1, 5), (7, 10)])),
    ])
    func throttleSendsTheFirstAtOnceThenOnePerInterval(latest: Bool, marble: Marble) {
        play(marble) { source, clock in source.throttle(for: .seconds(5), clock: clock, latest: latest) }
    }

    @Test func aChainOfTimeOperatorsRunsInOneAdvance() {
        let clock = TestClock()
        let source = EventSubject<Int>()
        let output = Recorder(source.debounce(for: .seconds(1), clock: clock).debounce(for: .seconds(1), clock: clock), clock)
        source.sendNext(1)
        clock.advance(by: .seconds(5))  // the first sends at 1 s, which schedules the second at 2 s
        #expect(output.sent.map(\.value) == [1])
        #expect(output.sent.map(\.second) == [2])
    }

    @Test func aSubjectsCurrentValueStartsABurst() {
        let clock = TestClock()
        let source = Subject(7)
        let debounced = Recorder(source.debounce(for: .seconds(5), clock: clock), clock)
        let throttled = Recorder(source.throttle(for: .seconds(5), clock: clock, latest: true), clock)
        #expect(throttled.sent.map(\.value) == [7])
        clock.advance(by: .seconds(5))
        #expect(debounced.sent.map(\.value) == [7])
    }

    @MainActor @Test func aMainActorSubscriberGetsTheValuesBeforeAdvanceReturns() {
        let clock = TestClock()
        let source = EventSubject<Int>()
        var received: [Int] = []
        source.debounce(for: .seconds(1), clock: clock).subscribeNext { value in
            MainActor.assertIsolated()
            received.append(value)
        }
        source.throttle(for: .seconds(1), clock: clock, latest: true).subscribeNext { value in
            MainActor.assertIsolated()
            received.append(value * 10)
        }
        source.sendNext(1).sendNext(2)
        #expect(received == [10])  // throttle's first, at once
        clock.advance(by: .seconds(1))
        #expect(received == [10, 2, 20])  // debounce's last and throttle's latest, scheduled first served first
    }

    @Test(arguments: [true, false])
    func nobodyObservingCancelsTheScheduleAndFreesTheOperator(releaseSource: Bool) {
        let clock = TestClock()
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
        #expect(clock.sleeperCount == 2)
        if releaseSource {
            source = nil
        } else {
            subscriptions.forEach { $0.cancel() }
            source!.sendNext(2)  // finds nobody observing
        }
        #expect(clock.sleeperCount == 0)  // cancelled at once, with no advance
        #expect(debounced == nil)
        #expect(throttled == nil)
        withExtendedLifetime(source) {}
    }
}

/// What a subject sends, each value with the second the clock shows then.
final class Recorder: Sendable {
    typealias Sent = (value: Int, second: Int)

    private let log = Locked<[Sent]>([])

    init(_ subject: SubjectBase<Int>, _ clock: TestClock) {
        subject.subscribeNext { [self] value in
            let second = Int(clock.now.offset.components.seconds)
            log.withLock { $0.append((value, second)) }
        }
    }

    var sent: [(value: Int, second: Int)] {
        log.withLock { $0 }
    }
}

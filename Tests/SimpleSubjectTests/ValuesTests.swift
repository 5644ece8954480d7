@testable import SimpleSubject
import Foundation
import Testing

/// `values`: each iteration owns its subscription, and its buffer follows a stated policy.
@Suite struct ValuesTests {
    @Test func anIterationStartsWithTheCurrentValueAndDropsNothing() async {
        let credit = Subject(0)
        var iterator = credit.values.makeAsyncIterator()  // subscribes: the iteration starts here
        for value in 1...1_000 { credit.sendNext(value) }  // far ahead of the consumer
        var received: [Int] = []
        while received.count < 1_001, let value = await iterator.next() {
            received.append(value)
        }
        #expect(received == Array(0...1_000))
    }

    @Test func anIterationEndsWhenTheSubjectIsReleasedAfterWhatWaitsForIt() async {
        var events: EventSubject<Int>? = EventSubject<Int>()
        var iterator = events!.values.makeAsyncIterator()
        events!.sendNext(1)
        events = nil
        #expect(await iterator.next() == 1)
        #expect(await iterator.next() == nil)
    }

    @Test func anIterationThatStartsOnceTheSubjectIsGoneEndsAtOnce() async {
        var credit: Subject<Int>? = Subject(5)
        let sequence = credit!.values
        credit = nil
        var received: [Int] = []
        for await value in sequence { received.append(value) }
        #expect(received.isEmpty)
    }

    @Test func aConsumerThatStopsIteratingEndsItsSubscription() async {
        let credit = Subject(0)
        for await _ in credit.values { break }
        credit.sendNext(1)
        #expect(credit.subscriberCount == 0)
    }

    // Issue 30, item 2: with the stream stored first, the subscription outlived the loop.
    @Test func aLoopOverAStoredSequenceEndsItsSubscriptionWhenItStops() async {
        let bus = Subject(0)
        let stream = bus.values
        let loop = Task { for await _ in stream { break } }
        await loop.value
        #expect(bus.subscriberCount == 0)
        for value in 1...1_000 { bus.sendNext(value) }  // nothing to keep them for
        withExtendedLifetime(stream) {}
    }

    @Test func cancellingTheConsumersTaskEndsItsIteration() async {
        let bus = EventSubject<Int>()
        let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
        let consumer = Task {
            var iterator = bus.values.makeAsyncIterator()
            startedContinuation.yield()
            return await iterator.next()  // waits: nothing is sent
        }
        for await _ in started { break }
        #expect(bus.subscriberCount == 1)
        consumer.cancel()
        #expect(await consumer.value == nil)
        #expect(bus.subscriberCount == 0)
    }

    @Test func aCancelledTaskGetsNothingMoreEvenWithValuesWaiting() async {
        let credit = Subject(0)
        let consumer = Task {
            var iterator = credit.values.makeAsyncIterator()  // the current value waits for it
            withUnsafeCurrentTask { $0?.cancel() }
            return await iterator.next()
        }
        #expect(await consumer.value == nil)
        #expect(credit.subscriberCount == 0)
    }

    @Test func twoLoopsOverOneSequenceAreTwoSubscriptionsWithEveryValue() async {
        let credit = Subject(0)
        let sequence = credit.values
        var first = sequence.makeAsyncIterator()
        var second = sequence.makeAsyncIterator()
        #expect(credit.subscriberCount == 2)
        credit.sendNext(1)
        #expect(await first.next() == 0)
        #expect(await first.next() == 1)
        #expect(await second.next() == 0)
        #expect(await second.next() == 1)
    }

    @Test(arguments: [
        (ValuesBufferingPolicy.bufferingNewest(3), [8, 9, 10, 11]),
        (.bufferingOldest(3), [0, 1, 2, 11]),
        (.dropsNothing, [0, 1, 2, 3]),
    ])
    func aPolicyKeepsWhatItSays(policy: ValuesBufferingPolicy, expected: [Int]) async {
        let credit = Subject(0)
        var iterator = credit.values(bufferingPolicy: policy).makeAsyncIterator()
        for value in 1...10 { credit.sendNext(value) }
        var received: [Int] = []
        for _ in 0..<3 { received.append(await iterator.next()!) }
        credit.sendNext(11)
        received.append(await iterator.next()!)
        #expect(received == expected)
    }

    @Test func anIterationNamesWhereItWasMadeInDebugDescription() {
        let credit = Subject(0)
        let line = #line + 1
        let iterator = credit.values(bufferingPolicy: .bufferingNewest(1)).makeAsyncIterator()
        #expect(credit.debugDescription.contains("SimpleSubjectTests/ValuesTests.swift:\(line)"))
        withExtendedLifetime(iterator) {}
    }
}

/// A loop that sends into the subject it reads, past the bound (outside attack, issue 30, F3):
/// the delivering thread is the loop's own, which could not make room while it waited, so it
/// never waits — on the main actor, on another actor, in a task of no actor. Before: the
/// 1,025th send waited 100 ms in vain (the consumer's actor was known only once it had waited).
@Suite struct ValuesSelfSendTests {
    /// Reads `bus`; at the first value, sends 3,000 more into it; returns how often a sender waited.
    private static func loopSendingIntoItsOwnSubject(isolation: isolated (any Actor)? = #isolation) async -> Int {
        let bus = EventSubject<Int>()
        var iterator = bus.values.makeAsyncIterator()
        bus.sendNext(0)  // taken at once: the loop never waits for a value before it sends
        var received = 0
        while received < 3_001, let value = await iterator.next() {
            received += 1
            if value == 0 {
                for next in 1...3_000 { bus.sendNext(next) }
            }
        }
        #expect(received == 3_001)
        return iterator.iteration.buffer.waitsForRoom.load(ordering: .relaxed)
    }

    @Test @MainActor func onTheMainActor() async {
        #expect(await Self.loopSendingIntoItsOwnSubject() == 0)
    }

    @Test func inATaskOfNoActor() async {
        let waits = await Task.detached { await Self.loopSendingIntoItsOwnSubject() }.value
        #expect(waits == 0)
    }
}

/// Guarantee 8 for the async bridge: a flood into a slow consumer keeps at most 1,024 values
/// waiting (while the consumer makes room within 100 ms: checked only with
/// SIMPLESUBJECT_FLOOD_TIMING, in a process of its own), and drops none.
@Suite struct ValuesBackpressureTests {
    @Test func aFloodIntoASlowConsumerIsBoundedAndLosesNothing() async {
        let bus = EventSubject<Int>()
        var iterator = bus.values.makeAsyncIterator()
        let count = 20_000
        let producer = Joinable {
            for value in 0..<count { bus.sendNext(value) }
        }
        var received = 0
        var inOrder = true
        var largestBacklog = 0
        while received < count, let value = await iterator.next() {
            inOrder = inOrder && value == received
            received += 1
            largestBacklog = max(largestBacklog, iterator.iteration.buffer.waitingCount)
            for _ in 0..<4 {
                await Task.yield()  // a consumer much slower than its producer
            }
        }
        #expect(producer.join())
        #expect(received == count)
        #expect(inOrder)
        if FloodTests.checksTiming {
            #expect(largestBacklog <= valuesLimit, "the backlog grew to \(largestBacklog) values")
        }
    }
}

@testable import SimpleSubject
import Testing

/// The delivery turns' transitions, on one thread, without a lock (Engine/Turns.swift).
@Suite struct TurnsTests {
    typealias Turns = SubjectBase<Int>.Turns

    static func value(_ value: Int) -> SubjectBase<Int>.Work {
        .value(value, tag: nil)
    }

    static func values(_ work: [SubjectBase<Int>.Work]) -> [Int] {
        work.map { item in
            guard case .value(let value, _) = item else { return -1 }
            return value
        }
    }

    static func work(_ next: Turns.Next) -> (firstCalls: Int, values: [Int], waitersRemain: Bool)? {
        guard case .work(let firstCalls, let batch, let waitersRemain) = next else { return nil }
        return (firstCalls.count, values(batch), waitersRemain)
    }

    @Test func lateValuesQueueInOrderAndTheDelivererTakesThemAsOneBatch() {
        var turns = Turns()
        turns.begin(by: 1)
        #expect(turns.deliverer == 1)
        let result1 = turns.arrive(Self.value(10), from: 2)
        #expect(result1 == .queued)
        let result2 = turns.arrive(Self.value(11), from: 3)
        #expect(result2 == .queued)
        #expect(turns.hasQueuedWork)
        let next = Self.work(turns.next(hasDelivered: true))
        #expect(next?.values == [10, 11])
        #expect(next?.waitersRemain == false)
        #expect(!turns.hasQueuedWork)
        #expect(turns.isEmpty)
    }

    @Test func aFullQueueMakesALateSenderWaitButNotTheDeliverer() {
        var turns = Turns()
        turns.begin(by: 1)
        for value in 0..<queueLimit {
            let result3 = turns.arrive(Self.value(value), from: 2)
            #expect(result3 == .queued)
        }
        let result4 = turns.arrive(Self.value(-1), from: 2)
        #expect(result4 == .full(deliverer: 1))
        let result5 = turns.arrive(Self.value(-2), from: 1)
        #expect(result5 == .queued)  // a re-entrant send never waits
    }

    @Test func aTurnThatHasDoneALimitsWorthOfOthersMakesLateSendersWait() {
        var turns = Turns()
        turns.begin(by: 1)
        for value in 0..<queueLimit {
            _ = turns.arrive(Self.value(value), from: 2)
        }
        #expect(Self.work(turns.next(hasDelivered: true))?.values.count == queueLimit)
        let result6 = turns.arrive(Self.value(0), from: 2)
        #expect(result6 == .full(deliverer: 1))
    }

    @Test func theDelivererHandsTheTurnToTheLongestWaitingSenderOnceItHasDelivered() {
        var turns = Turns()
        turns.begin(by: 1)
        let first = turns.wait(2)
        let second = turns.wait(3)
        #expect(second.ticket == first.ticket + 1)
        // A sender just handed its turn delivers a batch before it may hand off in turn.
        #expect(Self.work(turns.next(hasDelivered: false))?.waitersRemain == true)
        guard case .handOff(_, let ticket) = turns.next(hasDelivered: true) else {
            Issue.record("no hand-off")
            return
        }
        #expect(ticket == first.ticket)
        #expect(turns.deliverer == 2)
        let result7 = turns.arrive(Self.value(5), from: 4)
        #expect(result7 == .queued)  // a new turn has room again
    }

    @Test func aWaiterThatTimesOutQueuesOverTheLimitAndStallsTheTurn() {
        var turns = Turns()
        turns.begin(by: 1)
        for value in 0..<queueLimit {
            _ = turns.arrive(Self.value(value), from: 2)
        }
        _ = turns.wait(2)
        let result8 = turns.withdraw(2, queueing: Self.value(-1))
        #expect(!result8)
        let result9 = turns.arrive(Self.value(-2), from: 3)
        #expect(result9 == .queued)  // stalled: nobody waits again
        let next = Self.work(turns.next(hasDelivered: true))
        #expect(next?.values.suffix(2) == [-1, -2])
        #expect(next?.waitersRemain == false)
    }

    @Test func aWaiterHandedItsTurnAsItTimesOutDeliversAfterAll() {
        var turns = Turns()
        turns.begin(by: 1)
        _ = turns.wait(2)
        _ = turns.next(hasDelivered: true)  // hands off to 2
        let result10 = turns.withdraw(2, queueing: Self.value(7))
        #expect(result10)
        #expect(turns.deliverer == 2)
    }

    @Test func firstCallsComeOutBeforeTheNextWorkAndOnlyOnce() {
        var turns = Turns()
        turns.begin(by: 1)
        turns.addFirstCall { _ in }
        let result11 = turns.takeFirstCalls()
        #expect(result11.count == 1)
        let result12 = turns.takeFirstCalls()
        #expect(result12.isEmpty)
        turns.addFirstCall { _ in }
        #expect(Self.work(turns.next(hasDelivered: true))?.firstCalls == 1)
    }

    @Test func aStalledTurnMakesLateSendersWaitAgainOnceTheDelivererGoesOn() {
        var turns = Turns()
        turns.begin(by: 1)
        for value in 0..<queueLimit {
            _ = turns.arrive(Self.value(value), from: 2)
        }
        _ = turns.wait(2)
        _ = turns.withdraw(2, queueing: Self.value(-1))
        _ = turns.takeFirstCalls()  // the deliverer goes on to its next value
        let arrival = turns.arrive(Self.value(-2), from: 2)
        #expect(arrival == .full(deliverer: 1))
    }
}

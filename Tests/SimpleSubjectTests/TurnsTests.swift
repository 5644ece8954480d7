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

    static func work(_ next: Turns.Next) -> (values: [Int], moreWaits: Bool)? {
        guard case .work(let batch, let moreWaits) = next else { return nil }
        return (values(batch), moreWaits)
    }

    static func filled(by deliverer: ThreadID) -> Turns {
        var turns = Turns()
        for value in 0..<queueLimit {
            _ = turns.arrive(Self.value(value), from: 2, deliverer: deliverer, serial: 0)
        }
        return turns
    }

    @Test func lateValuesQueueInOrderAndTheDelivererTakesThemAsOneBatch() {
        var turns = Turns()
        let first = turns.arrive(Self.value(10), from: 2, deliverer: 1, serial: 0)
        let second = turns.arrive(Self.value(11), from: 3, deliverer: 1, serial: 0)
        #expect(first == .queued)
        #expect(second == .queued)
        #expect(turns.hasQueuedWork)
        let next = Self.work(turns.next(hasDelivered: true, deliverer: 1, serial: 0))
        #expect(next?.values == [10, 11])
        #expect(next?.moreWaits == false)
        #expect(turns.isEmpty)
    }

    @Test func aFullQueueMakesALateSenderWaitButNotTheDeliverer() {
        var turns = Self.filled(by: 1)
        let overTheLimit = turns.arrive(Self.value(-1), from: 2, deliverer: 1, serial: 0)
        let reentrant = turns.arrive(Self.value(-2), from: 1, deliverer: 1, serial: 0)
        #expect(overTheLimit == .full)
        #expect(reentrant == .queued)  // a re-entrant send never waits
    }

    @Test func aValueThatKeepsItsSendWaitsWithRoomInTheQueueButNotTheDeliverersOwn() {
        var turns = Turns()
        let fromAnother = turns.arrive(Self.value(1), from: 2, deliverer: 1, serial: 0, keepsItsSend: true)
        let reentrant = turns.arrive(Self.value(2), from: 1, deliverer: 1, serial: 0, keepsItsSend: true)
        let plain = turns.arrive(Self.value(3), from: 3, deliverer: 1, serial: 0)
        #expect(fromAnother == .full)
        #expect(reentrant == .queued)
        #expect(plain == .queued)
        #expect(Self.work(turns.next(hasDelivered: false, deliverer: 1, serial: 0))?.values == [2, 3])
    }

    @Test func aTurnThatHasDoneALimitsWorthOfOthersMakesLateSendersWaitUntilANewDelivererComes() {
        var turns = Self.filled(by: 1)
        #expect(Self.work(turns.next(hasDelivered: true, deliverer: 1, serial: 0))?.values.count == queueLimit)
        let afterALimitsWorth = turns.arrive(Self.value(0), from: 2, deliverer: 1, serial: 0)
        let inANewTurn = turns.arrive(Self.value(0), from: 2, deliverer: 3, serial: 0)
        #expect(afterALimitsWorth == .full)
        #expect(inANewTurn == .queued)
    }

    @Test func theDelivererHandsTheTurnToTheLongestWaitingSenderOnceItHasDelivered() {
        var turns = Turns()
        let first = turns.wait(2, progress: 0)
        let second = turns.wait(3, progress: 0)
        #expect(second.ticket == first.ticket + 1)
        // A sender just handed its turn delivers a batch before it may hand off in turn.
        #expect(Self.work(turns.next(hasDelivered: false, deliverer: 1, serial: 0))?.moreWaits == true)
        guard case .handOff(let thread, _, let ticket) = turns.next(hasDelivered: true, deliverer: 1, serial: 0) else {
            Issue.record("no hand-off")
            return
        }
        #expect(thread == 2)
        #expect(ticket == first.ticket)
    }

    @Test func aWaiterThatTimesOutQueuesOverTheLimitAndLetsALimitsWorthMoreQueue() {
        var turns = Self.filled(by: 1)
        _ = turns.wait(2, progress: 0)
        let timeOut = turns.timedOut(2, progress: 0, queueing: Self.value(-1), deliverer: 1, serial: 0, now: 0)
        #expect(timeOut == .queuedOverTheLimit)
        for value in 0..<queueLimit {
            let arrival = turns.arrive(Self.value(value), from: 2, deliverer: 1, serial: 0)
            #expect(arrival == .queued)
        }
        let afterTheAllowance = turns.arrive(Self.value(0), from: 2, deliverer: 1, serial: 0)
        #expect(afterTheAllowance == .full)
        #expect(turns.queueCount == 2 * queueLimit + 1)
    }

    @Test func aWaiterHandedItsTurnAsItTimesOutDeliversAfterAll() {
        var turns = Turns()
        _ = turns.wait(2, progress: 0)
        _ = turns.next(hasDelivered: true, deliverer: 1, serial: 0)  // hands off to 2
        let timeOut = turns.timedOut(2, progress: 0, queueing: Self.value(7), deliverer: 2, serial: 0, now: 0)
        #expect(timeOut == .takesTurn)
    }

    /// Outside attack, 2026-11-27: each sender that timed out granted a limit's worth, so
    /// sixteen senders queued sixteen limits' worth in one 150 ms stall.
    @Test func senderAfterSenderTimingOutInOneStallGrantsOneAllowanceAWaitTime() {
        var turns = Self.filled(by: 1)
        let wait = turnWaitMilliseconds * 1_000_000
        for (thread, now) in [(ThreadID(2), 0), (3, wait / 2), (4, wait - 1)] {
            _ = turns.wait(thread, progress: 0)
            #expect(turns.timedOut(thread, progress: 0, queueing: Self.value(-1), deliverer: 1, serial: 0, now: now) == .queuedOverTheLimit)
        }
        for value in 0..<queueLimit {
            #expect(turns.arrive(Self.value(value), from: 5, deliverer: 1, serial: 0) == .queued)
        }
        #expect(turns.arrive(Self.value(0), from: 5, deliverer: 1, serial: 0) == .full)
        _ = turns.wait(6, progress: 0)
        #expect(turns.timedOut(6, progress: 0, queueing: Self.value(-1), deliverer: 1, serial: 0, now: wait) == .queuedOverTheLimit)
        #expect(turns.arrive(Self.value(0), from: 5, deliverer: 1, serial: 0) == .queued)  // a new wait time, a new grant
        #expect(turns.queueCount == 2 * queueLimit + 5)
    }

    @Test func whatQueuedOverTheLimitIsTakenALimitsWorthABatch() {
        var turns = Self.filled(by: 1)
        turns.queueOverTheLimit(Self.value(-1))
        let first = Self.work(turns.next(hasDelivered: true, deliverer: 1, serial: 0))
        #expect(first?.values.count == queueLimit)
        #expect(first?.moreWaits == true)
        let second = Self.work(turns.next(hasDelivered: true, deliverer: 1, serial: 0))
        #expect(second?.values == [-1])
        #expect(second?.moreWaits == false)
        #expect(turns.isEmpty)
    }

    @Test func aWaiterThatTimesOutWhileTheDelivererWorksWaitsAgainAndQueuesNothing() {
        var turns = Self.filled(by: 1)
        _ = turns.wait(2, progress: 5)
        let whileWorking = turns.timedOut(2, progress: 6, queueing: Self.value(-1), deliverer: 1, serial: 0, now: 0)
        #expect(whileWorking == .waitsAgain)
        #expect(turns.queueCount == queueLimit)
        let stillFull = turns.arrive(Self.value(0), from: 3, deliverer: 1, serial: 0)
        #expect(stillFull == .full)  // no allowance
        let whenHeldUp = turns.timedOut(2, progress: 6, queueing: Self.value(-1), deliverer: 1, serial: 0, now: 0)
        #expect(whenHeldUp == .queuedOverTheLimit)
        #expect(turns.queueCount == queueLimit + 1)
    }

    /// Outside attack, 2026-11-27: threads subscribing in a loop kept a delivery busy making
    /// their first calls. Past a limit's worth in one turn a joiner waits; the deliverer's own
    /// joins never do, and values are counted apart: a flood of values is the senders' to pay for.
    @Test func joinersPastALimitsWorthOfFirstCallsWaitForATurnButTheDelivererNever() {
        var turns = Turns()
        for _ in 0..<queueLimit {
            #expect(turns.join(from: 2, deliverer: 1, serial: 0) == .queued)
        }
        #expect(turns.join(from: 2, deliverer: 1, serial: 0) == .full)
        #expect(turns.arrive(Self.value(0), from: 3, deliverer: 1, serial: 0) == .queued)
        #expect(turns.join(from: 1, deliverer: 1, serial: 0) == .queued)
        #expect(turns.join(from: 2, deliverer: 4, serial: 0) == .queued)  // a hand-off counts again
    }

    /// Outside attack, 2026-11-27: a thread sending in a loop takes a turn from idle per
    /// `sendNext`; summed over its turns, another thread's trickle of subscribes (one per value)
    /// waited for seconds from the 1,025th on, and so did a slow-paced late sender.
    @Test func eachTurnOfOneThreadIsCountedApart() {
        var turns = Turns()
        for serial in 0..<(2 * queueLimit) {
            #expect(turns.join(from: 2, deliverer: 1, serial: serial) == .queued)
            #expect(turns.arrive(Self.value(serial), from: 2, deliverer: 1, serial: serial) == .queued)
            _ = turns.next(hasDelivered: true, deliverer: 1, serial: serial)  // the turn takes it
        }
        for _ in 0..<(queueLimit - 1) {
            _ = turns.arrive(Self.value(0), from: 2, deliverer: 1, serial: 2 * queueLimit)
        }
        #expect(turns.arrive(Self.value(0), from: 2, deliverer: 1, serial: 2 * queueLimit) == .queued)
        #expect(turns.arrive(Self.value(0), from: 2, deliverer: 1, serial: 2 * queueLimit) == .full)
    }

    @Test func aJoinerThatTimesOutWhileTheDelivererIsHeldUpQueuesNothingAndGrantsAnAllowance() {
        var turns = Turns()
        for _ in 0..<queueLimit {
            _ = turns.join(from: 2, deliverer: 1, serial: 0)
        }
        _ = turns.wait(2, progress: 0)
        #expect(turns.timedOut(2, progress: 0, queueing: nil, deliverer: 1, serial: 0, now: 0) == .queuedOverTheLimit)
        #expect(turns.isEmpty)  // its first call was queued with the subject's, not here
        #expect(turns.join(from: 2, deliverer: 1, serial: 0) == .queued)
    }
}

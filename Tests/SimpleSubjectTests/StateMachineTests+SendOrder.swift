@testable import SimpleSubject
import Testing

/// `SendOrder`, the order a time operator's values leave it, one event at a time on one thread.
extension StateMachineTests {
    @Test func theThreadThatFindsNobodySendingSendsItsBatch() {
        var order = SendOrder<Int>()
        #expect(order.decided([1, 2]) == [1, 2])
        #expect(order.batchSent() == [])
        #expect(order.decided([3]) == [3])  // idle again: the next decider sends
    }

    @Test func whatIsDecidedWhileAThreadSendsIsSentByThatThreadNextInTheOrderDecided() {
        var order = SendOrder<Int>()
        #expect(order.decided([1]) == [1])
        #expect(order.decided([2]) == [])
        #expect(order.decided([3, 4]) == [])
        #expect(order.batchSent() == [2, 3, 4])
        #expect(order.decided([5]) == [])
        #expect(order.batchSent() == [5])
        #expect(order.batchSent() == [])
    }

    @Test func decidingNothingLeavesTheOrderAsItWas() {
        var order = SendOrder<Int>()
        #expect(order.decided([]) == [])
        #expect(order.decided([1]) == [1])
        #expect(order.decided([]) == [])
        #expect(order.batchSent() == [])
    }

    @Test func aWakeThatSendsQueuesItsValueBehindTheBatchBeingSent() {
        var order = SendOrder<Int>()
        #expect(order.decided([1]) == [1])
        let wake = order.ordered(SleeperWake<Int, Int>.send(2, thenSleepUntil: 7))
        #expect(wake == .send([], thenSleepUntil: 7))
        #expect(order.batchSent() == [2])
        #expect(order.ordered(SleeperWake<Int, Int>.finish) == .finish)
    }
}

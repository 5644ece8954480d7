@testable import SimpleSubject
import Testing

/// The async bridge's buffer: what each policy keeps, the room a delivering thread waits for,
/// and the two ways an iteration ends.
extension StateMachineTests {
    /// An arrival's action in words: "kept", "resumed N", "released N" or "wait for room N".
    private func described(_ action: ValuesBufferStateMachine<Int>.ArriveAction) -> String {
        switch action {
        case .none:
            "kept"
        case .resume(_, let value):
            "resumed \(value)"
        case .release(let value):
            "released \(value)"
        case .waitForRoom(_, let ticket, _):
            "wait for room \(ticket)"
        }
    }

    /// A take's action in words: "N", "N and room", "end" or "nothing".
    private func described(_ action: ValuesBufferStateMachine<Int>.TakeAction) -> String {
        switch action {
        case .value(let value, let gate):
            gate == nil ? "\(value)" : "\(value) and room"
        case .end:
            "end"
        case .nothing:
            "nothing"
        }
    }

    private var consumer: ValuesConsumer { ValuesConsumer(actor: nil, task: nil) }

    @Test func valuesKeepEveryValueAndTheLimitthMakesTheSenderWaitUntilOneIsTaken() {
        var machine = ValuesBufferStateMachine<Int>(policy: .dropsNothing)
        for value in 0..<(valuesLimit - 1) {
            #expect(described(machine.valueArrived(value)) == "kept")
        }
        #expect(described(machine.valueArrived(valuesLimit - 1)) == "wait for room 0")
        #expect(described(machine.consumerTakes(by: consumer)) == "0 and room")
        #expect(described(machine.consumerTakes(by: consumer)) == "1")  // nobody waits
        #expect(described(machine.valueArrived(valuesLimit)) == "kept")
        #expect(described(machine.valueArrived(valuesLimit + 1)) == "wait for room 1")
    }

    // Outside attack, issue 30, F1: a consumer taking a value a millisecond made its sender wait
    // 100 ms in vain (room was half the limit), after which it waited no more until half the
    // limit was taken: the backlog grew without bound. Now room is one value, and a wait in vain
    // stops senders waiting only until the consumer takes one.
    @Test func valuesStopSendersWaitingAfterAWaitInVainUntilOneValueIsTaken() {
        var machine = ValuesBufferStateMachine<Int>(policy: .dropsNothing)
        for value in 0..<valuesLimit {
            _ = machine.valueArrived(value)
        }
        machine.waitEndedInVain(ticket: 0)
        #expect(described(machine.valueArrived(valuesLimit)) == "kept")  // stalled
        #expect(described(machine.consumerTakes(by: consumer)) == "0 and room")
        #expect(described(machine.valueArrived(0)) == "wait for room 1")  // waits again
        #expect(described(machine.consumerTakes(by: consumer)) == "1 and room")
        machine.waitEndedInVain(ticket: 1)  // too late: a value was taken meanwhile
        #expect(described(machine.valueArrived(0)) == "wait for room 2")
    }

    @Test func valuesTellTheWaitingSenderWhoConsumes() {
        var machine = ValuesBufferStateMachine<Int>(policy: .dropsNothing)
        _ = machine.consumerTakes(by: ValuesConsumer(actor: MainActor.shared, task: 7))
        for value in 0..<(valuesLimit - 1) {
            _ = machine.valueArrived(value)
        }
        guard case .waitForRoom(_, _, let waitedFor) = machine.valueArrived(0) else {
            Issue.record("a full backlog makes the sender wait")
            return
        }
        #expect(waitedFor.task == 7)
        #expect(waitedFor.actor === MainActor.shared)
    }

    @Test func valuesHandAValueToAWaitingConsumerAndDropByPolicy() async {
        var newest = ValuesBufferStateMachine<Int>(policy: .bufferingNewest(2))
        #expect(["kept", "kept", "released 1", "released 2"] == (1...4).map { described(newest.valueArrived($0)) })
        #expect(described(newest.consumerTakes(by: consumer)) == "3")
        var oldest = ValuesBufferStateMachine<Int>(policy: .bufferingOldest(2))
        #expect(["kept", "kept", "released 3", "released 4"] == (1...4).map { described(oldest.valueArrived($0)) })
        var none = ValuesBufferStateMachine<Int>(policy: .bufferingNewest(0))
        #expect(described(none.valueArrived(1)) == "released 1")
        let resumed: Int? = await withUnsafeContinuation { continuation in
            #expect(described(none.consumerWaits(continuation, by: consumer)) == "nothing")
            #expect(described(none.valueArrived(2)) == "resumed 2")
            continuation.resume(returning: 2)  // what the class does with the action
        }
        #expect(resumed == 2)
    }

    @Test func valuesEndedByTheConsumerDropWhatWaitsAndByTheSubjectGiveItFirst() {
        var byConsumer = ValuesBufferStateMachine<Int>(policy: .dropsNothing)
        _ = byConsumer.valueArrived(1)
        #expect(byConsumer.ended(byConsumer: true).dropped == [1])
        #expect(described(byConsumer.consumerTakes(by: consumer)) == "end")
        #expect(described(byConsumer.valueArrived(2)) == "released 2")
        var bySubject = ValuesBufferStateMachine<Int>(policy: .dropsNothing)
        _ = bySubject.valueArrived(1)
        #expect(bySubject.ended(byConsumer: false).dropped == [])
        #expect(described(bySubject.consumerTakes(by: consumer)) == "1")
        #expect(described(bySubject.consumerTakes(by: consumer)) == "end")
    }
}

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

    @Test func valuesKeepEveryValueAndTheLimitthMakesTheSenderWaitUntilHalfAreTaken() {
        var machine = ValuesBufferStateMachine<Int>(policy: .dropsNothing)
        for value in 0..<(valuesLimit - 1) {
            #expect(described(machine.valueArrived(value)) == "kept")
        }
        #expect(described(machine.valueArrived(valuesLimit - 1)) == "wait for room 0")
        for value in 0..<(valuesLimit / 2 - 1) {
            #expect(described(machine.consumerTakes()) == "\(value)")
        }
        #expect(described(machine.consumerTakes()) == "\(valuesLimit / 2 - 1) and room")
        #expect(machine.waitingCount == valuesLimit / 2)
    }

    @Test func valuesStopMakingSendersWaitAfterAWaitInVainUntilRoomIsMade() {
        var machine = ValuesBufferStateMachine<Int>(policy: .dropsNothing)
        for value in 0..<valuesLimit {
            _ = machine.valueArrived(value)
        }
        machine.waitEndedInVain(ticket: 0)
        #expect(described(machine.valueArrived(valuesLimit)) == "kept")  // over the limit: stalled
        for _ in 0..<(valuesLimit / 2) {
            _ = machine.consumerTakes()
        }
        // Still over half: no room made, still stalled. Taking down to half makes room.
        #expect(machine.waitingCount == valuesLimit / 2 + 1)
        #expect(described(machine.consumerTakes()) == "\(valuesLimit / 2) and room")
        for value in 0..<(valuesLimit / 2 - 1) {
            _ = machine.valueArrived(value)
        }
        #expect(described(machine.valueArrived(0)) == "wait for room 1")  // waits again
    }

    @Test func valuesHandAValueToAWaitingConsumerAndDropByPolicy() async {
        var newest = ValuesBufferStateMachine<Int>(policy: .bufferingNewest(2))
        #expect(["kept", "kept", "released 1", "released 2"] == (1...4).map { described(newest.valueArrived($0)) })
        #expect(described(newest.consumerTakes()) == "3")
        var oldest = ValuesBufferStateMachine<Int>(policy: .bufferingOldest(2))
        #expect(["kept", "kept", "released 3", "released 4"] == (1...4).map { described(oldest.valueArrived($0)) })
        var none = ValuesBufferStateMachine<Int>(policy: .bufferingNewest(0))
        #expect(described(none.valueArrived(1)) == "released 1")
        let resumed: Int? = await withUnsafeContinuation { continuation in
            #expect(described(none.consumerWaits(continuation, on: nil)) == "nothing")
            #expect(described(none.valueArrived(2)) == "resumed 2")
            continuation.resume(returning: 2)  // what the class does with the action
        }
        #expect(resumed == 2)
    }

    @Test func valuesEndedByTheConsumerDropWhatWaitsAndByTheSubjectGiveItFirst() {
        var byConsumer = ValuesBufferStateMachine<Int>(policy: .dropsNothing)
        _ = byConsumer.valueArrived(1)
        #expect(byConsumer.ended(byConsumer: true).dropped == [1])
        #expect(described(byConsumer.consumerTakes()) == "end")
        #expect(described(byConsumer.valueArrived(2)) == "released 2")
        var bySubject = ValuesBufferStateMachine<Int>(policy: .dropsNothing)
        _ = bySubject.valueArrived(1)
        #expect(bySubject.ended(byConsumer: false).dropped == [])
        #expect(described(bySubject.consumerTakes()) == "1")
        #expect(described(bySubject.consumerTakes()) == "end")
    }
}

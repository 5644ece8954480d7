@testable import SimpleSubject
import Testing

/// A binding's numbers and a `switchToLatest`'s inner subscription.
extension StateMachineTests {
    private typealias Numbers = BindingStateMachine<Int, String>

    /// An arrival in words: "take, displacing X", or "resend X as N".
    private func described<Value>(_ arrival: Numbers.Arrival<Value>) -> String {
        switch arrival {
        case .take(let displaced):
            "take, displacing \(displaced.map { "\($0)" } ?? "nothing")"
        case .resend(let value, let number):
            "resend \(value) as \(number)"
        }
    }

    // MARK: binding

    @Test func valuesFromEitherSideAreNumberedInOrder() {
        var binding = Numbers()
        #expect(binding.numberOutgoing(1, on: \.first) == (1, nil))
        #expect(binding.numberOutgoing("a", on: \.second) == (2, nil))
        #expect(binding.numberOutgoing(3, on: \.first) == (3, 1))
    }

    @Test func aSideTakesAPartnersNewerValue() {
        var binding = Numbers()
        _ = binding.numberOutgoing(1, on: \.first)
        let (number, _) = binding.numberOutgoing("b", on: \.second)
        #expect(described(binding.arriveFromPartner(2, number: number, on: \.first)) == "take, displacing 1")
        #expect(binding.first.latest?.number == number)
    }

    @Test func aSideThatTookANewerValueSendsItAgain() {
        var binding = Numbers()
        let (older, _) = binding.numberOutgoing(1, on: \.first)
        _ = binding.numberOutgoing("b", on: \.second)  // sent at once from the other side
        #expect(described(binding.arriveFromPartner("a", number: older, on: \.second)) == "resend b as 2")
        #expect(binding.second.latest?.value == "b")
    }

    @Test func aCorrectionArrivingBackIsTakenAsItIs() {
        var binding = Numbers()
        _ = binding.numberOutgoing("b", on: \.second)
        #expect(described(binding.arriveFromPartner("b", number: 1, on: \.second)) == "take, displacing b")
        #expect(binding.second.latest?.number == 1)
    }

    // MARK: switchToLatest

    @Test func eachSwitchLeavesThePreviousInnerSubscription() {
        var machine = SwitchToLatestStateMachine()
        let first = Subscription(host: nil, file: #fileID, line: #line)
        let second = Subscription(host: nil, file: #fileID, line: #line)
        #expect(machine.switched(to: first) == nil)
        #expect(machine.switched(to: second) === first)
        #expect(machine.current === second)
    }

    @Test func theEndLeavesTheInnerSubscriptionFollowedLast() {
        var machine = SwitchToLatestStateMachine()
        let inner = Subscription(host: nil, file: #fileID, line: #line)
        _ = machine.switched(to: inner)
        #expect(machine.ended() === inner)
        #expect(machine.current == nil)
    }

    @Test func anEndBeforeAnyInnerSubjectLeavesNothing() {
        var machine = SwitchToLatestStateMachine()
        #expect(machine.ended() == nil)
    }
}

/// `mapLatest`'s requests, one thread.
@Suite struct MapLatestStateMachineTests {
    /// The generation a value's arrival starts, and the older task it cancels.
    static func start(_ machine: inout MapLatestStateMachine) -> (generation: Int, older: Task<Void, Never>?) {
        guard case .start(let generation, let older) = machine.arrived() else {
            preconditionFailure("a request should start")
        }
        return (generation, older)
    }

    @Test func aNewerValueCancelsTheOlderRequestAndItsResultIsNotSent() {
        var machine = MapLatestStateMachine()
        let first = Self.start(&machine)
        let task = Task<Void, Never> {}
        let cancelNow = machine.started(task, generation: first.generation)
        let second = Self.start(&machine)
        let sendsFirst = machine.finished(generation: first.generation)
        let sendsSecond = machine.finished(generation: second.generation)
        #expect(first.older == nil)
        #expect(cancelNow == nil)
        #expect(second.older == task)
        #expect(!sendsFirst)
        #expect(sendsSecond)
    }

    @Test func aRequestThatFinishesBeforeItsTaskIsRecordedIsSentOnce() {
        var machine = MapLatestStateMachine()
        let request = Self.start(&machine)
        let sends = machine.finished(generation: request.generation)
        let cancelNow = machine.started(Task<Void, Never> {}, generation: request.generation)
        let sendsAgain = machine.finished(generation: request.generation)
        #expect(sends)
        #expect(cancelNow == nil)
        #expect(!sendsAgain)
    }

    @Test func afterTheEndNothingStartsAndALateTaskIsCancelled() {
        var machine = MapLatestStateMachine()
        let request = Self.start(&machine)
        let running = machine.ended()
        let late = Task<Void, Never> {}
        let cancelNow = machine.started(late, generation: request.generation)
        let next = machine.arrived()
        #expect(running == nil)  // its task was not recorded yet
        #expect(cancelNow == late)
        #expect(next == .ignore)
    }
}

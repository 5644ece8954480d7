@testable import SimpleSubject
import Testing

/// What a `combineLatest` side stages for each thread, and a `TiedSubscription`'s parts.
extension StateMachineTests {
    private typealias Staging = StagingStateMachine<Int>

    /// What a staging let go of, in words: "displaced X, released Y and [Z]".
    private func described(_ released: (Int?, Int?, [Int])) -> String {
        let displaced = released.0.map { "\($0)" } ?? "nothing"
        let retired = released.1.map { "\($0)" } ?? "nothing"
        return "displaced \(displaced), released \(retired) and \(released.2)"
    }

    // MARK: combineLatest staging

    @Test func aThreadStagingAgainDisplacesItsOwnValue() {
        var staging = Staging()
        #expect(described(staging.stage(1, by: 7)) == "displaced nothing, released nothing and []")
        #expect(described(staging.stage(2, by: 7)) == "displaced 1, released nothing and []")
        #expect(staging.count == 1)
        #expect(staging.take(by: 7, retiring: nil) == 2)
        #expect(staging.count == 0)
    }

    @Test func eachThreadTakesWhatItStagedAndNothingElse() {
        var staging = Staging()
        _ = staging.stage(1, by: 7)
        _ = staging.stage(10, by: 8)
        _ = staging.stage(20, by: 9)
        #expect(staging.count == 3)
        #expect(staging.take(by: 6, retiring: nil) == nil)
        #expect(staging.take(by: 7, retiring: nil) == 1)  // the first's place goes to another thread
        #expect(described(staging.stage(21, by: 9)) == "displaced 20, released nothing and []")
        #expect(staging.take(by: 8, retiring: nil) == 10)
        #expect(staging.take(by: 9, retiring: nil) == 21)
        #expect(staging.count == 0)
    }

    @Test func aCommitKeepsTheValueItDisplacesUntilTheNextStaging() {
        var staging = Staging()
        _ = staging.stage(1, by: 7)
        _ = staging.stage(10, by: 8)
        #expect(staging.take(by: 7, retiring: 0) == 1)
        #expect(staging.take(by: 8, retiring: 1) == 10)
        #expect(described(staging.stage(2, by: 7)) == "displaced nothing, released 0 and [1]")
        #expect(described(staging.stage(3, by: 7)) == "displaced 2, released nothing and []")
    }

    @Test func aThreadThatStagedNothingRetiresNothing() {
        var staging = Staging()
        #expect(staging.take(by: 7, retiring: 5) == nil)
        #expect(described(staging.stage(1, by: 7)) == "displaced nothing, released nothing and []")
    }

    // MARK: a tied subscription's parts

    private func part() -> Subscription {
        Subscription(host: nil, file: #fileID, line: #line)
    }

    @Test func partsTiedBeforeTheCancelAreCancelledWithIt() {
        var parts = TiedPartsStateMachine()
        let first = part()
        let second = part()
        let bothStay = parts.tied(first) && parts.tied(second)
        #expect(bothStay)
        #expect(parts.cancelled().map(ObjectIdentifier.init) == [first, second].map(ObjectIdentifier.init))
        #expect(parts.count == 2)
    }

    @Test func aPartTiedAfterTheCancelEndsAtOnce() {
        var parts = TiedPartsStateMachine()
        _ = parts.cancelled()
        let stays = parts.tied(part())
        #expect(!stays)
        #expect(parts.count == 0)
    }

    @Test func aPartItsSourceLetGoOfIsNotCancelled() {
        var parts = TiedPartsStateMachine()
        let kept = part()
        let bothStay = parts.tied(kept) && parts.tied(part())  // the second is held weakly: gone at once
        #expect(bothStay)
        #expect(parts.liveParts.map(ObjectIdentifier.init) == [ObjectIdentifier(kept)])
        #expect(parts.cancelled().count == 1)
    }
}

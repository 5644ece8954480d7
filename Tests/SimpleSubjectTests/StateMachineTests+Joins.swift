@testable import SimpleSubject
import Testing

/// What a `combineLatest` side stages and commits, and a `TiedSubscription`'s parts.
extension StateMachineTests {
    /// Counts its deinits, to see when a side lets a value go.
    private final class Counted {
        let deinits: Shared<Int>

        init(_ deinits: Shared<Int>) {
            self.deinits = deinits
        }

        deinit {
            deinits.modify { $0 += 1 }
        }
    }

    // MARK: combineLatest staging

    @Test func aStagedValueBecomesTheLatestOnlyAtTheCommit() {
        let join = JoinCommit()
        let side = CombinedSide<Int>(join)
        side.set(1)
        side.stage(2)
        side.stage(3)
        #expect(side.value == 1)
        join.commit()
        #expect(side.value == 3)
        join.commit()  // nothing staged: nothing changes
        #expect(side.value == 3)
    }

    @Test func aCommitKeepsTheValueItDisplacesUntilTheNextStaging() {
        let deinits = Shared(0)
        let join = JoinCommit()
        let side = CombinedSide<Counted>(join)
        side.set(Counted(deinits))
        side.stage(Counted(deinits))
        join.commit()
        #expect(deinits.value == 0)  // released under the operator's lock it would run user code there
        side.stage(Counted(deinits))
        #expect(deinits.value == 1)
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

/// A `combineLatest`'s lock: its sides commit what one send staged (`CombinedSide`) all at once
/// under it, and the operator takes its tuple under it, so a tuple is never taken between two
/// sides' commits — by the thread that made the operator, reading its first tuple while another
/// thread delivers its sources.
@usableFromInline final class JoinCommit: @unchecked Sendable {
    // @unchecked: `sides` is only reached through its lock.

    /// Each side's commit, added as the sides are made: closures made where the operator is, so
    /// that they run specialized for the sides' values.
    @usableFromInline let sides = Locked<ContiguousArray<() -> Void>>([])

    @inlinable init() {}

    /// Adds a side's commit.
    @inlinable func add(_ commitStaged: @escaping () -> Void) {
        sides.locked { $0.append(commitStaged) }
    }

    /// Commits what was staged, on every side at once.
    @inlinable func commit() {
        sides.locked { sides in
            for index in sides.indices {
                sides[index]()
            }
        }
    }

    /// Runs `body` — a take, or a side's `set` — with no commit under way.
    @inlinable func read<Output>(_ body: () -> Output) -> Output {
        sides.locked { _ in body() }
    }
}

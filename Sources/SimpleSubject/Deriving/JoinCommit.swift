/// A `combineLatest`'s lock: its sides commit what one send's thread staged (`CombinedSide`) all
/// at once under it, and the operator takes its tuple under it. So a tuple is never taken between
/// two sides' commits — on another thread, whose own send reached this operator meanwhile: with
/// one thread sending to `d` and another to `other`, `combineLatest(d, d.map { $0 * 2 }, other)`
/// would otherwise show `(3, 4, _)`.
@usableFromInline final class JoinCommit: @unchecked Sendable {
    // @unchecked: `sides` is only reached through its lock, and each side's commit only commits
    // what the calling thread staged.

    /// Each side's commit, added as the sides are made: closures made where the operator is, so
    /// that they run specialized for the sides' values.
    @usableFromInline let sides = Locked<ContiguousArray<() -> Void>>([])

    @inlinable init() {}

    /// Adds a side's commit.
    @inlinable func add(_ commitStaged: @escaping () -> Void) {
        sides.locked { $0.append(commitStaged) }
    }

    /// Commits what this thread staged, on every side at once.
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

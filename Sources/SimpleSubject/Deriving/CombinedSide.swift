/// A `combineLatest` side: the latest value of one source, and what a send inside a transaction
/// staged for it.
///
/// A value that a send reaches inside a transaction is staged, and the transaction's flush
/// commits every side at once (`JoinCommit`), so the tuple holds every path's new value. Both are
/// guarded by the operator's lock, under which commits run and the tuple is taken: the thread
/// that delivers the operator's domain is the only one that stages and commits, but the thread
/// that makes the operator reads its first tuple while that one may be delivering already.
@usableFromInline final class CombinedSide<Value>: @unchecked Sendable {
    // @unchecked: `kept` is only reached under `join`'s lock, and `Value` need not be `Sendable`:
    // the operator only moves a source's values to the thread that delivers its partners', as a
    // subject does.

    /// The operator's lock. Not a strong reference: it holds this side (through its commit), and
    /// whatever calls into a side — the sources' closures, the operator's take — holds it.
    @usableFromInline unowned(unsafe) let join: JoinCommit
    /// What the side keeps, under `join`'s lock only.
    @usableFromInline @exclusivity(unchecked) final var kept = Kept()

    /// The latest value, what is staged for the flush, and what the last commit displaced, which
    /// waits for the next staging to be released outside the lock (a commit runs under it, and a
    /// `deinit` is user code).
    @usableFromInline struct Kept {
        @usableFromInline var held: Value?
        @usableFromInline var staged: Value?
        @usableFromInline var displaced: Value?

        @inlinable init() {}
    }

    @inlinable init(_ join: JoinCommit) {
        self.join = join
        // Strongly: a transaction that reached the operator flushes it after the operator may
        // have been dropped (a `combineLatest` made and dropped inside a delivery), and an
        // unowned capture would then call `commitStaged` on a side that is gone.
        join.add { self.commitStaged() }
    }

    /// The latest value, under the operator's lock.
    @inlinable var heldValue: Value? {
        kept.held
    }

    /// The latest value, read outside the operator's lock (when the operator is made).
    @inlinable var value: Value? {
        join.read { kept.held }
    }

    /// Makes `value` the latest at once (outside any transaction).
    @inlinable func set(_ value: Value) {
        _ = join.read { () -> Value? in  // the displaced value goes after the lock
            defer { kept.held = value }
            return kept.held
        }
    }

    /// Sets `value` unless a value has arrived already.
    @inlinable func setIfEmpty(_ value: Value) {
        join.read {
            if kept.held == nil {
                kept.held = value
            }
        }
    }

    /// Keeps `value`, which a send reached inside the transaction open on this thread, until the
    /// transaction commits it.
    @inlinable func stage(_ value: Value) {
        _ = join.read { () -> (Value?, Value?) in  // what is displaced goes after the lock
            defer {
                kept.staged = value
                kept.displaced = nil
            }
            return (kept.staged, kept.displaced)
        }
    }

    /// Makes what was staged the latest value, if anything was. Runs under `join`'s lock, so it
    /// releases nothing: the value it displaces goes at this side's next staging (which emptied
    /// `displaced`, since a commit follows a staging).
    @inlinable func commitStaged() {
        guard let staged = kept.staged else { return }
        kept.displaced = kept.held
        kept.held = staged
        kept.staged = nil
    }
}

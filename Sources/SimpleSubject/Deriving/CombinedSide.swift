import Synchronization

/// A `combineLatest` side: the latest value of one source, and what sends inside transactions
/// staged for it.
///
/// A value that a send reaches inside a transaction is staged for the thread delivering it, and
/// the transaction's flush commits every side at once (`JoinCommit`): so a tuple taken on another
/// thread meanwhile never holds one path's new value beside another's old one. The latest value
/// is guarded by the operator's lock, under which commits run and the tuple is taken — one lock
/// for the tuple, not one a side; what is staged has a lock of its own, so that staging does not
/// wait for another thread's commit.
@usableFromInline final class CombinedSide<Value>: @unchecked Sendable {
    // @unchecked: `heldValue` is only reached under `join`'s lock, `staging` under its own, and
    // `Value` need not be `Sendable`: the operator only moves a source's values to the threads that
    // deliver its partners', as a subject does.

    /// The operator's lock. Not a strong reference: it holds this side (through its commit), and
    /// whatever calls into a side — the sources' closures, the operator's take — holds it.
    @usableFromInline unowned(unsafe) let join: JoinCommit
    /// The latest value, read and written under `join`'s lock only.
    @usableFromInline @exclusivity(unchecked) final var heldValue: Value?
    /// What threads staged, and what commits displaced.
    @usableFromInline let staging = Locked(StagingStateMachine<Value>())
    /// How many threads have a value staged: written under `staging`'s lock, read without it by a
    /// commit, which skips a side it staged nothing on (a thread sees its own staging).
    @usableFromInline let stagedCount = Atomic<Int>(0)

    @inlinable init(_ join: JoinCommit) {
        self.join = join
        // Strongly: a transaction that reached the operator flushes it after the operator may
        // have been dropped (a `combineLatest` made and dropped while two threads send to its
        // sources), and an unowned capture would then call `commitStaged` on a side that is gone.
        join.add { self.commitStaged() }
    }

    /// The latest value, read outside the operator's lock (when the operator is made).
    @inlinable var value: Value? {
        join.read { heldValue }
    }

    /// Makes `value` the latest at once (outside any transaction).
    @inlinable func set(_ value: Value) {
        _ = join.read { () -> Value? in  // the displaced value goes after the lock
            defer { heldValue = value }
            return heldValue
        }
    }

    /// Sets `value` unless a value has arrived already.
    @inlinable func setIfEmpty(_ value: Value) {
        join.read {
            if heldValue == nil {
                heldValue = value
            }
        }
    }

    /// Keeps `value`, which a send reached inside the transaction open on this thread, until the
    /// transaction commits it.
    @inlinable func stage(_ value: Value) {
        _ = staging.locked { staging in  // what is displaced goes after the lock
            defer { stagedCount.store(staging.count, ordering: .relaxed) }
            return staging.stage(value, by: currentThread())
        }
    }

    /// Makes what this thread staged the latest value, if it staged one. Runs under `join`'s lock,
    /// so it releases nothing: the value it displaces goes at this side's next staging.
    @inlinable func commitStaged() {
        guard stagedCount.load(ordering: .relaxed) > 0 else { return }
        let held = heldValue
        let staged = staging.locked { staging in
            defer { stagedCount.store(staging.count, ordering: .relaxed) }
            return staging.take(by: currentThread(), retiring: held)
        }
        if let staged {
            heldValue = staged  // what it displaces, `staging` holds now
        }
    }
}

/// What threads staged for a `CombinedSide`, one value each at most, and the values commits
/// displaced, which wait for the next staging to be released outside the operator's lock (a
/// commit runs under it, and a `deinit` is user code). Events return what they let go of, to be
/// released after the lock.
@usableFromInline struct StagingStateMachine<Value> {
    /// One thread's staged value, usually the only one.
    @usableFromInline var first: (thread: ThreadID, value: Value)?
    /// Other threads' staged values, while transactions on several threads reach the side.
    @usableFromInline var others: [(thread: ThreadID, value: Value)] = []
    @usableFromInline var retired: Value?
    @usableFromInline var retiredMore: [Value] = []

    @inlinable init() {}

    @inlinable var count: Int {
        (first == nil ? 0 : 1) + others.count
    }

    @inlinable mutating func stage(_ value: Value, by thread: ThreadID) -> (Value?, Value?, [Value]) {
        let released = (retired, retiredMore)
        retired = nil
        if !retiredMore.isEmpty {
            retiredMore = []
        }
        if first == nil || first?.thread == thread {
            defer { first = (thread, value) }
            return (first?.value, released.0, released.1)
        }
        guard let index = others.firstIndex(where: { $0.thread == thread }) else {
            others.append((thread, value))
            return (nil, released.0, released.1)
        }
        defer { others[index].value = value }
        return (others[index].value, released.0, released.1)
    }

    /// Takes what `thread` staged, if anything, to replace `held`, which it keeps until the next
    /// staging.
    @inlinable mutating func take(by thread: ThreadID, retiring held: Value?) -> Value? {
        let value: Value
        if let (stager, staged) = first, stager == thread {
            first = others.popLast()
            value = staged
        } else if let index = others.firstIndex(where: { $0.thread == thread }) {
            value = others.remove(at: index).value
        } else {
            return nil
        }
        if let held {
            retire(held)
        }
        return value
    }

    @inlinable mutating func retire(_ value: Value) {
        if retired == nil {
            retired = value
        } else {
            retiredMore.append(value)
        }
    }
}

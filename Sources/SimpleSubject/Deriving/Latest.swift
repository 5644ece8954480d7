import Synchronization

/// The latest value of a source whose values arrive on one thread and are read on another.
///
/// A `combineLatest` side keeps a value that a send reaches inside a transaction apart, as
/// staged for the thread delivering it, until that send's transaction flushes the operator: the
/// send's values on every path then become the latest together (`JoinCommit`), so that a tuple
/// taken on another thread meanwhile never holds one path's new value beside another's old one.
@usableFromInline final class Latest<Value>: @unchecked Sendable {
    // @unchecked because `Value` need not be `Sendable`: the operators that use it only move a
    // source's values to the threads that deliver its partner's, as a subject does.
    @usableFromInline let stored = Locked(LatestStateMachine<Value>())
    /// How many threads have a value staged here: written under the lock, read without it by a
    /// commit, which skips a side it staged nothing on (a thread sees its own staging).
    @usableFromInline let stagedCount = Atomic<Int>(0)

    @inlinable init() {}

    @inlinable var value: Value? {
        stored.locked { $0.value }
    }

    @inlinable func set(_ value: Value) {
        _ = stored.locked { $0.set(value) }  // what is displaced goes after the lock
    }

    /// Sets `value` unless a value has arrived already.
    @inlinable func setIfEmpty(_ value: Value) {
        stored.locked { $0.setIfEmpty(value) }
    }

    /// Keeps `value`, which a send reached inside the transaction open on this thread, until the
    /// transaction commits it (`commitStaged`).
    @inlinable func stage(_ value: Value) {
        _ = stored.locked { state in  // what is displaced goes after the lock
            defer { stagedCount.store(state.stagedCount, ordering: .relaxed) }
            return state.stage(value, by: currentThread())
        }
    }

    /// Makes what this thread staged the latest value, if it staged one. Called under the
    /// operator's `JoinCommit` lock, so it releases nothing: the value it displaces goes at this
    /// side's next value (see `LatestStateMachine.retired`).
    @inlinable func commitStaged() {
        guard stagedCount.load(ordering: .relaxed) > 0 else { return }
        stored.locked { state in
            state.commitStaged(by: currentThread())
            stagedCount.store(state.stagedCount, ordering: .relaxed)
        }
    }
}

/// A `Latest`'s value and what threads staged for it. Events return what they displace, to be
/// released after the lock.
@usableFromInline struct LatestStateMachine<Value> {
    @usableFromInline var value: Value?
    /// A value staged inside a transaction, and by which thread: one thread's, usually.
    @usableFromInline var staged: (thread: ThreadID, value: Value)?
    /// Other threads' staged values, while transactions on several threads reach this side.
    @usableFromInline var stagedByOthers: [(thread: ThreadID, value: Value)] = []
    /// The value a commit displaced, which it may not release (a commit runs under the
    /// operator's lock, and a `deinit` is user code): the next `set` or `stage` hands it over for
    /// release, with `retiredMore`, which holds more only while transactions on several threads
    /// commit here in turn.
    @usableFromInline var retired: Value?
    @usableFromInline var retiredMore: [Value] = []

    @inlinable init() {}

    @inlinable var stagedCount: Int {
        (staged == nil ? 0 : 1) + stagedByOthers.count
    }

    @inlinable mutating func set(_ newValue: Value) -> (Value?, Value?, [Value]) {
        defer {
            value = newValue
            releaseRetired()
        }
        return (value, retired, retiredMore)
    }

    /// Lets go of what commits displaced, once the caller has taken it to release after the lock.
    @inlinable mutating func releaseRetired() {
        retired = nil
        if !retiredMore.isEmpty {
            retiredMore = []
        }
    }

    @inlinable mutating func setIfEmpty(_ newValue: Value) {
        if value == nil {
            value = newValue
        }
    }

    @inlinable mutating func stage(_ newValue: Value, by thread: ThreadID) -> (Value?, Value?, [Value]) {
        defer { releaseRetired() }
        if staged == nil || staged?.thread == thread {
            defer { staged = (thread, newValue) }
            return (staged?.value, retired, retiredMore)
        }
        guard let index = stagedByOthers.firstIndex(where: { $0.thread == thread }) else {
            stagedByOthers.append((thread, newValue))
            return (nil, retired, retiredMore)
        }
        defer { stagedByOthers[index].value = newValue }
        return (stagedByOthers[index].value, retired, retiredMore)
    }

    @inlinable mutating func commitStaged(by thread: ThreadID) {
        if let (stager, stagedValue) = staged, stager == thread {
            staged = stagedByOthers.popLast()
            return commit(stagedValue)
        }
        guard let index = stagedByOthers.firstIndex(where: { $0.thread == thread }) else { return }
        commit(stagedByOthers.remove(at: index).value)
    }

    /// Makes `newValue` the latest; what it displaces waits in `retired`.
    @inlinable mutating func commit(_ newValue: Value) {
        if retired == nil {
            retired = value
        } else if let displaced = value {
            retiredMore.append(displaced)
        }
        value = newValue
    }
}

/// The latest value of a source whose values arrive on one thread and are read on another.
@usableFromInline final class Latest<Value>: @unchecked Sendable {
    // @unchecked because `Value` need not be `Sendable`: the operators that use it only move a
    // source's values to the threads that deliver its partner's, as a subject does.
    @usableFromInline let stored = Locked<Value?>(nil)

    @inlinable init() {}

    @inlinable var value: Value? {
        stored.locked { $0 }
    }

    @inlinable func set(_ value: Value) {
        _ = stored.locked { stored in  // the displaced value goes after the lock
            defer { stored = value }
            return stored
        }
    }

    /// Sets `value` unless a value has arrived already.
    @inlinable func setIfEmpty(_ value: Value) {
        stored.locked { stored in
            if stored == nil {
                stored = value
            }
        }
    }
}

/// The latest value of a source whose values arrive on one thread and are read on another.
final class Latest<Value>: @unchecked Sendable {
    // @unchecked because `stored` is only touched while holding `lock`.
    private let lock = Lock()
    private var stored: Value?

    deinit { lock.deallocate() }

    var value: Value? { lock.withLock { stored } }

    func set(_ value: Value) {
        let displaced = lock.withLock {
            let old = stored
            stored = value
            return old
        }
        withExtendedLifetime(displaced) {}  // released after the lock: a `deinit` is user code
    }

    /// Sets `value` unless a value has arrived already.
    func setIfEmpty(_ value: Value) {
        let unused: Value? = lock.withLock {
            guard stored == nil else { return value }
            stored = value
            return nil
        }
        withExtendedLifetime(unused) {}
    }
}

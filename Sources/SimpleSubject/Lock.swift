// The only file that knows which platform it runs on.
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#else
#error("SimpleSubject needs Darwin, Glibc or Musl for its lock")
#endif

/// A plain mutual-exclusion lock: `os_unfair_lock` on Apple platforms, `pthread_mutex_t`
/// elsewhere.
///
/// It lives on the heap so that it never moves; its owner calls ``deallocate()`` in its `deinit`.
/// Nothing that runs user code may be called while it is held.
struct Lock {
    #if canImport(Darwin)
    private let pointer: UnsafeMutablePointer<os_unfair_lock>

    init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: os_unfair_lock())
    }

    func lock() { os_unfair_lock_lock(pointer) }
    func unlock() { os_unfair_lock_unlock(pointer) }

    func deallocate() {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
    #else
    private let pointer: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(pointer, nil)
        precondition(status == 0, "pthread_mutex_init failed with \(status)")
    }

    func lock() { pthread_mutex_lock(pointer) }
    func unlock() { pthread_mutex_unlock(pointer) }

    func deallocate() {
        pthread_mutex_destroy(pointer)
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
    #endif

    /// Runs `body` with the lock held.
    @inline(__always)
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

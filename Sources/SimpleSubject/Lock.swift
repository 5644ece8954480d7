// The only file that knows which platform it runs on.
#if canImport(Darwin)
import Darwin
@usableFromInline typealias Mutex = os_unfair_lock
private func initialize(_ mutex: UnsafeMutablePointer<Mutex>) { mutex.initialize(to: os_unfair_lock()) }
@inlinable func acquire(_ mutex: UnsafeMutablePointer<Mutex>) { os_unfair_lock_lock(mutex) }
@inlinable func release(_ mutex: UnsafeMutablePointer<Mutex>) { os_unfair_lock_unlock(mutex) }
private func destroy(_ mutex: UnsafeMutablePointer<Mutex>) {}
#else
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#else
#error("SimpleSubject needs Darwin, Glibc or Musl for its lock")
#endif
@usableFromInline typealias Mutex = pthread_mutex_t
private func initialize(_ mutex: UnsafeMutablePointer<Mutex>) {
    mutex.initialize(to: pthread_mutex_t())
    let status = pthread_mutex_init(mutex, nil)
    precondition(status == 0, "pthread_mutex_init failed with \(status)")
}
@inlinable func acquire(_ mutex: UnsafeMutablePointer<Mutex>) { pthread_mutex_lock(mutex) }
@inlinable func release(_ mutex: UnsafeMutablePointer<Mutex>) { pthread_mutex_unlock(mutex) }
private func destroy(_ mutex: UnsafeMutablePointer<Mutex>) { pthread_mutex_destroy(mutex) }
#endif

/// A plain mutual-exclusion lock: `os_unfair_lock` on Apple platforms, `pthread_mutex_t`
/// elsewhere.
///
/// It lives on the heap so that it never moves; its owner calls ``deallocate()`` in its `deinit`.
/// Nothing that runs user code may be called while it is held.
@usableFromInline struct Lock {
    @usableFromInline let mutex: UnsafeMutablePointer<Mutex>

    init() {
        mutex = .allocate(capacity: 1)
        initialize(mutex)
    }

    @inlinable func lock() { acquire(mutex) }
    @inlinable func unlock() { release(mutex) }

    func deallocate() {
        destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the lock held.
    @inlinable func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

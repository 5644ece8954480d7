// The only file that knows which platform it runs on.
#if canImport(Darwin)
import Darwin
@usableFromInline typealias Mutex = os_unfair_lock
private func initialize(_ mutex: UnsafeMutablePointer<Mutex>) { mutex.initialize(to: os_unfair_lock()) }
@inlinable func acquire(_ mutex: UnsafeMutablePointer<Mutex>) { os_unfair_lock_lock(mutex) }
@inlinable func release(_ mutex: UnsafeMutablePointer<Mutex>) { os_unfair_lock_unlock(mutex) }
private func destroy(_ mutex: UnsafeMutablePointer<Mutex>) {}
@inlinable func currentThread() -> ThreadID { ThreadID(bitPattern: pthread_self()) }
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
@inlinable func currentThread() -> ThreadID { ThreadID(pthread_self()) }
#endif

/// A thread's identity, to tell whether a sender is the thread that is delivering.
@usableFromInline typealias ThreadID = UInt

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

/// Where senders wait their turn to deliver (a subject's backpressure): tickets are opened one
/// at a time, in order.
///
/// A `pthread` mutex and condition on every platform: it is used only when a queue is full, so
/// its speed does not matter.
final class Gate: @unchecked Sendable {
    // @unchecked because `opened` is only touched while holding `mutex`.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var opened = 0

    init() {
        mutex.initialize(to: pthread_mutex_t())
        condition.initialize(to: pthread_cond_t())
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Blocks until ticket number `ticket` (counting from 0) has been opened.
    func wait(for ticket: Int) {
        pthread_mutex_lock(mutex)
        while opened <= ticket {
            pthread_cond_wait(condition, mutex)
        }
        pthread_mutex_unlock(mutex)
    }

    /// Opens the next ticket.
    func openNext() {
        pthread_mutex_lock(mutex)
        opened += 1
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }
}

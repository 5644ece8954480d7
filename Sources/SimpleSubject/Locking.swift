// The only file of the core that knows which platform it runs on: the locks, the threads.
#if canImport(Darwin)
import Darwin
/// Zero is `OS_UNFAIR_LOCK_INIT`: `PlatformMutex()` is an unlocked lock.
@usableFromInline typealias PlatformMutex = os_unfair_lock
@inlinable func acquire(_ mutex: UnsafeMutablePointer<PlatformMutex>) {
    os_unfair_lock_lock(mutex)
}
@inlinable func release(_ mutex: UnsafeMutablePointer<PlatformMutex>) {
    os_unfair_lock_unlock(mutex)
}
/// The calling thread's identity.
@inlinable func currentThread() -> ThreadID {
    ThreadID(bitPattern: pthread_self())
}
#else
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#else
#error("SimpleSubject needs Darwin, Glibc or Musl for its locks")
#endif
/// Zero is `PTHREAD_MUTEX_INITIALIZER` in glibc and musl: `PlatformMutex()` is an unlocked,
/// default mutex, which needs no `pthread_mutex_destroy`.
@usableFromInline typealias PlatformMutex = pthread_mutex_t
@inlinable func acquire(_ mutex: UnsafeMutablePointer<PlatformMutex>) {
    pthread_mutex_lock(mutex)
}
@inlinable func release(_ mutex: UnsafeMutablePointer<PlatformMutex>) {
    pthread_mutex_unlock(mutex)
}
@inlinable func currentThread() -> ThreadID {
    ThreadID(pthread_self())
}
#endif

/// State and the lock that guards it: ``locked(_:)`` is the only way to the state.
///
/// Whatever the closure returns is released after the lock is, which is how a displaced value or
/// a removed closure is let go of outside it (a `deinit` is user code). The lock is
/// `os_unfair_lock` on Apple platforms and `pthread_mutex_t` elsewhere — locks that
/// ThreadSanitizer understands (it reports false races on the standard library's `Mutex` on
/// Linux). Both live on the heap, so that they never move.
@usableFromInline struct Locked<State>: ~Copyable, @unchecked Sendable {
    // @unchecked because `state` is only reached while holding `mutex`. Values that are not
    // `Sendable` may go in and out: they cross threads only when their owner may, and the
    // subjects are `Sendable` only where their `Value` is.
    @usableFromInline let mutex: UnsafeMutablePointer<PlatformMutex>
    @usableFromInline let state: UnsafeMutablePointer<State>

    @usableFromInline init(_ initial: State) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: PlatformMutex())
        state = .allocate(capacity: 1)
        state.initialize(to: initial)
    }

    deinit {
        mutex.deinitialize(count: 1)
        mutex.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Runs `body` on the state with the lock held. `body` must not run user code.
    @inlinable
    func locked<Result>(_ body: (inout State) -> Result) -> Result {
        acquire(mutex)
        defer { release(mutex) }
        return body(&state.pointee)
    }
}

/// A thread's identity, to tell whether a sender is the thread that is delivering.
@usableFromInline typealias ThreadID = UInt

/// Where senders wait their turn to deliver (a subject's backpressure): tickets are opened one
/// at a time, in order.
///
/// A `pthread` mutex and condition: it is used only when a queue is full, so its speed does not
/// matter, and the standard library has no condition to wait on.
final class Gate: @unchecked Sendable {
    // @unchecked because `opened` is only touched while holding `mutex`.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var opened: Int

    init(opened: Int = 0) {
        self.opened = opened
        pthread_mutex_init(mutex, nil)  // initializes the allocated memory, as swift-nio's locks do
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Blocks until ticket number `ticket` (counting from 0) has been opened, or `limit`
    /// milliseconds have passed (none: no limit); returns whether it was opened.
    func wait(for ticket: Int, milliseconds limit: Int? = nil) -> Bool {
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)  // the condition's clock
        let nanoseconds = deadline.tv_nsec + (limit ?? 0) * 1_000_000
        deadline.tv_sec += nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while opened <= ticket {
            if limit == nil {
                pthread_cond_wait(condition, mutex)
            } else if pthread_cond_timedwait(condition, mutex, &deadline) == ETIMEDOUT {
                break
            }
        }
        return opened > ticket
    }

    /// Opens every ticket up to and including `ticket` (those before it belong to senders that
    /// stopped waiting).
    func open(through ticket: Int) {
        pthread_mutex_lock(mutex)
        opened = max(opened, ticket + 1)
        pthread_cond_broadcast(condition)
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

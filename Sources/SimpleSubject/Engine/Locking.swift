// The only file of the core that knows which platform it runs on: the locks, the threads, the
// monotonic clock.
public import SimpleSubjectRuntime
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
/// A futex lock of one word (SimpleSubjectRuntime.c): zero is unlocked, so `PlatformMutex()` is
/// an unlocked lock, which needs no destroying. It does what a default `pthread_mutex_t` does —
/// no spinning, one atomic operation to lock and one to unlock when uncontended — in fewer
/// instructions, and in 4 bytes rather than 40. It does not spin before it sleeps, as an
/// adaptive `pthread_mutex_t` does.
@usableFromInline typealias PlatformMutex = SimpleSubjectLock
@inlinable func acquire(_ mutex: UnsafeMutablePointer<PlatformMutex>) {
    simple_subject_lock(mutex)
}
@inlinable func release(_ mutex: UnsafeMutablePointer<PlatformMutex>) {
    simple_subject_unlock(mutex)
}
/// The address of this thread's `SimpleSubjectThreadState` (Transaction.swift): unique among live
/// threads, as `pthread_self()` is, but read inline — `pthread_self` is a call into libc on every
/// send that takes the turn.
@inlinable func currentThread() -> ThreadID {
    ThreadID(bitPattern: simple_subject_thread_state())
}
#endif

/// The monotonic clock, in nanoseconds.
@usableFromInline func monotonicNanoseconds() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return now.tv_sec * 1_000_000_000 + now.tv_nsec
}

/// Lets another thread run on this core.
func yieldCore() {
    sched_yield()
}

/// A mutex and a condition to sleep on, for a thread that waits until another wakes it (a
/// `Gate`'s waiters, `Monitor`). pthread's on every platform: `os_unfair_lock` has no condition.
/// Timed sleeps measure time on the monotonic clock, which a change of the wall clock does not
/// move. Both live on the heap, so that they never move.
struct Condition: ~Copyable, @unchecked Sendable {
    // @unchecked because the mutex and the condition are used only through pthread calls.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)  // initializes the allocated memory, as swift-nio's locks do
        #if canImport(Darwin)
        pthread_cond_init(condition, nil)  // timed waits are relative there (see `sleep(until:)`)
        #else
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
        #endif
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func lock() {
        pthread_mutex_lock(mutex)
    }

    func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Wakes every thread that sleeps on the condition; called with the mutex held.
    func wakeAll() {
        pthread_cond_broadcast(condition)
    }

    /// Sleeps, the mutex released meanwhile, until woken (or woken spuriously).
    func sleep() {
        pthread_cond_wait(condition, mutex)
    }

    /// Sleeps, the mutex released meanwhile, until woken (or woken spuriously) or until
    /// `deadline`, in `monotonicNanoseconds()`; returns false once `deadline` has passed.
    func sleep(until deadline: Int) -> Bool {
        #if canImport(Darwin)
        let left = deadline - monotonicNanoseconds()
        guard left > 0 else { return false }
        var wait = timespec(tv_sec: left / 1_000_000_000, tv_nsec: left % 1_000_000_000)
        return pthread_cond_timedwait_relative_np(condition, mutex, &wait) != ETIMEDOUT
        #else
        var wait = timespec(tv_sec: deadline / 1_000_000_000, tv_nsec: deadline % 1_000_000_000)
        return pthread_cond_timedwait(condition, mutex, &wait) != ETIMEDOUT
        #endif
    }

    /// The instant `milliseconds` from now, in `monotonicNanoseconds()`.
    static func deadline(in milliseconds: Int) -> Int {
        monotonicNanoseconds() + milliseconds * 1_000_000
    }
}

/// State and the lock that guards it: ``locked(_:)`` is the only way to the state.
///
/// Whatever the closure returns is released after the lock is, which is how a displaced value or
/// a removed closure is let go of outside it (a `deinit` is user code). The lock is
/// `os_unfair_lock` on Apple platforms and a futex lock written in C elsewhere — locks that
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
    ///
    /// What `body` returns lives until after the unlock, also when the caller drops it at once
    /// (`_`): without `withExtendedLifetime`, a release build may release it as soon as it is
    /// made, inside the lock — and a removed closure's captures or a displaced value may have a
    /// `deinit` that uses this very subject, which would then deadlock (see
    /// DeinitOutsideTheLockTests).
    @inlinable
    func locked<Result>(_ body: (inout State) -> Result) -> Result {
        acquire(mutex)
        let result = body(&state.pointee)
        release(mutex)
        withExtendedLifetime(result) {}
        return result
    }
}

/// A thread's identity, to tell whether a sender is the thread that is delivering.
@usableFromInline typealias ThreadID = UInt

/// Makes this thread release its spare list of waiting operators when it exits
/// (Transaction.swift): the key's value only marks that it has one to release.
func releaseSpareListAtExit() {
    pthread_setspecific(spareListKey, UnsafeRawPointer(bitPattern: 1))
}

/// The thread-specific key whose destructor releases an exiting thread's spare list. Thread-local
/// storage is still there while key destructors run.
private let spareListKey: pthread_key_t = {
    var key = pthread_key_t()
    let made = pthread_key_create(&key) { _ in releaseSpareList() }
    precondition(made == 0, "no thread-specific key left for SimpleSubject")
    return key
}()

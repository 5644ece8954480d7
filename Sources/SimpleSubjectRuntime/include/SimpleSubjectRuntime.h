// The one function of the Swift concurrency runtime that SimpleSubject calls directly: whether
// the code running now is isolated to an executor. It is the question `MainActor.assumeIsolated`
// asks before it runs its closure, without the trap. See Sources/SimpleSubject/Isolation/RuntimeIsolation.swift.
#ifndef SIMPLESUBJECT_RUNTIME_H
#define SIMPLESUBJECT_RUNTIME_H

#include <stdbool.h>
#include <stdint.h>

/// The runtime's `SerialExecutorRef` (include/swift/ABI/Executor.h): the two words of Swift's
/// `UnownedSerialExecutor`, an identity and an implementation.
typedef struct {
    const void *_Nullable identity;
    uintptr_t implementation;
} SimpleSubjectExecutorRef;

/// `swift_task_is_current_executor_flag::MustNotAssert` (include/swift/Runtime/Concurrency.h):
/// answer false rather than trap when the executor is not the current one, even at the cost of
/// not asking a custom executor's `checkIsolated`.
#define SIMPLESUBJECT_MUST_NOT_ASSERT ((uint64_t)0x10)

/// Declared in include/swift/Runtime/Concurrency.h with the Swift calling convention; exported by
/// libswift_Concurrency since Swift 6.0 (macOS 15, iOS 18), the platforms this package requires.
__attribute__((swiftcall))
bool swift_task_isCurrentExecutorWithFlags(SimpleSubjectExecutorRef executor, uint64_t flags);

/// What one thread knows of the send it is in (Sources/SimpleSubject/Engine/Transaction.swift):
/// the subject whose delivery opened the transaction open on it (null while none is); the
/// operators that wait for its end — a retained Swift object, or null while none waits; and that
/// object kept for the next transaction once it is empty, so that a flush allocates nothing.
/// Then when this thread last waited for room in an actor's queue in vain (monotonic
/// nanoseconds, 0 for never): it waits for no actor's queue right after
/// (Sources/SimpleSubject/Isolation/HopTimeOut.swift). Then how many delivery domains' turns this
/// thread holds (Sources/SimpleSubject/Engine/SubjectBase+Domain.swift).
typedef struct {
    const void *_Nullable opener;
    void *_Nullable waiting;
    void *_Nullable spare;
    uint64_t hopTimedOutAt;
    uint32_t turnsHeld;
} SimpleSubjectThreadState;

/// This thread's state, which only this thread reads and writes.
extern _Thread_local SimpleSubjectThreadState simpleSubjectThreadState;

/// The address of this thread's state. Inline, so that a send that opens no transaction pays a
/// load from thread-local storage, not a call.
static inline SimpleSubjectThreadState *_Nonnull simple_subject_thread_state(void) {
    return &simpleSubjectThreadState;
}

#if defined(__linux__)
/// A lock of one word on Linux (SimpleSubjectRuntime.c): 0 unlocked, 1 locked, 2 locked with a
/// thread asleep on it. The whole of it is zero when unlocked, so Swift's `init()` makes one.
typedef struct {
    uint32_t state;
} SimpleSubjectLock;

/// `simple_subject_lock` once the lock was found taken: sleeps on a futex until it is had.
void simple_subject_lock_contended(SimpleSubjectLock *_Nonnull lock);

/// `simple_subject_unlock` once a thread may sleep on the lock: wakes one.
void simple_subject_wake_one(SimpleSubjectLock *_Nonnull lock);

/// Takes the lock, sleeping on a futex while another thread holds it. The uncontended path, one
/// compare-and-swap, is inline, so that a send pays no call for it (issue 31: two calls a stage).
static inline void simple_subject_lock(SimpleSubjectLock *_Nonnull lock) {
    uint32_t expected = 0;
    if (!__atomic_compare_exchange_n(&lock->state, &expected, 1, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
        simple_subject_lock_contended(lock);
    }
}

/// Lets the lock go, waking one sleeper if any: one exchange, inline, when none may sleep.
static inline void simple_subject_unlock(SimpleSubjectLock *_Nonnull lock) {
    if (__atomic_exchange_n(&lock->state, 0, __ATOMIC_RELEASE) == 2) {
        simple_subject_wake_one(lock);
    }
}
#endif

#endif

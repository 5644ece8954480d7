// The target's content is its header, include/SimpleSubjectRuntime.h, the one variable declared
// there, and the lock Linux uses.
#include "SimpleSubjectRuntime.h"

_Thread_local SimpleSubjectThreadState simpleSubjectThreadState = { 0, 0, 0, 0 };

#if defined(__linux__)
#if __has_include(<linux/futex.h>)
#include <linux/futex.h>
#else
#define FUTEX_WAIT_PRIVATE 128  // FUTEX_WAIT | FUTEX_PRIVATE_FLAG
#define FUTEX_WAKE_PRIVATE 129  // FUTEX_WAKE | FUTEX_PRIVATE_FLAG
#endif
#include <stdbool.h>
#include <stddef.h>
#include <sys/syscall.h>
#include <unistd.h>

// The futex mutex of Ulrich Drepper's "Futexes Are Tricky" (2011), its third version: a thread
// that finds the lock taken marks it contended (2) and sleeps while it stays so; the unlocking
// thread wakes one sleeper only when the mark says someone may sleep. Uncontended, a lock is one
// compare-and-swap and an unlock one exchange, the atomic operations `pthread_mutex_t` makes,
// without its type checks (callgrind: 53 instructions a lock and unlock, against 10); those two
// are inline, in the header, and the paths that sleep and wake are here. Written in C, so that
// ThreadSanitizer sees its atomics (the standard library's `Mutex` draws false reports from it
// on Linux).
void simple_subject_lock_contended(SimpleSubjectLock *lock) {
    while (__atomic_exchange_n(&lock->state, 2, __ATOMIC_ACQUIRE) != 0) {
        syscall(SYS_futex, &lock->state, FUTEX_WAIT_PRIVATE, 2, NULL, NULL, 0);
    }
}

void simple_subject_wake_one(SimpleSubjectLock *lock) {
    syscall(SYS_futex, &lock->state, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}
#endif

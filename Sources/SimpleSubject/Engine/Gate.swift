import Synchronization
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How long a waiter spins, yielding its core, before it sleeps on the condition.
let gateSpinNanoseconds = 50_000

/// Where senders wait their turn (a subject's or an actor hop's backpressure): tickets are
/// opened in order, and a waiter waits for its own.
///
/// A waiter first spins for up to `gateSpinNanoseconds`, yielding its core between looks: a turn
/// handed over by a thread that is delivering comes within microseconds, and a sleeping thread
/// takes a millisecond or more to wake on a virtual machine — with two threads sending to one
/// subject, those wake-ups were most of the cost of a send (issue 26). Then it sleeps on a
/// `pthread` condition, as long as its limit allows.
@usableFromInline final class Gate: @unchecked Sendable {
    // @unchecked because the condition's state, `opened`, is atomic, and the mutex and condition
    // are used only through pthread calls.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// How many tickets are open: ticket `n` is open once `opened > n`. Changed under `mutex`,
    /// so that a sleeper cannot miss the change; read without it while spinning.
    private let opened: Atomic<Int>

    @usableFromInline init(opened: Int = 0) {
        self.opened = Atomic(opened)
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
    @usableFromInline func wait(for ticket: Int, milliseconds limit: Int? = nil) -> Bool {
        if spinsUntilOpen(ticket) {
            return true
        }
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)  // the condition's clock
        let nanoseconds = deadline.tv_nsec + (limit ?? 0) * 1_000_000
        deadline.tv_sec += nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !isOpen(ticket) {
            if limit == nil {
                pthread_cond_wait(condition, mutex)
            } else if pthread_cond_timedwait(condition, mutex, &deadline) == ETIMEDOUT {
                break
            }
        }
        return isOpen(ticket)
    }

    /// Opens every ticket up to and including `ticket` (those before it belong to senders that
    /// stopped waiting).
    @usableFromInline func open(through ticket: Int) {
        pthread_mutex_lock(mutex)
        opened.store(max(opened.load(ordering: .relaxed), ticket + 1), ordering: .releasing)
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Opens the next ticket.
    @usableFromInline func openNext() {
        pthread_mutex_lock(mutex)
        opened.add(1, ordering: .releasing)
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    private func isOpen(_ ticket: Int) -> Bool {
        opened.load(ordering: .acquiring) > ticket
    }

    /// Looks for `ticket` to open for up to `gateSpinNanoseconds`, yielding between looks.
    private func spinsUntilOpen(_ ticket: Int) -> Bool {
        let start = monotonicNanoseconds()
        while monotonicNanoseconds() - start < gateSpinNanoseconds {
            if isOpen(ticket) {
                return true
            }
            sched_yield()
        }
        return isOpen(ticket)
    }
}

/// The monotonic clock, in nanoseconds.
func monotonicNanoseconds() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return now.tv_sec * 1_000_000_000 + now.tv_nsec
}

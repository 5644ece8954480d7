import Synchronization

/// How long a waiter spins, yielding its core, before it sleeps on the condition.
let gateSpinNanoseconds = 50_000

/// Where senders wait their turn (a subject's or an actor hop's backpressure): tickets are
/// opened in order, and a waiter waits for its own.
///
/// A waiter first spins for up to `gateSpinNanoseconds`, yielding its core between looks: a turn
/// handed over by a thread that is delivering comes within microseconds, and a sleeping thread
/// takes a millisecond or more to wake on a virtual machine — with two threads sending to one
/// subject, those wake-ups would be most of the cost of a send. Then it sleeps on a `pthread`
/// condition, as long as its limit allows.
@usableFromInline final class Gate: Sendable {
    private let condition = Condition()
    /// How many tickets are open: ticket `n` is open once `opened > n`. Changed under `condition`'s
    /// mutex, so that a sleeper cannot miss the change; read without it while spinning.
    private let opened: Atomic<Int>

    @usableFromInline init(opened: Int = 0) {
        self.opened = Atomic(opened)
    }

    /// Blocks until ticket number `ticket` (counting from 0) has been opened, or `limit`
    /// milliseconds have passed (none: no limit); returns whether it was opened.
    @usableFromInline func wait(for ticket: Int, milliseconds limit: Int? = nil) -> Bool {
        if spinsUntilOpen(ticket) {
            return true
        }
        let deadline = Condition.deadline(in: limit ?? 0)
        condition.lock()
        defer { condition.unlock() }
        while !isOpen(ticket) {
            if limit == nil {
                condition.sleep()
            } else if !condition.sleep(until: deadline) {
                break
            }
        }
        return isOpen(ticket)
    }

    /// Opens every ticket up to and including `ticket` (those before it belong to senders that
    /// stopped waiting).
    @usableFromInline func open(through ticket: Int) {
        condition.lock()
        opened.store(max(opened.load(ordering: .relaxed), ticket + 1), ordering: .releasing)
        condition.wakeAll()
        condition.unlock()
    }

    /// Opens the next ticket.
    @usableFromInline func openNext() {
        condition.lock()
        opened.add(1, ordering: .releasing)
        condition.wakeAll()
        condition.unlock()
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
            yieldCore()
        }
        return isOpen(ticket)
    }
}

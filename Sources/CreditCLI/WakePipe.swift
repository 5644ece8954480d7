#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// The self-pipe through which signal handlers wake the key loop to redraw.
///
/// Both ends are non-blocking. A handler writes one byte and ignores a full pipe (`EAGAIN`): a
/// byte is already waiting then, and one is all the loop needs, so a signal storm can never block
/// a handler. The loop reads every waiting byte at once and redraws once for all of them.
enum WakePipe {
    // Atomics, not variables: a handler may read them at any moment, and Swift's exclusivity
    // checks on global variables are not for signal handlers.
    private static let readEnd = Atomic<Int32>(-1)
    private static let writeEnd = Atomic<Int32>(-1)

    /// The end to poll for wake-ups; -1 when the pipe is not open.
    static var descriptor: Int32 { readEnd.load(ordering: .relaxed) }

    /// Opens the pipe; without it (no descriptors left) nothing but keys wakes the loop. Call it
    /// before installing the handlers that write to it, even if it fails: it also creates the
    /// atomics, which a handler must not do.
    static func open() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) != 0 { ends = [-1, -1] }
        for end in ends where end >= 0 {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        readEnd.store(ends[0], ordering: .relaxed)
        writeEnd.store(ends[1], ordering: .relaxed)
    }

    /// Closes the pipe (after the handlers that write to it are gone).
    static func close() {
        for end in [readEnd.exchange(-1, ordering: .relaxed), writeEnd.exchange(-1, ordering: .relaxed)] where end >= 0 {
            _ = systemClose(end)
        }
    }

    /// Asks the loop to redraw. Async-signal-safe: one non-blocking `write`; `errno` is kept.
    static func wake() {
        let savedErrno = errno
        var byte: UInt8 = 1
        _ = write(writeEnd.load(ordering: .relaxed), &byte, 1)  // EAGAIN: a wake-up is already waiting
        errno = savedErrno
    }

    /// Reads every waiting byte, so that a storm of wake-ups costs one redraw.
    static func drain() {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 512) { buffer in
            while read(descriptor, buffer.baseAddress, buffer.count) > 0 {}
        }
    }
}

private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }

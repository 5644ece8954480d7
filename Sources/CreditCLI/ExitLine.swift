#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// The line left in the scrollback when a signal ends the program, as `q` leaves it: kept ready
/// as bytes, so that a handler can write it with one `write(2)` and no allocation.
///
/// The key loop fills two fixed buffers in turn and then publishes the one it filled; a handler
/// writes the published one, so it sees the previous line or the new one, never half of either.
enum ExitLine {
    /// The most bytes kept; a longer line is cut (and still ends with a newline).
    static let capacity = 1_024
    // Shared only with this thread's signal handlers, which the publishing protocol above covers.
    nonisolated(unsafe) private static let buffers = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * capacity)
    nonisolated(unsafe) private static let lengths: UnsafeMutablePointer<Int> = {
        let lengths = UnsafeMutablePointer<Int>.allocate(capacity: 2)
        lengths.initialize(repeating: 0, count: 2)
        return lengths
    }()
    private static let published = Atomic<Int>(0)

    /// Makes `line` (without its newline) the one a signal leaves; the key loop calls it after
    /// each change. Not for handlers.
    static func set(_ line: String) {
        let next = 1 - published.load(ordering: .relaxed)
        let buffer = buffers + next * capacity
        var count = 0
        for byte in line.utf8.prefix(capacity - 1) {
            buffer[count] = byte
            count += 1
        }
        buffer[count] = UInt8(ascii: "\n")
        lengths[next] = count + 1
        published.store(next, ordering: .releasing)
    }

    /// Forgets the line, so that a signal leaves nothing. Call it before installing the handlers
    /// that write the line: it also creates the buffers, which a handler must not do.
    static func reset() {
        _ = buffers
        let next = 1 - published.load(ordering: .relaxed)
        lengths[next] = 0
        published.store(next, ordering: .releasing)
    }

    /// Writes the line to stdout. Async-signal-safe: one `write` (after ``reset()``).
    static func write() {
        let current = published.load(ordering: .acquiring)
        _ = systemWrite(1, buffers + current * capacity, lengths[current])
    }
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

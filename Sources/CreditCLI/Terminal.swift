// The CLI talks to the operating system only here and in RawMode, WakePipe and ExitLine.
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A read or a write that failed: what failed and the system's message, as `cat` says it
/// ("write error: No space left on device").
struct IOError: Error {
    let message: String

    /// The error `code` (an `errno`) that `operation` ("read", "write", "close") met.
    init(_ operation: String, code: Int32) {
        message = "\(operation) error: \(String(cString: strerror(code)))"
    }
}

enum Terminal {
    static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// The terminal's width in columns (80 when it cannot tell).
    static func width() -> Int {
        var size = winsize()
        return ioctl(1, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
    }

    /// Writes all of `text`, retrying after interruptions. Nothing is buffered: when this
    /// returns, the system has the bytes.
    static func write(_ text: String, to descriptor: Int32 = 1) throws(IOError) {
        var text = text
        let failure: Int32? = text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written < 0 { return errno }
                if written == 0 { return ENOSPC }  // nothing taken and no reason given: as coreutils reads it
                offset += written
            }
            return nil
        }
        if let failure { throw IOError("write", code: failure) }
    }

    /// Writes `message` and a newline to stderr, after `credit-cli: `, if stderr takes it: there
    /// is nowhere left to report a failure to.
    static func report(_ message: String) {
        try? write("credit-cli: \(message)\n", to: 2)
    }

    /// Closes stdout, where a write error that the system deferred (NFS, a quota) surfaces. A
    /// stdout that was never open is no error: nothing was written to it.
    static func closeOutput() throws(IOError) {
        if systemClose(1) != 0 && errno != EBADF { throw IOError("close", code: errno) }
    }

    /// Reads up to `count` bytes into `buffer`; 0 at end of input, retrying after interruptions.
    static func read(into buffer: UnsafeMutableRawPointer, count: Int, from descriptor: Int32 = 0) throws(IOError) -> Int {
        while true {
            let result = systemRead(descriptor, buffer, count)
            if result < 0 && errno == EINTR { continue }
            if result < 0 { throw IOError("read", code: errno) }
            return result
        }
    }

    /// What woke the key loop.
    enum Event {
        /// A key (or more) to read.
        case input
        /// The screen must be drawn again, all of it: after a resize, or after a stop.
        case redraw
        /// Nothing more to read.
        case endOfInput
    }

    /// Waits for a key or a ``WakePipe`` wake-up; with `timeout` (milliseconds) returns `nil`
    /// when nothing came.
    static func waitForEvent(timeout: Int32 = -1) -> Event? {
        var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: WakePipe.descriptor, events: Int16(POLLIN), revents: 0)]
        while true {
            let ready = poll(&fds, nfds_t(fds[1].fd >= 0 ? 2 : 1), timeout)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 { return .endOfInput }
            if ready == 0 { return nil }
            if fds[1].revents & Int16(POLLIN) != 0 {
                WakePipe.drain()
                return .redraw
            }
            // An error is input too: reading it says what went wrong.
            return fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 ? .input : .endOfInput
        }
    }

    /// The environment as a dictionary.
    static func environment() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let pair = String(cString: pointer)
            if let equals = pair.firstIndex(of: "=") {
                result[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// Standard output for writers that cannot throw (a session's subscriber): it keeps the first
/// error, writes nothing after it, and hands it over in ``check()``.
final class Output {
    private var error: IOError?

    func write(_ text: String) {
        guard error == nil else { return }
        do {
            try Terminal.write(text)
        } catch {
            self.error = error
        }
    }

    /// Throws the first error a write met, if one did.
    func check() throws(IOError) {
        if let error { throw error }
    }
}

// The CLI talks to the operating system only here and in RawMode, WakePipe and ExitLine.
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

enum Terminal {
    static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// The terminal's width in columns (80 when it cannot tell).
    static func width() -> Int {
        var size = winsize()
        return ioctl(1, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
    }

    /// Writes all of `text`, retrying after interruptions.
    static func write(_ text: String, to descriptor: Int32 = 1) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }

    /// Reads up to `count` bytes into `buffer`; 0 at end of input, retrying after interruptions.
    static func read(into buffer: UnsafeMutableRawPointer, count: Int, from descriptor: Int32 = 0) -> Int {
        while true {
            let result = systemRead(descriptor, buffer, count)
            if result < 0 && errno == EINTR { continue }
            return max(result, 0)
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
            return fds[0].revents & Int16(POLLIN | POLLHUP) != 0 ? .input : .endOfInput
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

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

// The only file of the CLI that talks to the operating system.
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// What a signal handler needs to put the terminal back. Written once before the handlers are
// installed, then only read — hence `nonisolated(unsafe)`.
nonisolated(unsafe) private var savedSettings = termios()
nonisolated(unsafe) private var leavesScreen = false
private let leaveScreen: StaticString = "\u{1B}[?25h\u{1B}[?1049l"
private let enterScreen = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J"

/// Puts the terminal back as it was. Async-signal-safe: only `write` and `tcsetattr`.
private func restoreTerminal() {
    if leavesScreen { _ = write(1, leaveScreen.utf8Start, leaveScreen.utf8CodeUnitCount) }
    tcsetattr(0, TCSAFLUSH, &savedSettings)
}

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

    /// Runs `body` with the terminal in raw mode (keys arrive one by one, unechoed; Ctrl-C and
    /// Ctrl-D arrive as bytes) and, with `fullScreen`, on the alternate screen. The terminal is
    /// restored when `body` returns, and on SIGINT, SIGTERM or SIGHUP, which leave the
    /// ``ExitLine`` on the main screen and exit with 128 + the signal's number.
    static func inRawMode(fullScreen: Bool, _ body: () -> Int32) -> Int32 {
        guard tcgetattr(0, &savedSettings) == 0 else { return body() }
        leavesScreen = fullScreen
        WakePipe.open()
        ExitLine.reset()
        // Handlers first, so that no moment passes with the terminal changed and unguarded.
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber) { received in
                restoreTerminal()
                ExitLine.write()
                _exit(128 + received)
            }
        }
        signal(SIGWINCH) { _ in WakePipe.wake() }
        // A parent may have started us with these blocked; the handlers only help if they run.
        var handled = sigset_t()
        sigemptyset(&handled)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP, SIGWINCH] { sigaddset(&handled, signalNumber) }
        sigprocmask(SIG_UNBLOCK, &handled, nil)
        var raw = savedSettings
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { controlCharacters in
            controlCharacters[Int(VMIN)] = 1
            controlCharacters[Int(VTIME)] = 0
        }
        tcsetattr(0, TCSAFLUSH, &raw)
        if fullScreen { write(enterScreen) }
        let status = body()
        restoreTerminal()
        for signalNumber in [SIGINT, SIGTERM, SIGHUP, SIGWINCH] { signal(signalNumber, SIG_DFL) }
        WakePipe.close()
        return status
    }

    /// What woke the key loop.
    enum Event { case input, resized, endOfInput }

    /// Waits for a key or a resize; with `timeout` (milliseconds) returns `nil` when nothing came.
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
                return .resized
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

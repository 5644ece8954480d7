import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The credit-cli binary that `swift test` built beside this test bundle.
let creditCLI: String = {
    let candidates = [Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0])]
        .map { $0.deletingLastPathComponent().appendingPathComponent("credit-cli").path }
    return candidates.first(where: FileManager.default.isExecutableFile(atPath:)) ?? candidates[0]
}()

/// What a run through pipes printed, and how it ended.
struct PipeRun {
    let stdout: String
    let stderr: String
    /// The exit status, or 128 + the signal that ended it, as a shell says it.
    let status: Int32
}

/// The command line that runs `executable` with `arguments` and `redirections` (shell syntax:
/// `"> /dev/full"`, `">&-"`, `"< /tmp"`), as a user's shell would: through `/bin/sh`, which
/// `exec`s it, so that the program is the process the test started, with the descriptors the
/// redirections leave. Without redirections, just the program.
func commandLine(running executable: String, _ arguments: [String], redirections: String) -> [String] {
    guard !redirections.isEmpty else { return [executable] + arguments }
    return ["/bin/sh", "-c", "exec \"$0\" \"$@\" \(redirections)", executable] + arguments
}

/// Runs credit-cli with `arguments`, `input` on stdin (a pipe) and exactly `environment`.
/// - Parameter redirections: Shell redirections that replace the pipes (see ``commandLine``):
///   the program's stdout or stdin is then the file they name, or closed.
/// - Parameter readsStdout: With `false`, nothing reads stdout: it is a pipe whose reading end
///   is closed, as `credit-cli | true` leaves it once `true` has exited.
/// - Parameter ignoresSigpipe: The program inherits this process's SIGPIPE, ignored (see below);
///   with `false` it gets the default action, as from a shell (through GNU `env`).
func runThroughPipes(_ arguments: [String] = [], input: [UInt8] = [], redirections: String = "",
                     readsStdout: Bool = true, ignoresSigpipe: Bool = true,
                     environment: [String: String] = ["PATH": "/usr/bin:/bin"]) throws -> PipeRun {
    let program = commandLine(running: creditCLI, arguments, redirections: redirections)
    let command = ignoresSigpipe ? program : ["/usr/bin/env", "--default-signal=PIPE"] + program
    let process = Process()
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    process.environment = environment
    let stdin = Pipe(), stdout = Pipe(), stderr = Pipe(), unread = Pipe()
    process.standardInput = stdin
    process.standardOutput = readsStdout ? stdout : unread.fileHandleForWriting
    process.standardError = stderr
    if !readsStdout {
        try unread.fileHandleForReading.close()
        try stdout.fileHandleForWriting.close()
    }
    // The program may exit before reading its input (a usage error does): then writing gets
    // EPIPE, which must be an ignored error here, not a SIGPIPE that kills the test process.
    signal(SIGPIPE, SIG_IGN)
    try process.run()
    // Write on another thread so a full output pipe can never block the writer.
    let writer = Thread {
        try? stdin.fileHandleForWriting.write(contentsOf: Data(input))
        try? stdin.fileHandleForWriting.close()
    }
    writer.start()
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    let err = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try? unread.fileHandleForWriting.close()
    let signalled = process.terminationReason == .uncaughtSignal
    return PipeRun(stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self),
                   status: signalled ? 128 + process.terminationStatus : process.terminationStatus)
}

// glibc declares these only with _XOPEN_SOURCE, which Swift's Glibc module does not set.
@_silgen_name("posix_openpt") private func posix_openpt(_ flags: Int32) -> Int32
@_silgen_name("grantpt") private func grantpt(_ descriptor: Int32) -> Int32
@_silgen_name("unlockpt") private func unlockpt(_ descriptor: Int32) -> Int32
@_silgen_name("ptsname") private func ptsname(_ descriptor: Int32) -> UnsafeMutablePointer<CChar>?

/// credit-cli (or a shell that runs it) on a pseudo-terminal, as a person would run it.
final class TerminalRun {
    private let master: Int32
    private let slave: Int32
    private let pid: pid_t
    /// Everything the program wrote to the terminal so far.
    private(set) var output = ""
    /// The terminal's settings before the program started.
    let initialSettings: [UInt8]

    /// - Parameter ownSession: Start the program in a session of its own, with this terminal as
    ///   its controlling terminal, as a terminal emulator does. Without it the program gets a
    ///   process group of its own in the test's session, as a job-control shell gives it: the
    ///   kernel ignores a stop signal's default action in a group that no parent in the same
    ///   session could resume (an orphaned group), so only this way can the program be stopped.
    ///   The terminal then sends no SIGWINCH, having no session.
    /// - Parameter executable: The program to run: credit-cli, or a shell that runs it as a job.
    /// - Parameter redirections: Shell redirections (see ``commandLine``) that take stdout or
    ///   stderr off the terminal: `"> /dev/full"`, `">&-"`.
    init(_ arguments: [String] = [], environment: [String: String] = ["TERM": "xterm-256color"],
         rows: UInt16 = 24, columns: UInt16 = 80, ownSession: Bool = true, executable: String = creditCLI,
         redirections: String = "") throws {
        master = posix_openpt(O_RDWR | O_NOCTTY)
        guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
            throw POSIXError(.ENODEV)
        }
        let slavePath = String(cString: name)
        // The test keeps the terminal open, so its settings outlive the program.
        slave = open(slavePath, O_RDWR | O_NOCTTY)
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        initialSettings = Self.settings(of: slave)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // In a new session, opening the terminal makes it the program's controlling terminal.
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, ownSession ? O_RDWR : O_RDWR | O_NOCTTY, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A new session, default signal handling and nothing blocked (the test's thread blocks
        // signals; a shell would not).
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        // SETSID or SETPGROUP (with group 0: the child's own), SETSIGMASK, SETSIGDEF.
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16((ownSession ? 0x80 : 0x02) | 0x08 | 0x04))
        let command = commandLine(running: executable, arguments, redirections: redirections)
        let argv = command.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, command[0], &actions, &attributes, argv, envp)
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO) }
        pid = child
    }

    deinit {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        close(master)
        close(slave)
    }

    /// The terminal's settings, as `stty -g` would see them.
    var settings: [UInt8] { Self.settings(of: slave) }

    private static func settings(of descriptor: Int32) -> [UInt8] {
        var current = termios()
        tcgetattr(descriptor, &current)
        return withUnsafeBytes(of: &current) { Array($0) }
    }

    func type(_ text: String) { type(Array(text.utf8)) }

    func type(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    func resize(rows: UInt16, columns: UInt16) {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)  // the kernel sends SIGWINCH
    }

    /// Reads until `output` (from `offset`) contains `text`; false if it did not within `seconds`.
    @discardableResult
    func waitFor(_ text: String, after offset: String.Index? = nil, seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if output[(offset ?? output.startIndex)...].contains(text) { return true }
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { return false }
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(remaining * 1000)) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(master, &buffer, buffer.count)
            if count <= 0 { return output[(offset ?? output.startIndex)...].contains(text) }
            output += String(decoding: buffer[..<count], as: UTF8.self)
        }
    }

    /// Waits for the program to exit; its exit status, or 128 + the signal that ended it.
    func exitStatus(seconds: Double = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        while Date() < deadline {
            _ = waitFor("\u{0}", seconds: 0.05)  // keep draining the terminal meanwhile
            if waitpid(pid, &status, WNOHANG) == pid {
                let signal = status & 0x7F
                return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
            }
        }
        return nil
    }

    func send(signal: Int32) { kill(pid, signal) }

    /// The terminal's foreground process group: the job that a shell running on it started last.
    var foregroundGroup: pid_t { tcgetpgrp(master) }

    /// Waits until `group` is no longer the terminal's foreground group (its shell took the
    /// terminal back); false if it still was after `seconds`.
    func waitUntilForeground(isNot group: pid_t, seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while foregroundGroup == group {
            if Date() >= deadline { return false }
            _ = waitFor("\u{0}", seconds: 0.01)  // keep draining the terminal meanwhile
        }
        return true
    }

    /// Stops the terminal's output, as Ctrl-S does with IXON: every write to it waits until
    /// ``releaseOutput()``.
    func holdOutput() { tcflow(slave, TCOOFF) }

    func releaseOutput() { tcflow(slave, TCOON) }

    /// Waits until the program is stopped (by SIGTSTP, say); false if it was not within `seconds`
    /// or exited instead.
    func waitUntilStopped(seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        while Date() < deadline {
            _ = waitFor("\u{0}", seconds: 0.05)  // keep draining the terminal meanwhile
            if waitpid(pid, &status, WNOHANG | WUNTRACED) == pid { return status & 0xFF == 0x7F }
        }
        return false
    }
}

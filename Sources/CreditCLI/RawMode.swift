#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

// Raw mode, the alternate screen and the signal handlers that keep the terminal right: restore it
// on the way out, give it back to the shell on a stop, take it again on a continue.
//
// Every handler is async-signal-safe: it calls only write, tcsetattr, tcgetpgrp, getpgrp, signal,
// sigprocmask (and the sigset functions), raise and _exit; it allocates nothing, takes no lock and
// never blocks (see ``WakePipe``); it keeps errno. What handlers read lives in atomics and in
// memory allocated before they are installed, out of reach of Swift's exclusivity checks on
// global variables.

/// The terminal's settings as they were (`[0]`) and in raw mode (`[1]`).
nonisolated(unsafe) private let settings = UnsafeMutablePointer<termios>.allocate(capacity: 2)
/// Whether the program uses the alternate screen (set before the handlers are installed).
private let fullScreen = Atomic<Bool>(false)
/// How many times SIGCONT's handler has run, so that a stop can tell whether it happened.
private let continuations = Atomic<Int>(0)
/// The signals whose default action ends the program, which would leave the terminal raw: each
/// puts it back first and exits with 128 + its number, as Ctrl-C does with 130. Not here: SIGKILL
/// and SIGSTOP, which cannot be caught, and the crash signals (SIGSEGV, SIGBUS, SIGILL, SIGFPE,
/// SIGTRAP, SIGABRT), which the program's own faults raise and the Swift runtime's backtracer
/// owns. A signal ignored on entry (as `nohup` ignores SIGHUP) stays ignored.
private let endingSignals: [Int32] = {
    let portable = [SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGALRM, SIGTERM, SIGUSR1, SIGUSR2, SIGPROF, SIGVTALRM,
                    SIGXCPU, SIGXFSZ, SIGSYS]
    #if os(Linux)
    return portable + [SIGSTKFLT, SIGIO, SIGPWR] + Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
    #else
    return portable
    #endif
}()
/// The signals whose handlers are installed while in raw mode.
private let handledSignals = endingSignals + [SIGWINCH, SIGTSTP, SIGCONT]

extension Terminal {
    /// Runs `body` with the terminal in raw mode (keys arrive one by one, unechoed; Ctrl-C, Ctrl-D
    /// and Ctrl-Z arrive as bytes) and, with `fullScreen`, on the alternate screen. The terminal
    /// is restored when `body` returns; on a signal that ends the program (SIGINT, SIGTERM, SIGHUP,
    /// SIGQUIT and the rest of `endingSignals`), which leaves the ``ExitLine`` on the main screen
    /// and exits with 128 + the signal's number; and on SIGTSTP,
    /// which then stops the program until SIGCONT takes the terminal again and wakes the
    /// ``WakePipe`` to redraw. An error `body` throws comes out once the terminal is restored.
    static func inRawMode<Failure: Error>(fullScreen isFullScreen: Bool,
                                          _ body: () throws(Failure) -> Int32) throws(Failure) -> Int32 {
        guard tcgetattr(0, settings) == 0 else { return try body() }
        settings[1] = rawSettings(from: settings[0])
        fullScreen.store(isFullScreen, ordering: .relaxed)
        continuations.store(0, ordering: .relaxed)  // created here, not in a handler
        WakePipe.open()
        ExitLine.reset()
        // What each signal did before, given back on the way out (the runtime's SIGQUIT handler).
        var previousActions: [sigaction] = Array(repeating: sigaction(), count: handledSignals.count)
        for (index, signalNumber) in handledSignals.enumerated() {
            sigaction(signalNumber, nil, &previousActions[index])
        }
        // Handlers first, so that no moment passes with the terminal changed and unguarded.
        for (index, signalNumber) in endingSignals.enumerated() where !ignores(previousActions[index]) {
            signal(signalNumber, exitOnSignal)
        }
        signal(SIGWINCH, redrawOnSignal)
        signal(SIGTSTP, suspendOnSignal)
        signal(SIGCONT, resumeOnSignal)
        // A parent may have started us with these blocked; the handlers only help if they run.
        var handled = signalSet(handledSignals), previous = sigset_t()
        sigprocmask(SIG_UNBLOCK, &handled, nil)
        tcsetattr(0, TCSAFLUSH, settings + 1)
        if isFullScreen { writeStatic(enterScreen) }
        let status = Result(catching: body)
        // Held while the terminal is put back, so that no handler takes it again afterwards;
        // whatever came meanwhile gets the action it had before once they are released.
        sigprocmask(SIG_BLOCK, &handled, &previous)
        restoreTerminal()
        for (index, signalNumber) in handledSignals.enumerated() {
            sigaction(signalNumber, &previousActions[index], nil)
        }
        WakePipe.close()
        sigprocmask(SIG_SETMASK, &previous, nil)
        return try status.get()
    }

    /// Stops the program as Ctrl-Z does outside raw mode: SIGTSTP to the whole process group, as
    /// the terminal sends it (a script that started the program stops with it).
    static func suspend() {
        kill(0, SIGTSTP)
    }
}

// Computed, not stored: a stored global is created on first use, which must not be in a handler.
private var enterScreen: StaticString { "\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J" }
private var leaveScreen: StaticString { "\u{1B}[?25h\u{1B}[?1049l" }

/// `cooked` with echo, line editing, signal keys and input translation off, one byte at a time.
private func rawSettings(from cooked: termios) -> termios {
    var raw = cooked
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { controlCharacters in
        controlCharacters[Int(VMIN)] = 1
        controlCharacters[Int(VTIME)] = 0
    }
    return raw
}

extension Terminal {
    /// Gives SIGQUIT its default action — end the program, status 131 — as every other ending
    /// signal has outside raw mode (scripted runs), instead of the Swift runtime's backtracer,
    /// which reports a crash and exits 0. Ignored on entry, it stays ignored.
    static func quitsByDefault() {
        var current = sigaction()
        sigaction(SIGQUIT, nil, &current)
        if !ignores(current) {
            signal(SIGQUIT, SIG_DFL)
        }
    }
}

/// Whether `action` ignores its signal.
private func ignores(_ action: sigaction) -> Bool {
    #if canImport(Darwin)
    let handler = action.__sigaction_u.__sa_handler
    #else
    let handler = action.__sigaction_handler.sa_handler
    #endif
    return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
}

/// A set of `signals` (not for handlers: the array allocates).
private func signalSet(_ signals: [Int32]) -> sigset_t {
    var set = sigset_t()
    sigemptyset(&set)
    for signalNumber in signals { sigaddset(&set, signalNumber) }
    return set
}

/// Puts the terminal back as it was: main screen, cursor shown, cooked mode. Async-signal-safe.
///
/// A shell may have taken the terminal already: it does as soon as the script that started the
/// program stops, which SIGTSTP to the process group does at once. Changing the settings from
/// the background then raises SIGTTOU, which would stop the program halfway through; so SIGTTOU
/// is held meanwhile (the change goes through), and keys typed since are left to the shell.
private func restoreTerminal() {
    var terminalOutput = sigset_t(), previous = sigset_t()
    sigemptyset(&terminalOutput)
    sigaddset(&terminalOutput, SIGTTOU)
    sigprocmask(SIG_BLOCK, &terminalOutput, &previous)
    if fullScreen.load(ordering: .relaxed) { writeStatic(leaveScreen) }
    tcsetattr(0, tcgetpgrp(0) == getpgrp() ? TCSAFLUSH : TCSANOW, settings)
    sigprocmask(SIG_SETMASK, &previous, nil)
}

/// Takes the terminal again after a stop and asks the key loop to redraw. Async-signal-safe.
/// Keys typed since are kept.
private func retakeTerminal() {
    tcsetattr(0, TCSANOW, settings + 1)
    if fullScreen.load(ordering: .relaxed) { writeStatic(enterScreen) }
    WakePipe.wake()
}

private func writeStatic(_ text: StaticString) {
    _ = systemWrite(1, text.utf8Start, text.utf8CodeUnitCount)
}

/// A signal that ends the program: the terminal back, the final line left, exit 128 + the signal.
/// Every other signal is held meanwhile, so that none (a SIGTSTP, another ending one) cuts in.
private func exitOnSignal(_ received: Int32) {
    var all = sigset_t()
    sigfillset(&all)
    sigprocmask(SIG_BLOCK, &all, nil)
    restoreTerminal()
    ExitLine.write()
    _exit(128 + received)
}

/// SIGWINCH: redraw at the new size.
private func redrawOnSignal(_: Int32) {
    WakePipe.wake()
}

/// SIGTSTP: the terminal back to the shell, then stop with the default action. Resumes here after
/// SIGCONT, whose handler has run by then and taken the terminal again.
private func suspendOnSignal(_: Int32) {
    let savedErrno = errno
    let continuedBefore = continuations.load(ordering: .relaxed)
    restoreTerminal()
    // A SIGCONT while restoring (after a SIGSTOP, say): the program was stopped and resumed, and
    // the rest of the restore undid what SIGCONT's handler did. Stopping again would leave it
    // stopped where its shell believes it runs; take the terminal again instead.
    if continuations.load(ordering: .relaxed) != continuedBefore {
        retakeTerminal()
        errno = savedErrno
        return
    }
    signal(SIGTSTP, SIG_DFL)
    var stop = sigset_t()  // not signalSet(_:): its array would allocate
    sigemptyset(&stop)
    sigaddset(&stop, SIGTSTP)
    sigprocmask(SIG_UNBLOCK, &stop, nil)
    raise(SIGTSTP)
    signal(SIGTSTP, suspendOnSignal)
    // The kernel ignores the stop in a process group that no shell could resume (an orphaned
    // one): then no SIGCONT came, and the terminal is taken again here.
    if continuations.load(ordering: .relaxed) == continuedBefore { retakeTerminal() }
    errno = savedErrno
}

/// SIGCONT (`fg`): raw mode and the alternate screen again, and a full redraw.
private func resumeOnSignal(_: Int32) {
    let savedErrno = errno
    continuations.wrappingAdd(1, ordering: .relaxed)
    retakeTerminal()
    errno = savedErrno
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

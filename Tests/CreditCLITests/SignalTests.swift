import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Signals sent to the interactive program: storms, and the ones that end it.
@Suite(.serialized) struct SignalTests {
    @Test func aSigwinchStormLeavesItAnsweringQ() throws {
        let terminal = try TerminalRun()
        #expect(terminal.waitFor("q quit"))
        // Not reading meanwhile: the redraws fill the terminal and block the program in a write
        // while the signals keep coming, each handled by writing to the program's wake-up pipe.
        // A million: fewer rarely fill the pipe on a two-core machine.
        for _ in 0..<1_000_000 { terminal.send(signal: SIGWINCH) }
        terminal.type("q")
        #expect(terminal.exitStatus(seconds: 20) == 0)
    }

    @Test(arguments: [(SIGTERM, 143), (SIGHUP, 129)] as [(Int32, Int32)])
    func aSignalThatEndsItLeavesTheFinalStateLineAsQDoes(signal: Int32, status: Int32) throws {
        let terminal = try TerminalRun()
        #expect(terminal.waitFor("q quit"))
        terminal.type("  ")
        #expect(terminal.waitFor("Credit   \u{1B}[90m10\u{1B}[39m"))
        terminal.send(signal: signal)
        #expect(terminal.exitStatus() == status)
        #expect(terminal.waitFor("\u{1B}[?1049lming: \u{1B}[90m10\u{1B}[39m gray \u{1B}[90mFail\u{1B}[39m\r\n"))
    }

    /// Every signal whose default action ends the program (as far as it can be caught, and but for
    /// the crash signals, which are the Swift runtime's) puts the terminal back first and leaves
    /// the final line, then exits with 128 + the signal's number.
    @Test(arguments: [
        (SIGINT, 130), (SIGTERM, 143), (SIGHUP, 129), (SIGQUIT, 131), (SIGUSR1, 138), (SIGUSR2, 140),
        (SIGALRM, 142), (SIGVTALRM, 154), (SIGPROF, 155), (SIGPIPE, 141), (SIGXCPU, 152), (SIGXFSZ, 153),
        (SIGSTKFLT, 144), (SIGIO, 157), (SIGPWR, 158), (SIGSYS, 159),
    ] as [(Int32, Int32)])
    func aSignalThatEndsItRestoresTheTerminalFirst(signal: Int32, status: Int32) throws {
        try expectRestoredTerminal(after: signal, status: status)
    }

    @Test func realTimeSignalsEndItWithTheTerminalRestoredToo() throws {
        for signal in [__libc_current_sigrtmin(), __libc_current_sigrtmax()] {
            try expectRestoredTerminal(after: signal, status: 128 + signal)
        }
    }

    private func expectRestoredTerminal(after signal: Int32, status: Int32) throws {
        let terminal = try TerminalRun()
        #expect(terminal.waitFor("q quit"))
        let mark = terminal.output.endIndex
        terminal.send(signal: signal)
        #expect(terminal.exitStatus() == status, "signal \(signal)")
        #expect(terminal.waitFor("\u{1B}[?25h\u{1B}[?1049lming: ", after: mark, seconds: 1), "signal \(signal)")
        #expect(terminal.settings == terminal.initialSettings, "signal \(signal)")
    }
}

/// A scripted run is a filter: a signal that ends a program ends it by the signal's default action,
/// as it ends `cat` or `grep` — the parent sees the signal (a shell reports 128 + its number) and a
/// script running it stops too — with every line already printed on stdout (it is not buffered).
/// SIGQUIT goes by its default action too, not to the Swift runtime's backtracer ("Program
/// crashed", status 0, before an outside attack found it).
@Suite struct ScriptedSignalTests {
    @Test(arguments: [("INT", SIGINT), ("TERM", SIGTERM), ("HUP", SIGHUP), ("QUIT", SIGQUIT)] as [(String, Int32)])
    func aSignalEndsAScriptedRunByItsDefaultActionAfterWhatItPrinted(name: String, signal: Int32) throws {
        let process = Process()
        // With the signal's default action, as a shell gives a program it starts (this test
        // process may ignore it, and an ignored signal stays ignored), through GNU `env`.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["--default-signal=\(name)", creditCLI]
        process.environment = ["PATH": "/usr/bin:/bin"]
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        try stdin.fileHandleForWriting.write(contentsOf: Data("add\n".utf8))
        let first = stdout.fileHandleForReading.availableData  // it is running its loop
        #expect(String(decoding: first, as: UTF8.self) == "5 gray Fail\n")
        kill(process.processIdentifier, signal)
        try? stdin.fileHandleForWriting.close()  // had the signal been ignored, it ends here
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == signal)
        #expect(!String(decoding: err, as: UTF8.self).contains("crashed"))
    }
}

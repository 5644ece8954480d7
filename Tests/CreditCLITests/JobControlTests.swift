import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-Z and `fg`, as in vim or less: the terminal is the shell's while the program is stopped.
@Suite(.serialized) struct JobControlTests {
    /// Leaving the alternate screen and showing the cursor.
    let leaveScreen = "\u{1B}[?25h\u{1B}[?1049l"

    @Test func sigtstpRestoresTheTerminalThenStops() throws {
        let terminal = try TerminalRun(ownSession: false)
        #expect(terminal.waitFor("q quit"))
        let mark = terminal.output.endIndex
        terminal.send(signal: SIGTSTP)
        #expect(terminal.waitUntilStopped())
        #expect(terminal.waitFor(leaveScreen, after: mark))
        #expect(terminal.settings == terminal.initialSettings)  // cooked, as the shell expects
    }

    @Test func sigcontAfterAStopRedrawsInRawModeAndKeysStillWork() throws {
        let terminal = try TerminalRun(ownSession: false)
        #expect(terminal.waitFor("q quit"))
        terminal.type(" ")
        #expect(terminal.waitFor("Credit   \u{1B}[90m5\u{1B}[39m"))
        terminal.send(signal: SIGTSTP)
        #expect(terminal.waitUntilStopped())
        let mark = terminal.output.endIndex
        terminal.send(signal: SIGCONT)
        #expect(terminal.waitFor("\u{1B}[?1049h", after: mark))  // back on the alternate screen
        #expect(terminal.waitFor("Credit   \u{1B}[90m5\u{1B}[39m", after: mark))
        #expect(terminal.waitFor("q quit", after: mark))
        #expect(terminal.settings != terminal.initialSettings)  // raw again
        terminal.type(" ")
        #expect(terminal.waitFor("Credit   \u{1B}[90m10\u{1B}[39m", after: mark))
        terminal.type("q")
        #expect(terminal.exitStatus() == 0)
        #expect(terminal.settings == terminal.initialSettings)
    }

    @Test func ctrlZSuspendsAsSigtstpDoes() throws {
        let terminal = try TerminalRun(ownSession: false)
        #expect(terminal.waitFor("q quit"))
        let mark = terminal.output.endIndex
        terminal.type([0x1A])
        #expect(terminal.waitUntilStopped())
        #expect(terminal.waitFor(leaveScreen, after: mark))
        #expect(!terminal.output[mark...].contains("Unknown key"))
        #expect(terminal.settings == terminal.initialSettings)
        terminal.send(signal: SIGCONT)
        #expect(terminal.waitFor("q quit", after: mark))
        terminal.type("q")
        #expect(terminal.exitStatus() == 0)
    }

    /// `bash -c 'credit-cli; ...'` run by an interactive shell and stopped from outside (SIGTSTP to
    /// its process group): the script stops at once and the shell takes the terminal back, often
    /// before credit-cli's handler has given it back. That must still end in one stop, which `fg`
    /// resumes. The terminal's output is held meanwhile, so that the handler always loses the race.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash")))
    func stoppedFromOutsideWhileAScriptRunsItFgResumesIt() throws {
        let shell = try TerminalRun(["--norc", "--noprofile", "-i"],
                                    environment: ["TERM": "xterm-256color", "PS1": "$ ", "PATH": "/usr/bin:/bin"],
                                    executable: "/bin/bash")
        try #require(shell.waitFor("$ "))
        shell.type("bash -c '\(creditCLI); echo script went on'\n")
        try #require(shell.waitFor("q quit"))
        let job = shell.foregroundGroup
        defer { kill(-job, SIGKILL) }
        for round in 1...3 {
            let stopped = shell.output.endIndex
            shell.holdOutput()  // the handler's first write waits here
            kill(-job, SIGTSTP)
            let shellTookTheTerminal = shell.waitUntilForeground(isNot: job)
            shell.releaseOutput()
            try #require(shellTookTheTerminal, "round \(round)")
            try #require(shell.waitFor("Stopped", after: stopped), "round \(round)")
            let resumed = shell.output.endIndex
            shell.type("fg\n")
            try #require(shell.waitFor("q quit", after: resumed), "round \(round): no redraw after fg")
            shell.type(" ")
            try #require(shell.waitFor("Credit   \u{1B}[90m\(5 * round)\u{1B}[39m", after: resumed), "round \(round)")
        }
        shell.type("q")
        #expect(shell.waitFor("script went on"))
    }

    @Test func ctrlZWhereNoShellCouldResumeItTakesTheTerminalBackAtOnce() throws {
        // In a session of its own the program's process group is orphaned: the kernel ignores the
        // stop, no SIGCONT comes, and the program must not be left in cooked mode.
        let terminal = try TerminalRun()
        #expect(terminal.waitFor("q quit"))
        let mark = terminal.output.endIndex
        terminal.type([0x1A])
        #expect(terminal.waitFor(leaveScreen, after: mark))
        #expect(terminal.waitFor("q quit", after: mark))
        #expect(terminal.settings != terminal.initialSettings)
        terminal.type("q")
        #expect(terminal.exitStatus() == 0)
    }
}

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

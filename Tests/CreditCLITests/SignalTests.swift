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
        // A million, as DESIGN.md says; fewer rarely fill the pipe on a two-core machine.
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
}

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Reads and writes that fail (issue 27, item 3): a message on stderr and status 1, as `cat`
/// gives them, never a quiet success with the output lost.
@Suite(.serialized) struct IOErrorTests {
    static let diskFull = "credit-cli: write error: No space left on device\n"
    static let stdoutClosed = "credit-cli: write error: Bad file descriptor\n"

    @Test func aScriptWritingToAFullDiskFailsWithTheSystemsMessage() throws {
        let run = try runThroughPipes(input: Array("add\nadd\n".utf8), redirections: "> /dev/full")
        #expect(run.stderr == Self.diskFull)
        #expect(run.status == 1)
    }

    @Test func aScriptWritingToAClosedStdoutFails() throws {
        let run = try runThroughPipes(input: Array("add\nquit\n".utf8), redirections: ">&-")
        #expect(run.stderr == Self.stdoutClosed)
        #expect(run.status == 1)
    }

    /// Only a failed write is an error: a script that prints nothing succeeds without stdout,
    /// as `cat < /dev/null >&-` does.
    @Test func aScriptThatPrintsNothingNeedsNoStdout() throws {
        for redirections in [">&-", "> /dev/full"] {
            let run = try runThroughPipes(input: Array("set 0\nbogus\nquit\n".utf8), redirections: redirections)
            #expect(run.status == 0, "\(redirections)")
            #expect(run.stderr.hasPrefix("credit-cli: line 2: "), "\(redirections)")
        }
    }

    @Test(arguments: [["--help"], ["--version"], ["--graph"]])
    func whatAnOptionPrintsFailsOnAFullDiskOrAClosedStdout(arguments: [String]) throws {
        let full = try runThroughPipes(arguments, redirections: "> /dev/full")
        #expect(full.stderr == Self.diskFull)
        #expect(full.status == 1)
        let closed = try runThroughPipes(arguments, redirections: ">&-")
        #expect(closed.stderr == Self.stdoutClosed)
        #expect(closed.status == 1)
    }

    @Test func aDirectoryAsStdinIsAReadError() throws {
        let run = try runThroughPipes(redirections: "< /tmp")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "credit-cli: read error: Is a directory\n")
        #expect(run.status == 1)
    }

    /// A usage error stays 64, whatever stdout is.
    @Test func aUsageErrorIsStill64() throws {
        let run = try runThroughPipes(["--bogus"], redirections: "> /dev/full")
        #expect(run.status == 64)
    }

    /// The documented signal behaviour, kept: a pipe nobody reads raises SIGPIPE, which ends a
    /// script quietly with 141 (128 + 13), as it ends `cat` and `head`.
    @Test func aScriptWritingToAPipeNobodyReadsEndsWithSigpipe() throws {
        let run = try runThroughPipes(input: Array("add\nadd\n".utf8), readsStdout: false, ignoresSigpipe: false)
        #expect(run.status == 141)
        #expect(run.stderr.isEmpty)
    }

    /// Where SIGPIPE is ignored (this test process ignores it, and its children inherit that),
    /// the write fails with EPIPE instead: an error like any other, as `cat` reports it.
    @Test func withSigpipeIgnoredAPipeNobodyReadsIsAWriteError() throws {
        let run = try runThroughPipes(input: Array("add\nadd\n".utf8), readsStdout: false)
        #expect(run.stderr == "credit-cli: write error: Broken pipe\n")
        #expect(run.status == 1)
    }

    /// The screen cannot be written: the terminal is put back, the message goes to stderr (still
    /// the terminal) and the status is 1.
    @Test(arguments: [("> /dev/full", diskFull), (">&-", stdoutClosed)])
    func anInteractiveScreenThatCannotBeWrittenRestoresTheTerminalAndFails(redirections: String,
                                                                           message: String) throws {
        let terminal = try TerminalRun(redirections: redirections)
        #expect(terminal.exitStatus() == 1)
        #expect(terminal.waitFor(message.replacingOccurrences(of: "\n", with: "\r\n"), seconds: 1))
        #expect(terminal.settings == terminal.initialSettings)
    }
}

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The real binary, through pipes and through a pseudo-terminal.
@Suite(.serialized) struct PipeTests {
    @Test func aScriptedSessionPrintsOneLinePerChange() throws {
        let run = try runThroughPipes(input: Array("add\n\nadd 20\nset 70\nreset\nreset\nadd -5\nquit\nadd\n".utf8))
        #expect(run.stdout == """
            5 gray Fail
            10 gray Fail
            30 purple Fail
            70 red Pass
            0 gray Not set

            """)
        #expect(run.stderr.isEmpty)
        #expect(run.status == 0)
    }

    @Test func badLinesGoToStderrWithTheirNumberAndChangeNothing() throws {
        var input = Array("add\njump\nset -3\nadd 99999999999999999999\n".utf8) + [0xC3, 0x28, 0x0A]
        input += Array(repeating: UInt8(ascii: "9"), count: 100_000) + Array("\nadd\n".utf8)
        let run = try runThroughPipes(input: input)
        #expect(run.stdout == "5 gray Fail\n10 gray Fail\n")
        let errors = run.stderr.split(separator: "\n")
        #expect(errors.count == 5)
        #expect(errors[0] == #"credit-cli: line 2: "jump": unknown command; use add, add N, set N, reset or quit"#)
        #expect(errors[1] == #"credit-cli: line 3: "set -3": set needs 0 or more, not -3"#)
        #expect(errors[2].hasPrefix("credit-cli: line 4: \"add 99999999999999999999\": "))
        #expect(errors[3].hasSuffix("not valid UTF-8"))
        #expect(errors[4].hasPrefix("credit-cli: line 6: ") && errors[4].hasSuffix("longer than 1024 bytes"))
        #expect(run.status == 0)
    }

    @Test func endOfInputWithoutANewlineStillRunsTheLastLine() throws {
        let run = try runThroughPipes(input: Array("set 30".utf8))
        #expect(run.stdout == "30 purple Fail\n")
        #expect(run.status == 0)
    }

    @Test func emptyInputPrintsNothing() throws {
        let run = try runThroughPipes()
        #expect(run.stdout.isEmpty && run.stderr.isEmpty && run.status == 0)
    }

    @Test func sumsSaturateInsteadOfTrapping() throws {
        let run = try runThroughPipes(input: Array("set 9223372036854775807\nadd\nadd 9223372036854775807\n".utf8))
        #expect(run.stdout == "9223372036854775807 red Pass\n")
        #expect(run.status == 0)
    }

    @Test func chineseLabelsAndColourOnRequest() throws {
        let run = try runThroughPipes(["--color", "always"], input: Array("set 75\n".utf8),
                                      environment: ["LANG": "zh_CN.UTF-8", "NO_COLOR": "1"])
        #expect(run.stdout == "\u{1B}[31m75\u{1B}[39m red \u{1B}[31m合格\u{1B}[39m\n")
    }

    @Test(arguments: [["--bogus"], ["--step", "0"], ["--pass-mark", "20"], ["--gender", "x"], ["stray"]])
    func badOptionsExit64WithAMessageAndNothingOnStdout(arguments: [String]) throws {
        // More input than a pipe holds: the program exits without reading it, so this also proves
        // that the harness survives writing into a closed pipe.
        let run = try runThroughPipes(arguments, input: Array(repeating: UInt8(ascii: "\n"), count: 256 * 1024))
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("credit-cli: "))
        #expect(run.stderr.hasSuffix("Try 'credit-cli --help' for more information.\n"))
    }

    @Test func aDoubleDashAloneIsAccepted() throws {
        let run = try runThroughPipes(["--"], input: Array("quit\n".utf8))
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
    }

    @Test func optionsArriveAsTheReadmesSwiftRunPassesThem() throws {
        // `swift run credit-cli --lang zh --name hong` runs the program with exactly these.
        let run = try runThroughPipes(["--lang", "zh", "--name", "hong"], input: Array("add\n".utf8))
        #expect(run.stdout == "5 gray 不合格\n")
        #expect(run.status == 0)
    }

    @Test func graphPrintsTheDemosDataFlowAsDotAndExits0() throws {
        let run = try runThroughPipes(["--graph", "--lang", "zh"])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.hasPrefix("digraph SimpleSubject {\n"))
        #expect(run.stdout.hasSuffix("}\n"))
        // The credit, the five outputs of the view model, and the screen's one subscription.
        #expect(run.stdout.contains("label=\"Subject<Int>(value: 0)\"];"))
        #expect(run.stdout.split(separator: "\n").filter { $0.contains("label=\"map\\n") }.count == 5)
        #expect(run.stdout.contains("label=\"Subject<String>(value: \\\"未设置\\\")\"];"))
        #expect(run.stdout.contains("label=\"subscriber\\nCreditCLI/Sessions.swift:"))
        #expect(try runThroughPipes(["--graph=yes"]).status == 64)
    }

    @Test func helpAndVersionGoToStdout() throws {
        let help = try runThroughPipes(["--help"])
        #expect(help.status == 0 && help.stdout.hasPrefix("Usage: credit-cli") && help.stderr.isEmpty)
        let version = try runThroughPipes(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.wholeMatch(of: /credit-cli \d+\.\d+\.\d+\n/) != nil)
    }
}

@Suite(.serialized) struct TerminalTests {
    @Test func theDemoStartsWithTheSeedsStudent() throws {
        let terminal = try TerminalRun()
        #expect(terminal.waitFor("q quit"))
        #expect(terminal.output.contains("Name     ming"))
        #expect(terminal.output.contains("Gender   male"))
        #expect(terminal.output.contains("Number   345"))
        #expect(terminal.output.contains("Credit   \u{1B}[90m0\u{1B}[39m"))
        #expect(terminal.output.contains("Status   \u{1B}[90mNot set\u{1B}[39m"))
        terminal.type("q")
        #expect(terminal.exitStatus() == 0)
    }

    @Test func keysChangeTheCreditAndTheColoursChangeAt30And70() throws {
        let terminal = try TerminalRun()
        #expect(terminal.waitFor("q quit"))
        terminal.type(String(repeating: " ", count: 5))
        #expect(terminal.waitFor("Credit   \u{1B}[90m25\u{1B}[39m"))
        terminal.type("+")
        #expect(terminal.waitFor("Credit   \u{1B}[35m30\u{1B}[39m"))
        #expect(terminal.waitFor("Status   \u{1B}[90mFail\u{1B}[39m"))
        terminal.type("\r\r\r\r\r\r\r")
        #expect(terminal.waitFor("Credit   \u{1B}[35m65\u{1B}[39m"))
        terminal.type("\r")
        #expect(terminal.waitFor("Credit   \u{1B}[31m70\u{1B}[39m"))
        #expect(terminal.waitFor("Status   \u{1B}[31mPass\u{1B}[39m"))
        terminal.type("-")
        #expect(terminal.waitFor("Credit   \u{1B}[35m65\u{1B}[39m"))
        terminal.type("r")
        #expect(terminal.waitFor("Status   \u{1B}[90mNot set\u{1B}[39m"))
        terminal.type("q")
        #expect(terminal.exitStatus() == 0)
        // The final state stays in the scrollback once the alternate screen is gone.
        #expect(terminal.waitFor("\u{1B}[?1049lming: \u{1B}[90m0\u{1B}[39m gray \u{1B}[90mNot set\u{1B}[39m\r\n"))
    }

    @Test func ctrlCExits130AndRestoresTheTerminal() throws {
        let terminal = try TerminalRun()
        let before = terminal.initialSettings
        #expect(terminal.waitFor("q quit"))
        #expect(terminal.settings != before)  // raw mode is on
        terminal.type([0x03])
        #expect(terminal.exitStatus() == 130)
        #expect(terminal.settings == before)
        #expect(terminal.output.contains("\u{1B}[?1049l"))  // left the alternate screen
    }

    @Test(arguments: [(SIGTERM, 143), (SIGHUP, 129), (SIGINT, 130)] as [(Int32, Int32)])
    func signalsRestoreTheTerminal(signal: Int32, status: Int32) throws {
        let terminal = try TerminalRun()
        let before = terminal.initialSettings
        #expect(terminal.waitFor("q quit"))
        terminal.send(signal: signal)
        #expect(terminal.exitStatus() == status)
        #expect(terminal.settings == before)
    }

    @Test(arguments: [[UInt8(ascii: "q")], [0x1B], [0x04]])
    func qEscAndCtrlDQuitWithStatus0(key: [UInt8]) throws {
        let terminal = try TerminalRun()
        let before = terminal.initialSettings
        #expect(terminal.waitFor("q quit"))
        terminal.type(key)
        #expect(terminal.exitStatus() == 0)
        #expect(terminal.settings == before)
    }

    @Test func unknownKeysGetAHintAndChangeNothing() throws {
        let terminal = try TerminalRun()
        #expect(terminal.waitFor("q quit"))
        terminal.type("x")
        #expect(terminal.waitFor("Unknown key 'x': press space to add 5, q to quit"))
        terminal.type("\u{1B}[A")  // an arrow key is not Esc
        terminal.type([0xE4, 0xB8, 0xAD])  // 中
        terminal.type(" ")
        #expect(terminal.waitFor("Credit   \u{1B}[90m5\u{1B}[39m"))
        terminal.type("q")
        #expect(terminal.exitStatus() == 0)
    }

    @Test func aLongEscapeSequenceIsOneKeyWithNoStrayTail() throws {
        let terminal = try TerminalRun()
        #expect(terminal.waitFor("q quit"))
        // Its tail once leaked as keys: ' ' added 5, 'q' quit.
        terminal.type("\u{1B}[1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1 q")
        terminal.type("++")
        #expect(terminal.waitFor("Credit   \u{1B}[90m10\u{1B}[39m"))
        terminal.type("q")
        #expect(terminal.exitStatus() == 0)
    }

    @Test func aResizeRedrawsTheScreen() throws {
        let terminal = try TerminalRun()
        #expect(terminal.waitFor("q quit"))
        let mark = terminal.output.endIndex
        terminal.resize(rows: 20, columns: 30)
        #expect(terminal.waitFor("Credit", after: mark))
        #expect(!terminal.output[mark...].contains("q quit"))  // the key line is cut to 30 columns
        terminal.type("q")
        #expect(terminal.exitStatus() == 0)
    }

    @Test func noColourWithNoColorOrTermDumb() throws {
        for environment in [["TERM": "xterm", "NO_COLOR": "1"], ["TERM": "dumb"]] {
            let terminal = try TerminalRun(environment: environment)
            #expect(terminal.waitFor("q quit"))
            terminal.type(" ")
            #expect(terminal.waitFor("Credit   5"))
            #expect(!terminal.output.contains("\u{1B}[9"))
            #expect(!terminal.output.contains("\u{1B}[3"))
            terminal.type("q")
            #expect(terminal.exitStatus() == 0)
        }
    }

    @Test func chineseLabelsOnTheScreen() throws {
        let terminal = try TerminalRun(["--lang", "zh"])
        #expect(terminal.waitFor("q 退出"))
        #expect(terminal.output.contains("学分   \u{1B}[90m0\u{1B}[39m"))
        #expect(terminal.output.contains("状态   \u{1B}[90m未设置\u{1B}[39m"))
        terminal.type("q")
        #expect(terminal.exitStatus() == 0)
    }
}

import CreditCLI
import StudentCredit
import Testing

@MainActor @Suite struct ScriptCommandTests {
    @Test(arguments: [
        ("add", ScriptCommand.add(nil)), ("", .add(nil)), ("   ", .add(nil)), ("add 20", .add(20)),
        ("add -5", .add(-5)), ("  add   7  ", .add(7)), ("add 5\r", .add(5)), ("set 0", .set(0)),
        ("set 70", .set(70)), ("reset", .reset), ("quit", .quit),
    ])
    func commands(line: String, command: ScriptCommand) {
        #expect(parseScriptLine(line) == .success(command))
    }

    @Test(arguments: [
        ("jump", "unknown command; use add, add N, set N, reset or quit"),
        ("set", "set needs one number"),
        ("set -1", "set needs 0 or more, not -1"),
        ("add x", "x is not a whole number"),
        ("add 1 2", "add needs one number"),
        ("add 99999999999999999999", "99999999999999999999 is too large"),
        ("reset 5", "reset takes no number"),
        ("ADD", "unknown command; use add, add N, set N, reset or quit"),
    ])
    func badLines(line: String, message: String) {
        #expect(parseScriptLine(line) == .failure(ScriptError(message: message)))
    }

    @Test(arguments: [
        ("add -", "- is not a whole number"),
        ("add +-5", "+-5 is not a whole number"),
        ("add --5", "--5 is not a whole number"),
        ("set +", "+ is not a whole number"),
    ])
    func signsWithoutDigitsAreNotNumbersRatherThanTooLarge(line: String, message: String) {
        #expect(parseScriptLine(line) == .failure(ScriptError(message: message)))
    }

    @Test(arguments: [
        ("add 9223372036854775808", "9223372036854775808 is too large"),
        ("add +9223372036854775808", "+9223372036854775808 is too large"),
        ("add -9223372036854775809", "-9223372036854775809 is too small"),
    ])
    func onlyNumbersOutsideIntAreTooLargeOrTooSmall(line: String, message: String) {
        #expect(parseScriptLine(line) == .failure(ScriptError(message: message)))
    }

    @Test func theLineReaderNumbersLinesAndSurvivesAnyBytes() {
        var reader = LineReader()
        var bytes = Array("add\nfoo\n".utf8) + [0xFF, 0xFE, 0x0A]
        bytes += Array(repeating: UInt8(ascii: "a"), count: 5_000) + [0x0A]
        bytes += Array("set 5".utf8)
        var lines = reader.feed(bytes[..<3])  // a line split across reads
        lines += reader.feed(bytes[3...])
        lines += reader.finish()
        #expect(lines.map(\.number) == [1, 2, 3, 4, 5])
        #expect(lines[0].command == .success(.add(nil)))
        #expect(lines[1].quoted == "\"foo\"")
        #expect(lines[2].command == .failure(ScriptError(message: "not valid UTF-8")))
        #expect(lines[2].quoted == #""\x{FF}\x{FE}""#)  // the bytes read, not U+FFFD (outside attack F5)
        #expect(lines[3].command == .failure(ScriptError(message: "longer than 1024 bytes")))
        #expect(lines[3].quoted.count < 70)
        #expect(lines[4].command == .success(.set(5)))
    }

    @Test func controlCharactersAreEscapedWhenALineIsQuoted() {
        var reader = LineReader()
        let lines = reader.feed(Array("\u{1B}[2J\n".utf8))
        #expect(lines[0].quoted == #""\u{1B}[2J""#)
    }

    /// Format characters (general category Cf) are invisible, and some reorder what follows them:
    /// a right-to-left override would make the message read backwards. Line separators break the
    /// one-line message; other spaces pass for U+0020 (the outside attack's F4).
    @Test(arguments: [0x202E, 0x200B, 0x2066, 0x2067, 0x2068, 0x2069, 0xFEFF,
                      0x2028, 0x2029, 0xA0, 0x2003, 0x3000, 0xF0000, 0x10FFFF] as [UInt32])
    func formatCharactersAreEscapedWhenALineIsQuoted(_ value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        var reader = LineReader()
        let lines = reader.feed(Array("bad\(scalar)dab\n".utf8))
        let quoted = lines[0].quoted
        #expect(quoted.hasPrefix(#""bad\u{"#) && quoted.hasSuffix(#"}dab""#))
        let isASCII = quoted.unicodeScalars.allSatisfy { $0.isASCII }
        #expect(isASCII)
        let digits = String(quoted.dropFirst(7).prefix { $0 != "}" })
        #expect(Int(digits, radix: 16) == Int(value))
    }

    @Test func aRightToLeftOverrideInABadLineReachesStderrEscaped() throws {
        let run = try runThroughPipes(input: Array("bogus\u{202E}txt\nquit\n".utf8))
        #expect(!run.stderr.unicodeScalars.contains("\u{202E}"))
        #expect(run.stderr.hasPrefix(#"credit-cli: line 1: "bogus\u{202E}txt": unknown command"#))
    }

    @Test func aScriptPrintsOneLinePerChangeAndNothingForNoChange() {
        var output: [String] = []
        let session = ScriptSession(options: Options(), painter: Painter(isOn: false)) { output.append($0) }
        for command in [ScriptCommand.add(nil), .add(nil), .add(20), .set(70), .set(70), .reset, .reset,
                        .add(-5), .set(Int.max), .add(nil)] {
            session.run(command)
        }
        #expect(output == ["5 gray Fail", "10 gray Fail", "30 purple Fail", "70 red Pass", "0 gray Not set",
                           "9223372036854775807 red Pass"])
    }

    @Test func anAddPastTheLargestCreditSaysWhyOnStderrAndChangesNothing() throws {
        let run = try runThroughPipes(input: Array("set 9223372036854775807\nadd 1\nadd\nquit\n".utf8))
        #expect(run.stdout == "9223372036854775807 red Pass\n")
        #expect(run.stderr == """
            credit-cli: line 2: "add 1": the credit cannot go above 9223372036854775807; it stops there
            credit-cli: line 3: "add": the credit cannot go above 9223372036854775807; it stops there

            """)
        #expect(run.status == 0)
    }

    @Test func anAddThatStopsAtTheLargestCreditPrintsTheChangeAndSaysWhereItStopped() {
        var output: [String] = []
        let session = ScriptSession(options: Options(), painter: Painter(isOn: false)) { output.append($0) }
        #expect(session.run(.set(Int.max - 2)) == nil)
        let note = session.run(.add(5))
        #expect(output == ["9223372036854775805 red Pass", "9223372036854775807 red Pass"])
        #expect(note?.message == "the credit cannot go above 9223372036854775807; it stops there")
        #expect(session.run(.add(-5)) == nil)
    }

    @Test func aCRLFLineEndingIsNotQuotedAsPartOfTheLine() throws {
        let run = try runThroughPipes(input: Array("set 9223372036854775807\r\nadd\r\nbogus\r\n".utf8))
        #expect(run.stdout == "9223372036854775807 red Pass\n")
        #expect(run.stderr == """
            credit-cli: line 2: "add": the credit cannot go above 9223372036854775807; it stops there
            credit-cli: line 3: "bogus": unknown command; use add, add N, set N, reset or quit

            """)
    }
}

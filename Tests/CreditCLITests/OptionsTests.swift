import CreditCLI
import StudentCredit
import Testing

@Suite struct OptionsTests {
    @Test func noArgumentsIsTheSeedsStudent() throws {
        let invocation = try parseArguments([], environment: [:])
        var expected = Options()
        expected.name = "ming"
        expected.gender = .male
        expected.number = 345
        #expect(invocation == .run(expected))
        #expect(expected.policy == .standard)
    }

    @Test func everyOptionInBothSpellings() throws {
        let arguments = ["--name", "hong", "--gender=female", "--number", "7", "--step=10",
                         "--pass-mark", "60", "--lang", "zh", "--color=never"]
        guard case .run(let options) = try parseArguments(arguments, environment: [:]) else {
            Issue.record("expected options")
            return
        }
        #expect(options.name == "hong")
        #expect(options.gender == .female)
        #expect(options.number == 7)
        #expect(options.policy == CreditPolicy(step: 10, purpleFrom: 30, passMark: 60))
        #expect(options.language == .chinese)
        #expect(options.color == .never)
    }

    @Test(arguments: [
        ([:], Language.english), (["LANG": "zh_CN.UTF-8"], .chinese), (["LC_ALL": "zh_TW"], .chinese),
        (["LC_ALL": "en_US.UTF-8", "LANG": "zh_CN.UTF-8"], .english), (["LC_ALL": "", "LANG": "zh_CN"], .chinese),
    ])
    func theLanguageDefaultsFromLcAllThenLang(environment: [String: String], expected: Language) throws {
        guard case .run(let options) = try parseArguments([], environment: environment) else { return }
        #expect(options.language == expected)
    }

    @Test func graphTakesTheOtherOptionsAlong() throws {
        var expected = Options()
        expected.name = "hong"
        #expect(try parseArguments(["--graph", "--name", "hong"], environment: [:]) == .graph(expected))
        #expect(try parseArguments(["--name=hong", "--graph"], environment: [:]) == .graph(expected))
        #expect(try parseArguments(["--graph", "--help"], environment: [:]) == .help)
    }

    @Test func aDoubleDashEndsTheOptions() throws {
        #expect(try parseArguments(["--"], environment: [:]) == .run(Options()))
        guard case .run(let options) = try parseArguments(["--lang", "zh", "--"], environment: [:]) else {
            Issue.record("expected options")
            return
        }
        #expect(options.language == .chinese)
    }

    @Test(arguments: [
        (["--", "--lang", "zh"], "unexpected argument '--lang' after '--'"),
        (["--", "extra"], "unexpected argument 'extra' after '--'"),
        (["--", "--"], "unexpected argument '--' after '--'"),
    ])
    func anythingAfterADoubleDashIsAnUnexpectedArgument(arguments: [String], message: String) {
        #expect(throws: UsageError(message: message)) { try parseArguments(arguments, environment: [:]) }
    }

    @Test func helpAndVersion() throws {
        #expect(try parseArguments(["--help"], environment: [:]) == .help)
        #expect(try parseArguments(["--version"], environment: [:]) == .version)
        #expect(version.split(separator: ".").count == 3)
    }

    @Test(arguments: [
        (["--bogus"], "unknown option '--bogus'"),
        (["extra"], "unexpected argument 'extra'"),
        (["--name"], "--name needs a value"),
        (["--name", ""], "--name must not be empty"),
        (["--name", "a\u{1B}[31mb"], "--name must not contain control characters"),
        (["--gender", "other"], "--gender must be one of male, female, not 'other'"),
        (["--number", "x"], "--number needs a whole number, not 'x'"),
        (["--number", "-1"], "--number must be 0 or more, not -1"),
        (["--step", "0"], "--step must be 1 or more, not 0"),
        (["--step", "99999999999999999999"], "--step: 99999999999999999999 is too large"),
        (["--pass-mark", "30"], "--pass-mark: the pass mark must be above the purple threshold (30), not 30"),
        (["--lang", "fr"], "--lang must be one of en, zh, not 'fr'"),
        (["--color", "sometimes"], "--color must be one of auto, always, never, not 'sometimes'"),
        (["--help=yes"], "unknown option '--help'"),
    ])
    func badOptionsSayWhatIsWrong(arguments: [String], message: String) {
        #expect(throws: UsageError(message: message)) { try parseArguments(arguments, environment: [:]) }
    }

    @Test(arguments: [
        (["--step", "-"], "--step needs a whole number, not '-'"),
        (["--step", "+-5"], "--step needs a whole number, not '+-5'"),
        (["--number=+"], "--number needs a whole number, not '+'"),
    ])
    func signsWithoutDigitsAreNotNumbersRatherThanTooLarge(arguments: [String], message: String) {
        #expect(throws: UsageError(message: message)) { try parseArguments(arguments, environment: [:]) }
    }

    @Test(arguments: [
        (["--pass-mark", "-99999999999999999999"], "--pass-mark: -99999999999999999999 is too small"),
        (["--number", "+99999999999999999999"], "--number: +99999999999999999999 is too large"),
    ])
    func onlyNumbersOutsideIntAreTooLargeOrTooSmall(arguments: [String], message: String) {
        #expect(throws: UsageError(message: message)) { try parseArguments(arguments, environment: [:]) }
    }

    @Test(arguments: [
        (ColorChoice.auto, true, [String: String](), true),
        (.auto, false, [:], false),
        (.auto, true, ["NO_COLOR": "1"], false),
        (.auto, true, ["NO_COLOR": ""], true),
        (.auto, true, ["TERM": "dumb"], false),
        (.always, false, ["NO_COLOR": "1", "TERM": "dumb"], true),
        (.never, true, [:], false),
    ])
    func colourIsOnOnlyForATerminalUnlessForced(
        choice: ColorChoice, stdoutIsTerminal: Bool, environment: [String: String], expected: Bool
    ) {
        #expect(choice.isOn(stdoutIsTerminal: stdoutIsTerminal, environment: environment) == expected)
    }
}

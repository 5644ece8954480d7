import StudentCredit

/// When to colour the output.
public enum ColorChoice: String, Sendable, CaseIterable {
    /// Colour a terminal, unless `NO_COLOR` is set or `TERM=dumb`.
    case auto
    /// Always colour.
    case always
    /// Never colour.
    case never

    /// Whether to colour, given where stdout goes and the environment: `always` and `never`
    /// decide alone; `auto` colours a terminal unless `NO_COLOR` is set (non-empty) or `TERM=dumb`.
    public func isOn(stdoutIsTerminal: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            if environment["TERM"] == "dumb" { return false }
            return stdoutIsTerminal
        }
    }
}

/// Everything the command line says: the student, the rules, the language and the colour.
public struct Options: Sendable, Equatable {
    /// The student's name (`--name`).
    public var name = "ming"
    /// The student's gender (`--gender`).
    public var gender = Gender.male
    /// The student number (`--number`).
    public var number = 345
    /// The step and the pass mark (`--step`, `--pass-mark`).
    public var policy = CreditPolicy.standard
    /// The labels' language (`--lang`).
    public var language = Language.english
    /// When to colour (`--color`).
    public var color = ColorChoice.auto

    /// The seed's demo: ming, male, number 345, the standard policy, English, colour on a terminal.
    public init() {}
}

/// What the command line asks for.
public enum Invocation: Sendable, Equatable {
    /// Run the demo with these options.
    case run(Options)
    /// Print the usage (`--help`).
    case help
    /// Print the version (`--version`).
    case version
    /// Print the demo's data flow as Graphviz DOT (`--graph`), as these options wire it.
    case graph(Options)
}

/// A bad option or value; the program prints `message` on stderr and exits with status 64.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    /// What was wrong, e.g. `unknown option '--bogus'`.
    public let message: String
    /// A usage error saying `message`.
    public init(message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}

/// Reads the arguments (without the program name). The language defaults from `LC_ALL`, else
/// `LANG`. `--` ends the options; the program takes no operands, so nothing may follow it.
public func parseArguments(_ arguments: [String], environment: [String: String]) throws(UsageError) -> Invocation {
    var options = Options()
    let locale = [environment["LC_ALL"], environment["LANG"]].compactMap { $0 }.first { !$0.isEmpty }
    options.language = Language(locale: locale ?? "")
    var passMark: Int?
    var printsGraph = false
    var remaining = arguments[...]

    while let argument = remaining.popFirst() {
        // `--` ends the options (POSIX); what follows would be operands, and there are none.
        if argument == "--" {
            if let operand = remaining.first {
                throw UsageError(message: "unexpected argument '\(printable(operand))' after '--'")
            }
            break
        }
        guard argument.hasPrefix("--"), argument.count > 2 else {
            throw UsageError(message: "unexpected argument '\(printable(argument))'")
        }
        // --name=value and --name value are both accepted.
        let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let option = String(parts[0])
        func value() throws(UsageError) -> String {
            if parts.count == 2 { return String(parts[1]) }
            guard let next = remaining.popFirst() else { throw UsageError(message: "\(option) needs a value") }
            return next
        }
        switch option {
        case "--help" where parts.count == 1: return .help
        case "--version" where parts.count == 1: return .version
        case "--graph" where parts.count == 1: printsGraph = true
        case "--name": options.name = try validName(value())
        case "--gender": options.gender = try choice(option, value(), Gender.allCases)
        case "--number": options.number = try integer(option, value(), atLeast: 0)
        case "--step": options.policy.step = try integer(option, value(), atLeast: 1)
        case "--pass-mark": passMark = try integer(option, value(), atLeast: Int.min)
        case "--lang": options.language = try choice(option, value(), Language.allCases)
        case "--color", "--colour": options.color = try choice(option, value(), ColorChoice.allCases)
        default: throw UsageError(message: "unknown option '\(printable(option))'")
        }
    }
    if let passMark {
        options.policy.passMark = passMark
        if let problem = options.policy.problem { throw UsageError(message: "--pass-mark: \(problem)") }
    }
    return printsGraph ? .graph(options) : .run(options)
}

private func validName(_ name: String) throws(UsageError) -> String {
    if name.isEmpty { throw UsageError(message: "--name must not be empty") }
    if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
        throw UsageError(message: "--name must not contain control characters")
    }
    if name.count > 40 { throw UsageError(message: "--name must be 40 characters or fewer") }
    return name
}

private func choice<Choice: RawRepresentable<String>>(
    _ option: String, _ value: String, _ choices: [Choice]
) throws(UsageError) -> Choice {
    guard let choice = choices.first(where: { $0.rawValue == value }) else {
        let names = choices.map(\.rawValue).joined(separator: ", ")
        throw UsageError(message: "\(option) must be one of \(names), not '\(printable(value))'")
    }
    return choice
}

private func integer(_ option: String, _ value: String, atLeast minimum: Int) throws(UsageError) -> Int {
    let number: Int
    switch wholeNumber(value) {
    case .success(let value): number = value
    case .failure(let problem):
        if let outOfRange = problem.outOfRange { throw UsageError(message: "\(option): \(value) \(outOfRange)") }
        throw UsageError(message: "\(option) needs a whole number, not '\(printable(value))'")
    }
    guard number >= minimum else { throw UsageError(message: "\(option) must be \(minimum) or more, not \(number)") }
    return number
}

/// `text` with everything that does not show as itself escaped, safe to quote in a one-line
/// message: control and format characters (Cf: U+200B, U+202E, U+2066...U+2069, U+FEFF — invisible,
/// and the bidirectional ones reorder what follows them), line and paragraph separators (U+2028,
/// U+2029: many viewers break the line there), spaces other than U+0020 (a no-break space looks
/// like a space and is not one), private-use and unassigned code points.
func printable(_ text: String) -> String {
    String(text.unicodeScalars.flatMap { scalar in
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .unassigned, .surrogate:
            Array(scalar.escaped(asASCII: true))
        case .spaceSeparator where scalar != " ":
            Array(scalar.escaped(asASCII: true))
        default:
            [Character(scalar)]
        }
    })
}

/// The text `--help` prints.
public let usage = """
    Usage: credit-cli [options]

    Watch a student's credit change colour: gray below 30, purple from 30, red from the pass mark.

    Interactive (stdin is a terminal): space, Enter or + add one step; - takes one step back;
    r resets; q, Esc, Ctrl-C or Ctrl-D quit; Ctrl-Z suspends (fg resumes).
    Scripted (stdin is a pipe or file): one command a line — add, add N, set N, reset, quit (an
    empty line is add). Each change prints one line: the credit, its colour and the status.

    Options:
      --name NAME                the student's name (default: ming)
      --gender male|female       the student's gender (default: male)
      --number N                 the student number (default: 345)
      --step N                   points one key press adds, 1 or more (default: 5)
      --pass-mark N              the lowest passing credit, above 30 (default: 70)
      --lang en|zh               label language (default: from LC_ALL or LANG)
      --color auto|always|never  colour the output (default: auto: a terminal, unless
                                 NO_COLOR is set or TERM=dumb)
      --graph                    print the demo's data flow as Graphviz DOT and exit
                                 (draw it with: credit-cli --graph | dot -Tsvg)
      --help                     show this help
      --version                  show the version
      --                         end of options (nothing may follow: there are no operands)

    Exit status: 0 on quit or end of input, 130 after Ctrl-C, 64 for a usage error.
    A signal that ends it gives 128 + its number: interactively it restores the
    terminal and exits with that status; reading a script, it dies of the signal,
    as a filter does.

    """

/// The program's semantic version.
public let version = "1.0.0"

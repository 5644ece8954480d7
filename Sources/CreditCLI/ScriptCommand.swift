/// One line of the scripted mode's command language.
public enum ScriptCommand: Equatable, Sendable {
    /// `add` (or an empty line): one step; `add N`: N points, negative ones take points away.
    case add(Int?)
    /// `set N`: the credit becomes N (0 or more).
    case set(Int)
    /// `reset`: the credit becomes 0.
    case reset
    /// `quit`: stop reading.
    case quit
}

/// Why a line is not a command; the message quotes the line after its number.
public struct ScriptError: Error, Equatable {
    /// What is wrong with the line, e.g. `set needs 0 or more, not -3`.
    public let message: String
    /// An error saying `message`.
    public init(message: String) { self.message = message }
}

/// The longest line read, in bytes; a longer one is a bad line.
public let maximumLineLength = 1_024

/// Reads one line (without its newline).
public func parseScriptLine(_ line: String) -> Result<ScriptCommand, ScriptError> {
    let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
    guard let command = words.first else { return .success(.add(nil)) }
    let arguments = words.dropFirst()
    func number() -> Result<Int, ScriptError> {
        guard arguments.count == 1, let text = arguments.first else {
            return .failure(ScriptError(message: "\(command) needs one number"))
        }
        return wholeNumber(text).mapError { problem in
            ScriptError(message: "\(printable(String(text))) \(problem.outOfRange ?? "is not a whole number")")
        }
    }
    switch command {
    case "add" where arguments.isEmpty: return .success(.add(nil))
    case "add": return number().map(ScriptCommand.add)
    case "set":
        return number().flatMap { value in
            value < 0 ? .failure(ScriptError(message: "set needs 0 or more, not \(value)")) : .success(.set(value))
        }
    case "reset", "quit":
        guard arguments.isEmpty else { return .failure(ScriptError(message: "\(command) takes no number")) }
        return .success(command == "reset" ? .reset : .quit)
    default:
        return .failure(ScriptError(message: "unknown command; use add, add N, set N, reset or quit"))
    }
}

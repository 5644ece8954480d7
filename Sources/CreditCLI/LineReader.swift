/// Splits scripted input into numbered lines, whatever the bytes: invalid UTF-8 and lines over
/// ``maximumLineLength`` become bad lines instead of crashes or huge allocations.
public struct LineReader {
    /// One line of input, parsed.
    public struct Line {
        /// The line's number, from 1.
        public let number: Int
        /// The line for messages: quoted, control characters escaped, long ones cut.
        public let quoted: String
        /// The command, or why the line is not one.
        public let command: Result<ScriptCommand, ScriptError>
    }

    private var pending: [UInt8] = []
    private var pendingIsTooLong = false
    private var count = 0

    /// A reader at the start of the input.
    public init() {}

    /// The complete lines in `bytes`, with whatever came before them.
    public mutating func feed(_ bytes: some Collection<UInt8>) -> [Line] {
        var lines: [Line] = []
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                lines.append(takeLine())
            } else if pending.count < maximumLineLength {
                pending.append(byte)
            } else {
                pendingIsTooLong = true
            }
        }
        return lines
    }

    /// The last line, if the input did not end with a newline.
    public mutating func finish() -> [Line] {
        pending.isEmpty && !pendingIsTooLong ? [] : [takeLine()]
    }

    private mutating func takeLine() -> Line {
        defer { pending.removeAll(keepingCapacity: true); pendingIsTooLong = false }
        count += 1
        let text = String(decoding: pending, as: UTF8.self)
        let shown = text.count > 60 ? String(text.prefix(60)) + "…" : text
        let quoted = "\"\(printable(shown))\""
        if pendingIsTooLong {
            return Line(number: count, quoted: quoted,
                        command: .failure(ScriptError(message: "longer than \(maximumLineLength) bytes")))
        }
        guard String(validating: pending, as: UTF8.self) != nil else {
            return Line(number: count, quoted: quoted, command: .failure(ScriptError(message: "not valid UTF-8")))
        }
        return Line(number: count, quoted: quoted, command: parseScriptLine(text))
    }
}

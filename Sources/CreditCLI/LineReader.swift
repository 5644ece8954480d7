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
        defer {
            pending.removeAll(keepingCapacity: true)
            pendingIsTooLong = false
        }
        count += 1
        if pending.last == UInt8(ascii: "\r") {
            pending.removeLast()  // a CRLF line ending: the CR is not part of the line
        }
        let text = String(validating: pending, as: UTF8.self)
        let shown = text.map { $0.count > 60 ? printable(String($0.prefix(60))) + "…" : printable($0) }
            ?? printable(bytes: pending.prefix(60)) + (pending.count > 60 ? "…" : "")
        let quoted = "\"\(shown)\""
        if pendingIsTooLong {
            return Line(number: count, quoted: quoted,
                        command: .failure(ScriptError(message: "longer than \(maximumLineLength) bytes")))
        }
        guard let text else {
            return Line(number: count, quoted: quoted, command: .failure(ScriptError(message: "not valid UTF-8")))
        }
        return Line(number: count, quoted: quoted, command: parseScriptLine(text))
    }
}

/// `bytes` as text safe to quote in a message: valid UTF-8 through `printable`, and each byte of
/// an invalid sequence as `\x{FF}`, so that the message shows what was read (a decoder would
/// show U+FFFD, the same for any bad byte).
func printable(bytes: ArraySlice<UInt8>) -> String {
    var parser = Unicode.UTF8.ForwardParser()
    var input = bytes.makeIterator()
    var offset = bytes.startIndex
    var text = ""
    while true {
        switch parser.parseScalar(from: &input) {
        case .valid(let encoded):
            text += printable(String(Unicode.UTF8.decode(encoded)))
            offset += encoded.count
        case .error(let length):
            text += bytes[offset..<offset + length].map { "\\x{\(String($0, radix: 16, uppercase: true))}" }.joined()
            offset += length
        case .emptyInput:
            return text
        }
    }
}

/// Turns the bytes typed in raw mode into key actions, one escape sequence of any length being
/// one key: a state machine fed a byte at a time, across reads, with no buffer to overflow.
///
/// - `ESC [` then parameter and intermediate bytes (0x20–0x3F) up to a final byte (0x40–0x7E) is
///   a control sequence (arrows, function keys, whatever a terminal sends);
/// - `ESC O` and one byte is an SS3 sequence (arrows and F1–F4 on some terminals);
/// - `ESC` and any other byte is Alt and that key;
/// - `ESC` alone, when nothing follows within ``escapeTimeout``, is the Esc key, which quits.
///
/// All but the Esc key are ``KeyAction/unknown(_:)`` keys. A control byte inside a sequence
/// (Ctrl-C, say, or another `ESC`) cuts it short and counts as the key it is.
public struct KeyDecoder: Sendable {
    private enum State { case ground, escape, controlSequence, singleShift }
    private var state = State.ground

    /// How long to wait after `ESC` for a sequence to go on, in milliseconds.
    public static let escapeTimeout: Int32 = 30
    /// How long to wait for the rest of a sequence once it has begun, in milliseconds: terminals
    /// send a sequence at once, so a longer pause means it was cut short (Alt+`[`, say).
    public static let sequenceTimeout: Int32 = 1_000

    /// A decoder between keys.
    public init() {}

    /// How long (milliseconds) to wait for the next byte before ``timedOut()``; `nil` between keys.
    public var timeout: Int32? {
        switch state {
        case .ground: nil
        case .escape: Self.escapeTimeout
        case .controlSequence, .singleShift: Self.sequenceTimeout
        }
    }

    /// The key `byte` completes, or `nil` while a sequence goes on.
    public mutating func decode(_ byte: UInt8) -> KeyAction? {
        switch state {
        case .ground:
            if byte == 0x1B {
                state = .escape
                return nil
            }
            return keyAction(for: byte)
        case .escape:
            switch byte {
            case UInt8(ascii: "["): state = .controlSequence
            case UInt8(ascii: "O"): state = .singleShift
            default: return finish()  // Alt and a key
            }
            return nil
        case .controlSequence:
            switch byte {
            case 0x20...0x3F: return nil
            case 0x40...0x7E: return finish()
            default: return interrupt(with: byte)
            }
        case .singleShift:
            return (0x20...0x7E).contains(byte) ? finish() : interrupt(with: byte)
        }
    }

    /// No byte came within ``timeout``: a lone `ESC` is the Esc key; a sequence cut short is one
    /// unknown key.
    public mutating func timedOut() -> KeyAction? {
        defer { state = .ground }
        switch state {
        case .ground: return nil
        case .escape: return keyAction(for: 0x1B)
        case .controlSequence, .singleShift: return .unknown("")
        }
    }

    private mutating func finish() -> KeyAction {
        state = .ground
        return .unknown("")
    }

    private mutating func interrupt(with byte: UInt8) -> KeyAction? {
        state = .ground
        return decode(byte)
    }
}

import StudentCredit

/// How many terminal columns `text` takes: East Asian wide characters (Chinese among them)
/// take two, combining marks none.
public func displayWidth(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { width, scalar in
        switch scalar.value {
        case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F: width
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD: width + 2
        default: width + 1
        }
    }
}

/// `text` followed by spaces up to `columns` terminal columns.
func padded(_ text: String, to columns: Int) -> String {
    text + String(repeating: " ", count: max(0, columns - displayWidth(text)))
}

/// `text` cut to at most `columns` terminal columns.
func truncated(_ text: String, to columns: Int) -> String {
    var result = "", width = 0
    for character in text {
        let characterWidth = displayWidth(String(character))
        if width + characterWidth > columns { break }
        result.append(character)
        width += characterWidth
    }
    return result
}

/// Paints text in a credit colour with the standard 16 ANSI colours, or leaves it plain.
public struct Painter: Sendable {
    /// Whether it paints at all.
    public let isOn: Bool

    /// A painter that colours only when `isOn`.
    public init(isOn: Bool) { self.isOn = isOn }

    /// `text` in `color`'s foreground colour: gray (bright black), purple (magenta) or red.
    public func paint(_ text: String, _ color: CreditColor) -> String {
        guard isOn else { return text }
        let code = switch color {
        case .gray: "90"
        case .purple: "35"
        case .red: "31"
        }
        return "\u{1B}[\(code)m\(text)\u{1B}[39m"
    }
}

/// The scripted mode's line for a credit: `35 purple Fail` — the credit, its colour in words
/// and the status label.
public func scriptLine(_ display: CreditDisplay, painter: Painter) -> String {
    "\(painter.paint(display.creditText, display.creditColor)) \(display.creditColor.rawValue) "
        + painter.paint(display.statusText, display.statusColor)
}

/// Why text is not an `Int`.
enum NumberProblem: Error {
    /// Not a whole number at all: no digits, a sign alone, two signs, other characters.
    case notANumber
    /// A whole number above `Int.max`.
    case tooLarge
    /// A whole number below `Int.min`.
    case tooSmall
}

/// Reads an optional sign (`+` or `-`) followed by one or more ASCII digits as an `Int`; says
/// whether anything else is out of range or not a number at all.
func wholeNumber(_ text: some StringProtocol) -> Result<Int, NumberProblem> {
    if let number = Int(text) { return .success(number) }
    let sign = text.first.flatMap { $0 == "-" || $0 == "+" ? $0 : nil }
    let digits = text.dropFirst(sign == nil ? 0 : 1)
    guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit) else { return .failure(.notANumber) }
    return .failure(sign == "-" ? .tooSmall : .tooLarge)
}

extension NumberProblem {
    /// How a message about an out-of-range number ends: `is too large` or `is too small`; `nil`
    /// for text that is not a number at all.
    var outOfRange: String? {
        switch self {
        case .notANumber: nil
        case .tooLarge: "is too large"
        case .tooSmall: "is too small"
        }
    }
}

extension Character {
    /// `0` to `9`, and no other digit.
    var isASCIIDigit: Bool { isASCII && isWholeNumber }
}

/// What the seed's two labels show for one credit: the credit's text and colour, and the
/// status label's text and colour.
///
/// A pure function of the credit (the Components lesson): the same credit always shows the
/// same, so passing and then resetting leaves nothing red.
public struct CreditDisplay: Sendable, Hashable {
    /// The credit as text, e.g. "35".
    public let creditText: String
    /// The credit label's colour.
    public let creditColor: CreditColor
    /// The status.
    public let status: CreditStatus
    /// The status label, e.g. "Fail" or 不合格.
    public let statusText: String
    /// The status label's colour: red on a pass, gray otherwise.
    public let statusColor: CreditColor

    /// What to show for `credit` under `policy`, in `language`.
    public init(credit: Int, policy: CreditPolicy = .standard, language: Language = .english) {
        creditText = String(credit)
        creditColor = policy.color(for: credit)
        status = policy.status(for: credit)
        statusText = status.label(in: language)
        statusColor = status.color
    }
}

extension CreditDisplay: CustomDebugStringConvertible {
    /// Both labels, as the screen shows them: `75 red, Pass red`.
    public var debugDescription: String {
        "\(creditText) \(creditColor.rawValue), \(statusText) \(statusColor.rawValue)"
    }
}

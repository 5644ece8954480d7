/// The rules that turn a credit into a colour and a status, and the size of one step.
///
/// ```swift
/// let policy = CreditPolicy.standard
/// policy.color(for: 45)    // .purple
/// policy.status(for: 45)   // .fail
/// ```
public struct CreditPolicy: Sendable, Hashable {
    /// The points one press adds.
    public var step: Int
    /// The lowest credit painted purple; below it, gray.
    public var purpleFrom: Int
    /// The lowest credit that passes, and is painted red.
    public var passMark: Int

    /// The seed's rules: steps of 5, purple from 30, pass (and red) from 70.
    public static let standard = CreditPolicy()

    /// Creates a policy. ``problem`` says whether the numbers make sense together.
    public init(step: Int = 5, purpleFrom: Int = 30, passMark: Int = 70) {
        self.step = step
        self.purpleFrom = purpleFrom
        self.passMark = passMark
    }

    /// Why this policy is unusable — a step of 0 or less, or a pass mark not above the purple
    /// threshold — or `nil` if it is fine.
    public var problem: String? {
        if step <= 0 { return "the step must be 1 or more, not \(step)" }
        if passMark <= purpleFrom {
            return "the pass mark must be above the purple threshold (\(purpleFrom)), not \(passMark)"
        }
        return nil
    }

    /// Gray below ``purpleFrom``, purple from it up to below ``passMark``, red from ``passMark``.
    public func color(for credit: Int) -> CreditColor {
        if credit >= passMark { return .red }
        return credit >= purpleFrom ? .purple : .gray
    }

    /// Not set at 0 (and below), fail from 1 up to below ``passMark``, pass from it.
    public func status(for credit: Int) -> CreditStatus {
        if credit <= 0 { return .notSet }
        return credit >= passMark ? .pass : .fail
    }
}

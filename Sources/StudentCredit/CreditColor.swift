/// The colour the seed paints a credit in: gray below 30, purple from 30, red from 70.
public enum CreditColor: String, Sendable, Hashable, CaseIterable {
    /// Below the purple threshold (30 in the standard policy).
    case gray
    /// From the purple threshold up to below the pass mark.
    case purple
    /// From the pass mark (70 in the standard policy).
    case red
}

extension CreditColor: CustomDebugStringConvertible {
    /// `.gray`, as you would write it: what `debugDescription` and `debugGraph()` show.
    public var debugDescription: String { "." + rawValue }
}

/// The colour the seed paints a credit in: gray below 30, purple from 30, red from 70.
public enum CreditColor: String, Sendable, Hashable, CaseIterable {
    case gray
    case purple
    case red
}

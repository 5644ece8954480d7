/// A student's gender, as the seed's `SMStudent` records it.
public enum Gender: String, Sendable, Hashable, CaseIterable {
    /// Male (男).
    case male
    /// Female (女).
    case female

    /// The gender's name in `language`: "male" / "female", 男 / 女.
    public func label(in language: Language) -> String {
        switch (self, language) {
        case (.male, .english): "male"
        case (.female, .english): "female"
        case (.male, .chinese): "男"
        case (.female, .chinese): "女"
        }
    }
}

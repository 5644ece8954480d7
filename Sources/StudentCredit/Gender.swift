/// A student's gender, as the seed's `SMStudent` records it.
public enum Gender: String, Sendable, Hashable, CaseIterable {
    case male
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

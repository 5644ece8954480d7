/// The language of the labels: the seed's Chinese, or English.
public enum Language: String, Sendable, Hashable, CaseIterable {
    /// English labels: Pass, Fail, Not set.
    case english = "en"
    /// The seed's Chinese labels: 合格, 不合格, 未设置.
    case chinese = "zh"

    /// The language a locale name asks for: Chinese for names starting with `zh`
    /// (`zh_CN.UTF-8`, `zh_TW`), English for everything else.
    public init(locale: String) {
        self = locale.lowercased().hasPrefix("zh") ? .chinese : .english
    }
}

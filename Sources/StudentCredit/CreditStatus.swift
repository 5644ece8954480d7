/// Whether a credit passes: not set at 0, fail below the pass mark, pass from it.
public enum CreditStatus: String, Sendable, Hashable, CaseIterable {
    /// A credit of 0: nothing earned yet (未设置).
    case notSet
    /// Some credit, below the pass mark (不合格).
    case fail
    /// At or above the pass mark (合格).
    case pass

    /// The seed's label: 未设置 / 不合格 / 合格, or Not set / Fail / Pass.
    public func label(in language: Language) -> String {
        switch (self, language) {
        case (.notSet, .english): "Not set"
        case (.fail, .english): "Fail"
        case (.pass, .english): "Pass"
        case (.notSet, .chinese): "未设置"
        case (.fail, .chinese): "不合格"
        case (.pass, .chinese): "合格"
        }
    }

    /// The label's colour: red on a pass, gray otherwise.
    public var color: CreditColor { self == .pass ? .red : .gray }
}

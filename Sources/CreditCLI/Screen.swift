import StudentCredit

/// The interactive screen as text, one string per state: render, compare with what is on the
/// terminal, write only when it differs.
public struct Screen: Sendable {
    /// The student's name.
    public let name: String
    /// The student's gender.
    public let gender: Gender
    /// The student number.
    public let number: Int
    /// The points one key press adds, for the line naming the keys.
    public let step: Int
    /// The labels' language.
    public let language: Language
    /// Colours the credit and the status, or not.
    public let painter: Painter

    /// The screen for the student and the rules `options` describe.
    public init(options: Options, painter: Painter) {
        name = options.name
        gender = options.gender
        number = options.number
        step = options.policy.step
        language = options.language
        self.painter = painter
    }

    /// The screen's lines for `display`, with an optional one-line `hint`, each cut to `width`
    /// columns.
    public func lines(for display: CreditDisplay, hint: String?, width: Int = 80) -> [String] {
        let labels = language == .chinese
            ? (title: "学分演示 · SimpleSubject", name: "姓名", gender: "性别", number: "学号", credit: "学分", status: "状态")
            : (title: "Credit demo · SimpleSubject", name: "Name", gender: "Gender", number: "Number",
               credit: "Credit", status: "Status")
        let column = [labels.name, labels.gender, labels.number, labels.credit, labels.status]
            .map(displayWidth).max()! + 3
        func row(_ label: String, _ value: String) -> String { "  " + padded(label, to: column) + value }
        let keys = language == .chinese
            ? "空格/回车/+ 加 \(step) 分   - 减 \(step) 分   r 清零   q 退出"
            : "space/Enter/+ add \(step)   - take \(step) away   r reset   q quit"
        let plain = [
            labels.title,
            "",
            row(labels.name, name),
            row(labels.gender, gender.label(in: language)),
            row(labels.number, String(number)),
            "",
            row(labels.credit, display.creditText),
            row(labels.status, display.statusText),
            "",
            keys,
            hint ?? "",
        ].map { truncated($0, to: max(1, width - 1)) }
        // Colour goes on after cutting, so escape codes never count as columns.
        var lines = plain
        lines[6] = colored(plain[6], display.creditText, display.creditColor)
        lines[7] = colored(plain[7], display.statusText, display.statusColor)
        return lines
    }

    private func colored(_ line: String, _ value: String, _ color: CreditColor) -> String {
        guard line.hasSuffix(value) else { return line }
        return String(line.dropLast(value.count)) + painter.paint(value, color)
    }

    /// The hint for a key that does nothing; `key` names it (`'x'`), or is empty for keys
    /// without a printable name.
    public func unknownKeyHint(_ key: String) -> String {
        let named = key.isEmpty ? "" : " " + key
        return language == .chinese
            ? "未知按键\(named)：空格加 \(step) 分，q 退出"
            : "Unknown key\(named): press space to add \(step), q to quit"
    }
}

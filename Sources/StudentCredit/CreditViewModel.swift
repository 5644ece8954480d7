import SimpleSubject

/// The seed's view model: from a student's credit it derives what the two labels show, as
/// read-only subjects a view reads, subscribes to and binds; only the credit changes them.
///
/// ```swift
/// let viewModel = CreditViewModel(student: student)
/// viewModel.creditText.assign(to: \.text, on: creditLabel)
/// viewModel.creditColor.subscribeNext(owner: creditLabel) { label, color in label.color = color }
/// viewModel.statusText.assign(to: \.text, on: statusLabel)
/// ```
///
/// Each output is `creditSubject` through `map` (and `removeDuplicates`, so a view redraws only
/// on a real change) — a pure function of the credit.
public final class CreditViewModel {
    /// The student shown.
    public let student: Student
    /// The rules used.
    public let policy: CreditPolicy
    /// The language of the labels.
    public let language: Language

    /// Everything the labels show, at once.
    public let display: ReadOnlySubject<CreditDisplay>
    /// The credit label's text.
    public let creditText: ReadOnlySubject<String>
    /// The credit label's colour.
    public let creditColor: ReadOnlySubject<CreditColor>
    /// The status label's text.
    public let statusText: ReadOnlySubject<String>
    /// The status label's colour: red on a pass, gray otherwise.
    public let statusColor: ReadOnlySubject<CreditColor>

    /// Derives the labels from `student`'s credit.
    public init(student: Student, policy: CreditPolicy = .standard, language: Language = .english) {
        self.student = student
        self.policy = policy
        self.language = language
        let credit = student.creditSubject
        display = credit.map { CreditDisplay(credit: $0, policy: policy, language: language) }.removeDuplicates()
        creditText = credit.map { String($0) }
        creditColor = credit.map(policy.color(for:)).removeDuplicates()
        statusText = credit.map { policy.status(for: $0).label(in: language) }.removeDuplicates()
        statusColor = credit.map { policy.status(for: $0).color }.removeDuplicates()
    }
}

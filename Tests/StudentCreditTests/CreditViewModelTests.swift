import SimpleSubject
import StudentCredit
import Testing

@MainActor @Suite struct CreditViewModelTests {
    @Test(arguments: [
        (0, "0", CreditColor.gray, "Not set", CreditColor.gray),
        (25, "25", .gray, "Fail", .gray),
        (30, "30", .purple, "Fail", .gray),
        (69, "69", .purple, "Fail", .gray),
        (70, "70", .red, "Pass", .red),
        (95, "95", .red, "Pass", .red),
    ])
    func itShowsWhatTheSeedsTwoLabelsShow(
        credit: Int, creditText: String, creditColor: CreditColor, statusText: String, statusColor: CreditColor
    ) {
        let student = Student.create()
        let viewModel = CreditViewModel(student: student)
        student.sendCredit { _ in credit }
        #expect(viewModel.creditText.value == creditText)
        #expect(viewModel.creditColor.value == creditColor)
        #expect(viewModel.statusText.value == statusText)
        #expect(viewModel.statusColor.value == statusColor)
        #expect(viewModel.display.value == CreditDisplay(credit: credit))
    }

    @Test func passingThenResettingLeavesNothingRed() {
        let student = Student.create()
        let viewModel = CreditViewModel(student: student)
        for _ in 0..<14 { student.addCredit(5) }
        #expect(viewModel.creditColor.value == .red)
        #expect(viewModel.statusColor.value == .red)
        student.sendCredit { _ in 0 }
        #expect(viewModel.creditColor.value == .gray)
        #expect(viewModel.statusColor.value == .gray)
        #expect(viewModel.statusText.value == "Not set")
        #expect(viewModel.display.value == CreditDisplay(credit: 0))
    }

    @Test func aBoundViewSeesOnlyRealChanges() {
        @MainActor final class Label { var color = CreditColor.red; var changes = 0 }
        let student = Student.create()
        let viewModel = CreditViewModel(student: student)
        let label = Label()
        viewModel.creditColor.subscribeNext(owner: label) { label, color in label.color = color; label.changes += 1 }
        for _ in 0..<6 { student.addCredit(5) }  // 5 … 30: gray five times, then purple
        #expect(label.color == .purple)
        #expect(label.changes == 2)  // the first value, then the one change
    }

    @Test func chineseLabels() {
        let student = Student.create()
        let viewModel = CreditViewModel(student: student, language: .chinese)
        #expect(viewModel.statusText.value == "未设置")
        student.addCredit(40)
        #expect(viewModel.statusText.value == "不合格")
        student.addCredit(30)
        #expect(viewModel.statusText.value == "合格")
    }

    @Test func aCustomPolicyChangesTheColours() {
        let student = Student.create()
        let viewModel = CreditViewModel(student: student, policy: CreditPolicy(passMark: 50))
        student.addCredit(50)
        #expect(viewModel.creditColor.value == .red)
        #expect(viewModel.statusText.value == "Pass")
    }

    @Test func closingTheViewLeavesNothingOnTheStudent() {
        let student = Student.create()
        var viewModel: CreditViewModel? = CreditViewModel(student: student)
        var viewsBag: SubscriptionBag? = SubscriptionBag()
        viewModel?.statusText.subscribeNext { _ in }.store(in: viewsBag!)
        #expect(student.creditSubject.subscriberCount == 5)  // the student itself keeps none
        viewModel = nil
        viewsBag = nil
        student.addCredit(5)  // each output notices it is unobserved
        student.addCredit(5)
        #expect(student.creditSubject.subscriberCount == 0)
    }
}

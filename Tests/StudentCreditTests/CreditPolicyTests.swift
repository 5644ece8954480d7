import StudentCredit
import Testing

@Suite struct CreditPolicyTests {
    @Test(arguments: [
        (0, CreditColor.gray), (1, .gray), (28, .gray), (29, .gray),
        (30, .purple), (31, .purple), (68, .purple), (69, .purple),
        (70, .red), (71, .red), (100, .red), (Int.max, .red),
        (-1, .gray), (Int.min, .gray),
    ])
    func theStandardColourAtEveryBoundary(credit: Int, expected: CreditColor) {
        #expect(CreditPolicy.standard.color(for: credit) == expected)
    }

    @Test(arguments: [
        (0, CreditStatus.notSet), (-5, .notSet), (Int.min, .notSet),
        (1, .fail), (29, .fail), (30, .fail), (69, .fail),
        (70, .pass), (71, .pass), (Int.max, .pass),
    ])
    func theStandardStatusAtEveryBoundary(credit: Int, expected: CreditStatus) {
        #expect(CreditPolicy.standard.status(for: credit) == expected)
    }

    @Test(arguments: [
        (9, CreditColor.gray, CreditStatus.fail), (10, .purple, .fail), (49, .purple, .fail),
        (50, .red, .pass), (0, .gray, .notSet),
    ])
    func aCustomPolicyMovesTheThresholds(credit: Int, color: CreditColor, status: CreditStatus) {
        let policy = CreditPolicy(step: 10, purpleFrom: 10, passMark: 50)
        #expect(policy.color(for: credit) == color)
        #expect(policy.status(for: credit) == status)
        #expect(policy.step == 10)
    }

    @Test func theStandardPolicyIsTheSeeds() {
        #expect(CreditPolicy.standard == CreditPolicy(step: 5, purpleFrom: 30, passMark: 70))
        #expect(CreditPolicy.standard.problem == nil)
    }

    @Test(arguments: [
        (CreditPolicy(step: 0), "the step must be 1 or more, not 0"),
        (CreditPolicy(step: -5), "the step must be 1 or more, not -5"),
        (CreditPolicy(passMark: 30), "the pass mark must be above the purple threshold (30), not 30"),
        (CreditPolicy(purpleFrom: 80, passMark: 70), "the pass mark must be above the purple threshold (80), not 70"),
    ])
    func anUnusablePolicySaysWhy(policy: CreditPolicy, problem: String) {
        #expect(policy.problem == problem)
    }

    @Test(arguments: [
        (CreditStatus.notSet, Language.chinese, "未设置"), (.fail, .chinese, "不合格"), (.pass, .chinese, "合格"),
        (.notSet, .english, "Not set"), (.fail, .english, "Fail"), (.pass, .english, "Pass"),
    ])
    func statusLabelsInBothLanguages(status: CreditStatus, language: Language, label: String) {
        #expect(status.label(in: language) == label)
    }

    @Test(arguments: [("zh_CN.UTF-8", Language.chinese), ("zh", .chinese), ("ZH_tw", .chinese),
                      ("en_US.UTF-8", .english), ("C", .english), ("", .english), ("fr_FR", .english)])
    func aLocaleStartingWithZhMeansChinese(locale: String, language: Language) {
        #expect(Language(locale: locale) == language)
    }
}

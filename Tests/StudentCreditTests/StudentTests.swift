import SimpleSubject
import StudentCredit
import Synchronization
import Testing

@MainActor @Suite struct StudentTests {
    @Test func aStudentIsBuiltInOneChain() {
        let student = Student.create().name("ming").gender(.male).studentNumber(345)
        #expect(student.name == "ming")
        #expect(student.gender == .male)
        #expect(student.number == 345)
        #expect(student.credit == 0)
        #expect(student.creditSubject.value == 0)
    }

    @Test func addingCreditSendsItOnTheSubject() {
        let student = Student.create()
        var seen: [Int] = []
        student.creditSubject.subscribeNext { seen.append($0) }
        student.addCredit(5).addCredit(5).sendCredit { $0 * 3 }
        #expect(seen == [0, 5, 10, 30])
        #expect(student.credit == 30)
    }

    @Test(arguments: [(10, -3, 7), (10, -10, 0), (10, -11, 0), (0, -5, 0), (5, Int.min, 0),
                      (Int.max - 1, 5, Int.max), (Int.max, Int.max, Int.max)])
    func creditNeverGoesBelowZeroNorOverflows(start: Int, points: Int, expected: Int) {
        let student = Student.create().sendCredit { _ in start }
        student.addCredit(points)
        #expect(student.credit == expected)
    }

    @Test func sendCreditClampsANegativeResultToZero() {
        let student = Student.create().addCredit(20)
        student.sendCredit { $0 - 100 }
        #expect(student.credit == 0)
    }

    @Test func theSatisfyBlockIsEvaluatedWhenSetAndAfterEveryChange() {
        let student = Student.create().addCredit(80)
        let evaluations = Mutex<[Int]>([])
        student.filterIsASatisfyCredit { credit in
            evaluations.withLock { $0.append(credit) }
            return credit >= 70
        }
        #expect(student.isSatisfyCredit)
        student.addCredit(-20)
        #expect(!student.isSatisfyCredit)
        student.creditSubject.sendNext(90)  // also when sent to the subject directly
        #expect(student.isSatisfyCredit)
        #expect(evaluations.withLock { $0 } == [80, 60, 90])
    }

    @Test func aStudentIsFreedWithItsSubject() {
        weak var weakStudent: Student?
        weak var weakCredit: Subject<Int>?
        do {
            let student = Student.create().filterIsASatisfyCredit { $0 > 0 }
            weakStudent = student
            weakCredit = student.creditSubject
        }
        #expect(weakStudent == nil)
        #expect(weakCredit == nil)
    }
}

// expect: 'nil' is not compatible with expected argument type 'any Actor'
// Program 2's sibling for assign: its isolation cannot be stated falsely as none.
import SimpleSubject

@MainActor final class Label {
    var text = ""
    func bind(_ subject: Subject<String>) { subject.assign(to: \.text, on: self, isolation: nil) }
}

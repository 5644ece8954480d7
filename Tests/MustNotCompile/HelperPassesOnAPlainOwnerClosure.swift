// expect: passing non-Sendable parameter 'f' to function expecting a '@Sendable' closure
// Program 1's sibling for subscribeNext(owner:).
import SimpleSubject

@MainActor final class Screen {
    var count = 0
    func go(_ subject: Subject<Int>) { Binder.bind(subject, self) { screen, value in screen.count += value } }
}

enum Binder {
    static func bind(_ subject: Subject<Int>, _ screen: Screen, _ f: @escaping (Screen, Int) -> Void) {
        subject.subscribeNext(owner: screen, f)
    }
}

// expect: type 'Row' does not conform to the 'Sendable' protocol
// Outside attack on issue 21 (a8): an operator makes its values on whichever thread delivers its
// source, so a map from a Sendable subject into a class would hand one Row to two threads.
import SimpleSubject

final class Row {
    var hits = 0
}

@MainActor final class Screen {
    var rows: Subject<Row>?
    func bind(_ ids: Subject<Int>) {
        rows = ids.map { _ in Row() }
    }
}

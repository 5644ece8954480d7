// expect: type 'Row' does not conform to the 'Sendable' protocol
// A binding makes each side's values on the other's delivering thread.
import SimpleSubject

final class Row {
    var hits = 0
}

func bind(_ count: Subject<Int>, _ row: Subject<Row>) {
    count.sync(with: row, forward: { _ in Row() }, backward: { $0.hits })
}

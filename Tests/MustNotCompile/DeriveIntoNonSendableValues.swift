// expect: type 'Row' does not conform to the 'Sendable' protocol
// Outside attack on issue 21 (a10): a Downstream may be kept and sent to from any thread, so
// what it carries must be Sendable.
import SimpleSubject

final class Row {
    var hits = 0
}

func rows(_ ids: EventSubject<Int>) -> EventSubject<Row> {
    ids.derive(into: EventSubject<Row>()) { _, downstream in downstream.send(Row()) }
}

/// An event subject that sends every value sent to any of the subjects, from now on.
///
/// ```swift
/// let taps = merge(plusKey, spaceKey, enterKey)
/// taps.subscribeNext { student.addCredit(5) }
/// ```
///
/// Values sent to different sources from several threads at once are put in one order. Sources
/// that one send reaches — `merge(d.map { $0 }, d.map { $0 * 10 })` — each pass their value on:
/// two paths, two events, in subscription order (each is a real value of its path, so there is
/// nothing to tear; an operator downstream that waits for every path sees both, and computes once).
public func merge<Value>(_ first: SubjectBase<Value>, _ second: SubjectBase<Value>, _ others: SubjectBase<Value>...,
                         file: StaticString = #fileID, line: UInt = #line) -> EventSubject<Value> {
    let merged = EventSubject<Value>()
    let sources = [first, second] + others
    let feed = Feed(merged, from: sources, joins: false, name: #function, file: file, line: line, drawnFeeding: merged)
    let parts = sources.map { source in
        source.connected(to: feed, file, line) { value, isolation in
            feed.send(value, from: isolation)
        }
    }
    for (source, part) in zip(sources, parts) {
        // Made while a source is being delivered, its first values (the value or replay a new
        // subscriber gets) come later, queued: they were sent before the merge, so they are skipped.
        source.attach(part, feeding: feed, queuedFirstCall: { _, _ in })
    }
    return merged
}

/// A subject of the latest values of `a` and `b` together: it starts at `(a.value, b.value)`
/// and changes whenever either does.
///
/// ```swift
/// let form = combineLatest(name, credit)   // Subject<(String, Int)>
/// form.subscribeNext { name, credit in print(name, credit) }
/// ```
///
/// Sends from two threads at once are put in one order; the last value is always the latest
/// pair.
public func combineLatest<A, B>(_ a: Subject<A>, _ b: Subject<B>,
                                file: StaticString = #fileID, line: UInt = #line) -> Subject<(A, B)> {
    feedLatest(of: a, b, into: Subject(awaitingFirstValue: ()), file, line).filled { (a.value, b.value) }
}

/// An event subject that sends the latest values of `a` and `b` together, whenever either sends
/// and both have sent at least once.
public func combineLatest<A, B>(_ a: SubjectBase<A>, _ b: SubjectBase<B>,
                                file: StaticString = #fileID, line: UInt = #line) -> EventSubject<(A, B)> {
    feedLatest(of: a, b, into: EventSubject(), file, line)
}

/// A subject of the latest values of `a`, `b` and `c` together.
public func combineLatest<A, B, C>(_ a: Subject<A>, _ b: Subject<B>, _ c: Subject<C>,
                                   file: StaticString = #fileID, line: UInt = #line) -> Subject<(A, B, C)> {
    combineLatest(combineLatest(a, b, file: file, line: line), c, file: file, line: line)
        .map(file: file, line: line) { ($0.0, $0.1, $1) }
}

/// An event subject that sends the latest values of `a`, `b` and `c` together, whenever one
/// sends and all have sent at least once.
public func combineLatest<A, B, C>(_ a: SubjectBase<A>, _ b: SubjectBase<B>, _ c: SubjectBase<C>,
                                   file: StaticString = #fileID, line: UInt = #line) -> EventSubject<(A, B, C)> {
    combineLatest(combineLatest(a, b, file: file, line: line), c, file: file, line: line)
        .map(file: file, line: line) { ($0.0, $0.1, $1) }
}

// How it works: each source sends its changes into one `changes` subject, which puts sends
// from several threads
// in one order; its single subscriber keeps the latest of each and passes the whole on. So the
// result is never an older pair that overtook a newer one.

private func feedLatest<A, B, Target: SubjectBase<(A, B)>>(
    of a: SubjectBase<A>, _ b: SubjectBase<B>, into target: Target, _ file: StaticString, _ line: UInt
) -> Target {
    let changes = EventSubject<(A?, B?)>()
    let toTarget = Feed(target, from: [changes], file: file, line: line)
    var latest: (A?, B?) = (nil, nil)  // only `changes`' delivering thread touches it
    changes.attach(toTarget.subscription) { change in
        latest = (change.0 ?? latest.0, change.1 ?? latest.1)
        guard let a = latest.0, let b = latest.1 else { return toTarget.skip() }
        toTarget.send((a, b))
    }
    let toChanges = Feed(changes, from: [a, b], file: file, line: line)
    a.attach(toChanges.parts[0]) { toChanges.send(($0, nil)) }
    b.attach(toChanges.parts[1]) { toChanges.send((nil, $0)) }
    return target
}

/// A subject of the latest values of all its sources together, as one flat tuple: it starts at
/// their current values and changes whenever one does.
///
/// Any number of sources, each typed:
///
/// ```swift
/// let form = combineLatest(name, email, password, confirm)   // Subject<(String, String, String, String)>
/// form.subscribeNext { name, email, password, confirm in print(name, email) }
/// ```
///
/// With five or more, a closure that reads the tuple in one long expression may be more than
/// Swift's type checker takes on (five `== nil` checks joined by `||`: "unable to type-check this
/// expression in reasonable time", the compiler's limit, not this function's). Give its
/// parameters their types and its result type, and it checks at once:
///
/// ```swift
/// let incomplete = combineLatest(name, email, password, confirm, agreed).map {
///     (name: String?, email: String?, password: String?, confirm: String?, agreed: Bool?) -> Bool in
///     name == nil || email == nil || password == nil || confirm == nil || agreed == nil
/// }
/// ```
///
/// Sends from several threads at once are put in one order, and each tuple is read when its turn
/// comes, so the last value is always the latest tuple (two changes at once may send it twice).
///
/// Glitch-free: when several sources are reached from one send — paths from one subject, a
/// "diamond" — the tuple is made once, after all have changed, before that `sendNext` returns:
/// `combineLatest(d.map { $0 }, d.map { $0 * 2 })` with `d` going from 1 to 5 sends `(1, 2)`,
/// then `(5, 10)`, never the `(5, 2)` that RxSwift and Combine show between them. A graph of such
/// operators computes each once per send, however many paths lead to it, also with sends from
/// many threads: `combineLatest` joins its sources into one delivery domain, which one thread at a
/// time delivers (see <doc:WhyNoMonadLayer>).
///
/// - Complexity: O(*n*) per value of a source, where *n* is the number of sources.
@inlinable public func combineLatest<First: Sendable, Second: Sendable, each Rest: Sendable>(
    _ first: ReadOnlySubject<First>, _ second: ReadOnlySubject<Second>, _ rest: repeat ReadOnlySubject<each Rest>,
    file: StaticString = #fileID, line: UInt = #line
) -> Subject<(First, Second, repeat each Rest)> {
    latestOfAll(first, second, repeat each rest, file: file, line: line)
}

/// An event subject that sends the latest values of all its sources together, as one flat tuple,
/// whenever one sends and all have a value — for sources of any kind (a ``Subject``'s current
/// value counts; an ``EventSubject`` has none until it sends).
///
/// Glitch-free as ``combineLatest(_:_:_:file:line:)->Subject<(First,Second,Rest)>`` is.
///
/// - Complexity: O(*n*) per value of a source, where *n* is the number of sources.
@inlinable public func combineLatest<First: Sendable, Second: Sendable, each Rest: Sendable>(
    _ first: SubjectBase<First>, _ second: SubjectBase<Second>, _ rest: repeat SubjectBase<each Rest>,
    file: StaticString = #fileID, line: UInt = #line
) -> EventSubject<(First, Second, repeat each Rest)> {
    latestEventsOfAll(first, second, repeat each rest, file: file, line: line)
}

/// `combineLatest` of sources of any kind in one pack.
@inlinable func latestEventsOfAll<each Value>(_ sources: repeat SubjectBase<each Value>, file: StaticString,
                                           line: UInt) -> EventSubject<(repeat each Value)> {
    let target = EventSubject<(repeat each Value)>()
    let join = JoinCommit()
    let latest = (repeat CombinedSide<each Value>(join))
    feedLatest(repeat each sources, keeping: repeat each latest, join: join, into: target, file, line)
    return target
}

/// `combineLatest` of `Subject`s in one pack: the target starts at the sources' values.
@inlinable func latestOfAll<each Value>(_ sources: repeat ReadOnlySubject<each Value>, file: StaticString,
                                     line: UInt) -> Subject<(repeat each Value)> {
    let target = Subject<(repeat each Value)>(awaitingFirstValue: ())
    let join = JoinCommit()
    let latest = (repeat CombinedSide<each Value>(join))
    let made = feedLatest(repeat each sources, keeping: repeat each latest, join: join, into: target, file, line)
    repeat (each latest).setIfEmpty(firstValue(each made, each sources))
    target.fill(join.read { latestOfAll(repeat each latest)! })
    return target
}

/// Each source's latest value kept in `latest`, and `feedJoined` sending the tuple once all have
/// one. A queued first call (made during a delivery) only records the value: the tuple it would
/// make was sent before this combineLatest existed, or is the target's first value already.
@inlinable
@discardableResult
func feedLatest<each Value>(_ sources: repeat SubjectBase<each Value>, keeping latest: repeat CombinedSide<each Value>,
                            join: JoinCommit, into target: SubjectBase<(repeat each Value)>, _ file: StaticString,
                            _ line: UInt)
-> (repeat (each Value)?) {
    feedJoined(repeat each sources, into: target, file, line, name: "combineLatest", waitsForEveryPath: true,
               sides: repeat JoinSide(each latest), commit: join) {
        latestOfAll(repeat each latest)
    }
}

/// What a `Subject` source gave `attach` for its `queuedFirstCall`, or its value now.
@inlinable func firstValue<Value>(_ made: Value?, _ source: ReadOnlySubject<Value>) -> Value {
    made ?? source.value
}

/// A value kept, once every source has given one; under the operator's lock.
@inlinable func valueKept<Value>(_ latest: CombinedSide<Value>) -> Value {
    latest.heldValue!
}

/// The latest value of every source, together; `nil` while one has none. Under the operator's
/// lock (`JoinCommit.read`).
@inlinable func latestOfAll<each Value>(_ latest: repeat CombinedSide<each Value>) -> (repeat each Value)? {
    var missing = false
    for kept in repeat each latest {
        if kept.heldValue == nil {
            missing = true
        }
    }
    guard !missing else { return nil }
    return (repeat valueKept(each latest))
}

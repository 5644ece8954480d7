import SimpleSubject

/// RxSwift's shapes written with SimpleSubject: `EventSubject` (no current value) for
/// `PublishSubject` and `Observable.create`, `Subject` for `BehaviorSubject` and `Observable.just`.
enum SimpleSubjectShapes {
    static var runs: ShapeRuns {
        [
            .pumping: pumping,
            .creating: creating,
            .mapFilter: mapFilter,
            .combineLatest: combineLatest,
            .combineLatest2: combineLatest2,
        ]
    }

    static func pumping(_ count: Int) {
        let tally = Tally()
        let subject = EventSubject<Int>()
        let subscription = subject.subscribeNext { tally.add($0) }
        for _ in 0..<count { subject.sendNext(1) }
        subscription.cancel()
        tally.expect(count, Shape.pumping.rawValue)
    }

    static func creating(_ count: Int) {
        let tally = Tally()
        for _ in 0..<count {
            let subject = EventSubject<Int>()
            let subscription = subject.subscribeNext { tally.add($0) }
            subject.sendNext(1)
            subscription.cancel()
        }
        tally.expect(count, Shape.creating.rawValue)
    }

    static func mapFilter(_ count: Int) {
        let tally = Tally()
        let source = EventSubject<Int>()
        let subscription = source
            .map { $0 }.filter { _ in true }
            .map { $0 }.filter { _ in true }
            .map { $0 }.filter { _ in true }
            .map { $0 }.filter { _ in true }
            .map { $0 }.filter { _ in true }
            .map { $0 }.filter { _ in true }
            .subscribeNext { tally.add($0) }
        for _ in 0..<count { source.sendNext(1) }
        subscription.cancel()
        tally.expect(count, Shape.mapFilter.rawValue)
    }

    /// RxSwift's result selector `{ x, _, _, _ in x }` is a `map { $0.0 }` here: one more stage
    /// per layer (SimpleSubject's `combineLatest` has no selector form).
    static func combineLatest(_ count: Int) {
        let tally = Tally()
        let source = EventSubject<Int>()
        var last = SimpleSubject.combineLatest(Subject(1), Subject(1), Subject(1), source).map { $0.0 }
        for _ in 0..<6 {
            last = SimpleSubject.combineLatest(Subject(1), Subject(1), Subject(1), last).map { $0.0 }
        }
        let subscription = last.subscribeNext { tally.add($0) }
        for _ in 0..<count { source.sendNext(1) }
        subscription.cancel()
        tally.expect(count, Shape.combineLatest.rawValue)
    }

    static func combineLatest2(_ count: Int) {
        let tally = Tally()
        let a = Subject(0), b = Subject(0)
        let subscription = SimpleSubject.combineLatest(a, b).subscribeNext { tally.add($0.0) }
        for index in 0..<count { (index & 1 == 0 ? a : b).sendNext(1) }
        subscription.cancel()
        tally.expect(count, Shape.combineLatest2.rawValue)
    }
}

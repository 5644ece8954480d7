import OpenCombine

/// RxSwift's shapes written with OpenCombine: `PassthroughSubject` for `PublishSubject` and
/// `Observable.create`, `sink` for `subscribe(onNext:)`. OpenCombine 0.14 has no
/// `combineLatest`, so the two `combineLatest` shapes have no OpenCombine column.
enum OpenCombineShapes {
    static var runs: ShapeRuns {
        [
            .pumping: pumping,
            .creating: creating,
            .mapFilter: mapFilter,
        ]
    }

    static func pumping(_ count: Int) {
        let tally = Tally()
        let subject = PassthroughSubject<Int, Never>()
        let subscription = subject.sink { tally.add($0) }
        for _ in 0..<count { subject.send(1) }
        subscription.cancel()
        tally.expect(count, Shape.pumping.rawValue)
    }

    static func creating(_ count: Int) {
        let tally = Tally()
        for _ in 0..<count {
            let subject = PassthroughSubject<Int, Never>()
            let subscription = subject.sink { tally.add($0) }
            subject.send(1)
            subscription.cancel()
        }
        tally.expect(count, Shape.creating.rawValue)
    }

    static func mapFilter(_ count: Int) {
        let tally = Tally()
        let source = PassthroughSubject<Int, Never>()
        let subscription = source
            .map { $0 }.filter { _ in true }
            .map { $0 }.filter { _ in true }
            .map { $0 }.filter { _ in true }
            .map { $0 }.filter { _ in true }
            .map { $0 }.filter { _ in true }
            .map { $0 }.filter { _ in true }
            .sink { tally.add($0) }
        for _ in 0..<count { source.send(1) }
        subscription.cancel()
        tally.expect(count, Shape.mapFilter.rawValue)
    }
}

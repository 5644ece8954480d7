#if WITH_RXSWIFT
import RxSwift

/// RxSwift's shapes as its own benchmarks write them (`Tests/Benchmarks/Benchmarks.swift`),
/// `sum += x` in a `Tally`. The two-source `combineLatest` uses `BehaviorSubject`s, as the
/// SimpleSubject version uses `Subject`s.
enum RxSwiftShapes {
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
        let subject = PublishSubject<Int>()
        let subscription = subject.subscribe(onNext: { tally.add($0) })
        for _ in 0..<count { subject.on(.next(1)) }
        subscription.dispose()
        tally.expect(count, Shape.pumping.rawValue)
    }

    static func creating(_ count: Int) {
        let tally = Tally()
        for _ in 0..<count {
            let subject = PublishSubject<Int>()
            let subscription = subject.subscribe(onNext: { tally.add($0) })
            subject.on(.next(1))
            subscription.dispose()
        }
        tally.expect(count, Shape.creating.rawValue)
    }

    /// The source is RxSwift's `Observable.create` that sends all values when subscribed.
    static func mapFilter(_ count: Int) {
        let tally = Tally()
        let subscription = pumped(count)
            .map { $0 }.filter { _ in true }
            .map { $0 }.filter { _ in true }
            .map { $0 }.filter { _ in true }
            .map { $0 }.filter { _ in true }
            .map { $0 }.filter { _ in true }
            .map { $0 }.filter { _ in true }
            .subscribe(onNext: { tally.add($0) })
        subscription.dispose()
        tally.expect(count, Shape.mapFilter.rawValue)
    }

    static func combineLatest(_ count: Int) {
        let tally = Tally()
        let one = Observable.just(1)
        var last = Observable.combineLatest(one, one, one, pumped(count)) { x, _, _, _ in x }
        for _ in 0..<6 {
            last = Observable.combineLatest(one, one, one, last) { x, _, _, _ in x }
        }
        let subscription = last.subscribe(onNext: { tally.add($0) })
        subscription.dispose()
        tally.expect(count, Shape.combineLatest.rawValue)
    }

    static func combineLatest2(_ count: Int) {
        let tally = Tally()
        let a = BehaviorSubject(value: 0), b = BehaviorSubject(value: 0)
        let subscription = Observable.combineLatest(a, b).subscribe(onNext: { tally.add($0.0) })
        for index in 0..<count { (index & 1 == 0 ? a : b).on(.next(1)) }
        subscription.dispose()
        tally.expect(count, Shape.combineLatest2.rawValue)
    }

    /// A source that sends `count` ones to each subscriber as it subscribes.
    private static func pumped(_ count: Int) -> Observable<Int> {
        Observable<Int>.create { observer in
            for _ in 0..<count { observer.on(.next(1)) }
            return Disposables.create()
        }
    }
}
#endif

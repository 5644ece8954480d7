/// RxSwift's benchmark shapes (`Tests/Benchmarks/Benchmarks.swift` in its repository), named
/// after its tests: `testMapFilterPumping` is `mapFilter.pumping`.
enum Shape: String, CaseIterable {
    case pumping = "publishSubject.pumping"
    case creating = "publishSubject.creating"
    case mapFilter = "mapFilter.pumping"
    case combineLatest = "combineLatest.pumping"
    case combineLatest2 = "combineLatest2.pumping"

    /// Values sent in one run (for `creating`, rounds of create-subscribe-send-cancel): the
    /// table gives a run's time over this. RxSwift's counts (its `iterations` is 10,000).
    var units: Int {
        self == .pumping ? 1_000_000 : 100_000
    }

    /// What one run does, for the notes under the table.
    var summary: String {
        switch self {
        case .pumping:
            "a subject with one subscriber; send 1,000,000 values; cancel"
        case .creating:
            "100,000 times: make a subject, subscribe, send one value, cancel"
        case .mapFilter:
            "a source, 6 × (`map` then `filter`) = 12 stages, one subscriber; pump 100,000 values"
        case .combineLatest:
            "RxSwift's: 7 nested `combineLatest`s of 4, each of 3 constants and the layer below; "
                + "pump 100,000 values into the innermost source"
        case .combineLatest2:
            "two sources, `combineLatest` with one subscriber; 100,000 sends alternating a, b, a, b…"
        }
    }
}

/// A library's runs of the shapes it has: each builds, subscribes, sends the given number of
/// values, cancels and checks its subscriber's sum.
typealias ShapeRuns = [Shape: (Int) -> Void]

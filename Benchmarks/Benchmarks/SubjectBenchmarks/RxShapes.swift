// RxSwift's own benchmark shapes (its Tests/Benchmarks), issue 31: MapFilter — a source, then six
// `map` and six `filter` alternating, one subscriber at the end — and CombineLatest pumping — two
// sources, one `combineLatest`, sends alternating between them. OpenCombine 0.14 has no
// combineLatest, so that row has no peer column.
import Benchmark
import OpenCombine
import SimpleSubject

/// MapFilter's stages: each `filter` passes every value, as RxSwift's does.
@Sendable func increment(_ value: Int) -> Int {
    value &+ 1
}

@Sendable func isPositive(_ value: Int) -> Bool {
    value > Int.min
}

func rxShapeBenchmarks() {
    Benchmark("mapFilter.simple") { benchmark in
        let source = Subject(0)
        // One stage a statement: the whole chain in one expression takes the type checker too long.
        var stage = source.map(increment).filter(isPositive)
        for _ in 1..<6 {
            stage = stage.map(increment).filter(isPositive)
        }
        stage.subscribeNext { blackHole($0) }
        benchmark.startMeasurement()
        for value in benchmark.scaledIterations { source.sendNext(value) }
    }
    Benchmark("mapFilter.opencombine") { benchmark in
        let source = CurrentValueSubject<Int, Never>(0)
        // Spelled out: each stage's type nests the one before (no type erasure, as an app writes it).
        let stage1 = source.map(increment).filter(isPositive)
        let stage2 = stage1.map(increment).filter(isPositive)
        let stage3 = stage2.map(increment).filter(isPositive)
        let stage4 = stage3.map(increment).filter(isPositive)
        let stage5 = stage4.map(increment).filter(isPositive)
        let stage6 = stage5.map(increment).filter(isPositive)
        let cancellable = stage6.sink { blackHole($0) }
        benchmark.startMeasurement()
        for value in benchmark.scaledIterations { source.send(value) }
        benchmark.stopMeasurement()
        withExtendedLifetime(cancellable) {}
    }
    Benchmark("combineLatestPump.simple") { benchmark in
        let a = Subject(0)
        let b = Subject(0)
        combineLatest(a, b).subscribeNext { blackHole($0) }
        benchmark.startMeasurement()
        for value in benchmark.scaledIterations { (value & 1 == 0 ? a : b).sendNext(value) }
    }
}

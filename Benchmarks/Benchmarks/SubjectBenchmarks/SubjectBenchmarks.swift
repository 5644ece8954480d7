import Benchmark
import FrameCounter
import OpenCombine
import SimpleSubject
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// `SIMPLESUBJECT_BENCHMARK_QUICK=1` cuts every benchmark to a few iterations, for CI's
/// allocation gate; allocation counts do not depend on how long a benchmark runs.
let isQuick = getenv("SIMPLESUBJECT_BENCHMARK_QUICK").map { String(cString: $0) == "1" } ?? false

let libraryFrames = BenchmarkMetric.custom("libraryFrames", polarity: .prefersSmaller, useScalingFactor: false)
let heapBytesPerSubscription = BenchmarkMetric.custom("heapBytesPerSubscription", useScalingFactor: false)

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal, .instructions],
        warmupIterations: isQuick ? 1 : 10,
        scalingFactor: .kilo,
        maxDuration: .milliseconds(isQuick ? 20 : 1_500),
        maxIterations: isQuick ? 5 : 100_000
    )
    sendBenchmarks()
    subscriptionBenchmarks()
    isolationBenchmarks()
    operatorBenchmarks()
    memoryBenchmarks()
    frameBenchmarks()
    concurrentSenderBenchmarks()
    layersBenchmarks()
    formAndRequestBenchmarks()
    rxShapeBenchmarks()
}

// MARK: - sendNext to 1, 10, 100 and 1,000 subscribers

func sendBenchmarks() {
    for count in [1, 10, 100, 1_000] {
        Benchmark("send\(count).simple") { benchmark in
            let subject = Subject(0)
            for _ in 0..<count { subject.subscribeNext { blackHole($0) } }
            benchmark.startMeasurement()
            for value in benchmark.scaledIterations { subject.sendNext(value) }
        }
        Benchmark("send\(count).simple-event") { benchmark in
            let subject = EventSubject<Int>()
            for _ in 0..<count { subject.subscribeNext { blackHole($0) } }
            benchmark.startMeasurement()
            for value in benchmark.scaledIterations { subject.sendNext(value) }
        }
        Benchmark("send\(count).opencombine") { benchmark in
            let subject = CurrentValueSubject<Int, Never>(0)
            let cancellables = (0..<count).map { _ in subject.sink { blackHole($0) } }
            benchmark.startMeasurement()
            for value in benchmark.scaledIterations { subject.send(value) }
            benchmark.stopMeasurement()
            withExtendedLifetime(cancellables) {}
        }
        Benchmark("send\(count).opencombine-passthrough") { benchmark in
            let subject = PassthroughSubject<Int, Never>()
            let cancellables = (0..<count).map { _ in subject.sink { blackHole($0) } }
            benchmark.startMeasurement()
            for value in benchmark.scaledIterations { subject.send(value) }
            benchmark.stopMeasurement()
            withExtendedLifetime(cancellables) {}
        }
        Benchmark("send\(count).floor-raw") { benchmark in
            let floor = RawFloor()
            for _ in 0..<count { floor.subscribe { blackHole($0) } }
            benchmark.startMeasurement()
            for value in benchmark.scaledIterations { floor.send(value) }
        }
        Benchmark("send\(count).floor-locked") { benchmark in
            let floor = LockedFloor()
            for _ in 0..<count { floor.subscribe { blackHole($0) } }
            benchmark.startMeasurement()
            for value in benchmark.scaledIterations { floor.send(value) }
        }
    }
}

// MARK: - Subscribing and cancelling

func subscriptionBenchmarks() {
    Benchmark("subscribeCancel.simple") { benchmark in
        let subject = Subject(0)
        subject.subscribeNext { blackHole($0) }  // one that stays, as in an app
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { subject.subscribeNext { blackHole($0) }.cancel() }
    }
    Benchmark("subscribeCancel.opencombine") { benchmark in
        let subject = CurrentValueSubject<Int, Never>(0)
        let staying = subject.sink { blackHole($0) }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { subject.sink { blackHole($0) }.cancel() }
        benchmark.stopMeasurement()
        withExtendedLifetime(staying) {}
    }

    // Cancel all of N, one by one in random order: the per-cancel cost shows O(1) against O(N).
    // Wall clock is per run of N cancels; BenchmarkTable divides by N.
    let sizes = isQuick ? [1_000] : [1_000, 10_000, 100_000]
    for size in sizes {
        let label = "\(size / 1_000)k"
        let configuration = Benchmark.Configuration(
            metrics: [.wallClock, .mallocCountTotal], warmupIterations: 1, scalingFactor: .one,
            maxDuration: .seconds(isQuick ? 1 : 5), maxIterations: isQuick ? 2 : (size >= 100_000 ? 20 : 100))
        Benchmark("cancelAll\(label).simple", configuration: configuration) { benchmark in
            let subject = EventSubject<Int>()
            var subscriptions = (0..<size).map { _ in subject.subscribeNext { blackHole($0) } }
            var random = SplitMix(seed: 42)
            subscriptions.shuffle(using: &random)
            benchmark.startMeasurement()
            for subscription in subscriptions { subscription.cancel() }
            benchmark.stopMeasurement()
        }
        guard size <= 10_000 else { continue }  // OpenCombine's O(N) cancel would take minutes
        Benchmark("cancelAll\(label).opencombine", configuration: configuration) { benchmark in
            let subject = PassthroughSubject<Int, Never>()
            var cancellables = (0..<size).map { _ in subject.sink { blackHole($0) } }
            var random = SplitMix(seed: 42)
            cancellables.shuffle(using: &random)
            benchmark.startMeasurement()
            for cancellable in cancellables { cancellable.cancel() }
            benchmark.stopMeasurement()
        }
    }
}

/// A seeded generator, so that every run cancels in the same order.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

// MARK: - Operators

func operatorBenchmarks() {
    Benchmark("map5.simple") { benchmark in
        let source = Subject(0)
        source.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }
            .subscribeNext { blackHole($0) }
        benchmark.startMeasurement()
        for value in benchmark.scaledIterations { source.sendNext(value) }
    }
    Benchmark("map5.opencombine") { benchmark in
        let source = CurrentValueSubject<Int, Never>(0)
        let cancellable = source.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }
            .sink { blackHole($0) }
        benchmark.startMeasurement()
        for value in benchmark.scaledIterations { source.send(value) }
        benchmark.stopMeasurement()
        withExtendedLifetime(cancellable) {}
    }
    Benchmark("map5.floor-locked") { benchmark in
        // Six locked sends in a row: the cost of five hops if each cost one locked send.
        let floors = (0..<6).map { _ in LockedFloor() }
        for (from, to) in zip(floors, floors.dropFirst()) { from.subscribe { to.send($0 &+ 1) } }
        floors[5].subscribe { blackHole($0) }
        benchmark.startMeasurement()
        for value in benchmark.scaledIterations { floors[0].send(value) }
    }
    Benchmark("combineLatest2.simple") { benchmark in
        let a = Subject(0), b = Subject(0)
        combineLatest(a, b).subscribeNext { blackHole($0) }
        benchmark.startMeasurement()
        for value in benchmark.scaledIterations { (value & 1 == 0 ? a : b).sendNext(value) }
    }
    // A value that joins a debounce burst: a clock read, a lock, no task (one sleeps per burst).
    Benchmark("debounceJoin.simple") { benchmark in
        let source = EventSubject<Int>()
        let debounced = source.debounce(for: .seconds(3_600))
        debounced.subscribeNext { blackHole($0) }
        source.sendNext(0)  // starts the burst; every measured value joins it
        benchmark.startMeasurement()
        for value in benchmark.scaledIterations { source.sendNext(value) }
        benchmark.stopMeasurement()
        withExtendedLifetime(debounced) {}
    }
    // One switch to another inner subject, then one value from it.
    Benchmark("switchAndSend.simple") { benchmark in
        let inners = [Subject(0), Subject(0)]
        let outer = Subject(inners[0])
        outer.switchToLatest().subscribeNext { blackHole($0) }
        benchmark.startMeasurement()
        for value in benchmark.scaledIterations {
            let inner = inners[value & 1]
            outer.sendNext(inner)
            inner.sendNext(value)
        }
    }
    // OpenCombine 0.14 has no combineLatest, so this scenario has no peer column.
    Benchmark("sync.simple") { benchmark in
        let a = Subject(0), b = Subject(0)
        a.sync(with: b)
        b.subscribeNext { blackHole($0) }
        benchmark.startMeasurement()
        for value in benchmark.scaledIterations { (value & 1 == 0 ? a : b).sendNext(value) }
    }
}

// MARK: - Heap per live subscription, at 100,000 live

func memoryBenchmarks() {
    let live = isQuick ? 1_000 : 100_000
    // mallocCountTotal is the harness's exact count for the whole run of `live` subscriptions;
    // BenchmarkTable divides it by `live`.
    let configuration = Benchmark.Configuration(
        metrics: [heapBytesPerSubscription, .mallocCountTotal], warmupIterations: 0, scalingFactor: .one,
        maxDuration: .seconds(5), maxIterations: 3)
    Benchmark("memory.simple", configuration: configuration) { benchmark in
        let subject = Subject(0)
        var kept: [SimpleSubject.Subscription] = []
        kept.reserveCapacity(live)  // the array that keeps them is not theirs to pay for
        benchmark.startMeasurement()
        let before = frame_counter_heap_in_use()
        for _ in 0..<live { kept.append(subject.subscribeNext { blackHole($0) }) }
        let after = frame_counter_heap_in_use()
        benchmark.stopMeasurement()
        benchmark.measurement(heapBytesPerSubscription, (after - before) / live)
    }
    Benchmark("memory.opencombine", configuration: configuration) { benchmark in
        let subject = CurrentValueSubject<Int, Never>(0)
        var kept: [AnyCancellable] = []
        kept.reserveCapacity(live)
        benchmark.startMeasurement()
        let before = frame_counter_heap_in_use()
        for _ in 0..<live { kept.append(subject.sink { blackHole($0) }) }
        let after = frame_counter_heap_in_use()
        benchmark.stopMeasurement()
        benchmark.measurement(heapBytesPerSubscription, (after - before) / live)
    }
}

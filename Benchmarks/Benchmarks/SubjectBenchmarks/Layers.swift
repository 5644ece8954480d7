// cellx's "layers" (guarantee 11, glitch-free): a root, then `depth` layers of four cells, each
// cell the sum of two cells of the layer before. One send to the root reaches the last cell
// through 2^depth paths. A glitch-free engine computes each cell once per send, linear in depth;
// one that only pushes (RxSwift, Combine) recomputes a cell once per path that reaches it.
//
// `layers<depth>.simple` uses `combineLatest(…).map(+)`. OpenCombine 0.14 has no combineLatest, so
// `layers<depth>.opencombine-push` builds each cell as Combine's CombineLatest works — each input's
// sink sends the sum of its value and the other's latest — on `CurrentValueSubject`s.
// `lastCellEmissions` is what the last cell sent per root send.
import Benchmark
import OpenCombine
import SimpleSubject

let layerDepths = [1, 2, 4, 8, 12, 16]
let lastCellEmissions = BenchmarkMetric.custom("lastCellEmissions", polarity: .prefersSmaller, useScalingFactor: false)

/// Counts a cell's values; touched only by the one sending thread.
final class EmissionCounter: @unchecked Sendable {
    var count = 0
}

func layersBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, lastCellEmissions], warmupIterations: isQuick ? 0 : 3, scalingFactor: .one,
        maxDuration: .milliseconds(isQuick ? 20 : 1_000), maxIterations: isQuick ? 2 : 10_000)
    for depth in layerDepths {
        Benchmark("layers\(depth).simple", configuration: configuration) { benchmark in
            let root = Subject(0)
            var cells = (0..<4).map { offset in root.map { $0 &+ offset } }
            for _ in 0..<depth {
                let previous = cells
                cells = (0..<4).map { index in
                    combineLatest(previous[index], previous[(index + 1) % 4]).map { $0 &+ $1 }
                }
            }
            let counter = EmissionCounter()
            cells[3].subscribeNext { _ in counter.count += 1 }
            counter.count = 0
            benchmark.startMeasurement()
            for value in benchmark.scaledIterations { root.sendNext(value) }
            benchmark.stopMeasurement()
            benchmark.measurement(lastCellEmissions, counter.count / benchmark.scaledIterations.count)
        }
        Benchmark("layers\(depth).opencombine-push", configuration: configuration) { benchmark in
            var kept: [AnyCancellable] = []
            let root = CurrentValueSubject<Int, Never>(0)
            var cells = (0..<4).map { offset in
                let cell = CurrentValueSubject<Int, Never>(offset)
                root.sink { cell.send($0 &+ offset) }.store(in: &kept)
                return cell
            }
            for _ in 0..<depth {
                let previous = cells
                cells = (0..<4).map { index in
                    let a = previous[index], b = previous[(index + 1) % 4]
                    let cell = CurrentValueSubject<Int, Never>(a.value &+ b.value)
                    a.sink { [unowned b] in cell.send($0 &+ b.value) }.store(in: &kept)
                    b.sink { [unowned a] in cell.send(a.value &+ $0) }.store(in: &kept)
                    return cell
                }
            }
            let counter = EmissionCounter()
            cells[3].sink { _ in counter.count += 1 }.store(in: &kept)
            counter.count = 0
            benchmark.startMeasurement()
            for value in benchmark.scaledIterations { root.send(value) }
            benchmark.stopMeasurement()
            benchmark.measurement(lastCellEmissions, counter.count / benchmark.scaledIterations.count)
            withExtendedLifetime(kept) {}
        }
    }
}

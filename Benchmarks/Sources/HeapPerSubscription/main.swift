// Heap bytes per live subscription in a plain process, for BENCHMARKS.md: glibc's count of bytes
// in use (mallinfo2) before and after 100,000 subscriptions, SimpleSubject beside OpenCombine.
//
// Outside the harness on purpose: ordo-one's benchmark links a malloc interposer that puts a
// 16-byte header before every allocation, which moves small blocks up a size class (a 40-byte
// `Subscription` takes a 64-byte block there, 48 here). Allocation counts stay the harness's
// (`memory.simple`). Prints the figures as a benchmark export does, so that
// `Benchmarks/regenerate.sh` appends them to Results/full-run.md and BenchmarkTable reads them.
import FrameCounter
import OpenCombine
import SimpleSubject

@inline(never) func blackHole<T>(_ value: T) {}

let live = 100_000
let runs = 3

func simpleSubject() -> Int {
    let subject = Subject(0)
    var kept: [SimpleSubject.Subscription] = []
    kept.reserveCapacity(live)  // the array that keeps them is not theirs to pay for
    let before = frame_counter_heap_in_use()
    for _ in 0..<live {
        kept.append(subject.subscribeNext { blackHole($0) })
    }
    let after = frame_counter_heap_in_use()
    return (after - before) / live
}

func openCombine() -> Int {
    let subject = CurrentValueSubject<Int, Never>(0)
    var kept: [AnyCancellable] = []
    kept.reserveCapacity(live)
    let before = frame_counter_heap_in_use()
    for _ in 0..<live {
        kept.append(subject.sink { blackHole($0) })
    }
    let after = frame_counter_heap_in_use()
    return (after - before) / live
}

/// One benchmark's section of a markdown export: every percentile column is the median of `runs`.
func printSection(_ name: String, _ measure: () -> Int) {
    let samples = (0..<runs).map { _ in measure() }.sorted()
    let median = samples[samples.count / 2]
    let cells = Array(repeating: String(median), count: 7).joined(separator: " | ")
    print("### \(name)\n")
    print("| Metric | p0 | p25 | p50 | p75 | p90 | p99 | p100 | Samples |")
    print("|:---|---:|---:|---:|---:|---:|---:|---:|---:|")
    print("| heapBytesPerSubscription | \(cells) | \(runs) |\n")
}

printSection("heap.simple", simpleSubject)
printSection("heap.opencombine", openCombine)

// Concurrent senders (DESIGN.md, "Costs we hold ourselves to"): T threads released together each
// send N values to one subject with S subscribers; `concurrent<T>x<S>.<contender>`. The scenario
// itself is the ConcurrentScenario target, which the standalone `ConcurrentSenders` also runs.
//
// The harness times whole iterations, so each sample is one run, timed inside it and reported
// as `nsPerSend` (wall time from the release to the last thread joined, over T × N). A run in
// which the threads did not overlap (one finished its sends before another started) is
// discarded and run again; `discardedRuns` counts them per sample.
import Benchmark
import ConcurrentScenario
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

let nanosecondsPerSend = BenchmarkMetric.custom("nsPerSend", polarity: .prefersSmaller, useScalingFactor: false)
let discardedRuns = BenchmarkMetric.custom("discardedRuns", polarity: .prefersSmaller, useScalingFactor: false)
/// The sender threads' CPU time over the wall time, in percent: about T × 100 when they ran in
/// parallel, about 100 when they took turns on one core (another build running, say).
let busyCorePercent = BenchmarkMetric.custom("busyCorePercent", polarity: .prefersLarger, useScalingFactor: false)

/// Sender threads: 1 and 2 by default; `SIMPLESUBJECT_BENCHMARK_THREADS=1,2,4,8,16` on a
/// many-core host.
let senderThreadCounts: [Int] = {
    guard let list = getenv("SIMPLESUBJECT_BENCHMARK_THREADS") else { return [1, 2] }
    return String(cString: list).split(separator: ",").compactMap { Int($0) }
}()

/// Runs tried per sample before it is given up (and only its discards recorded).
let triesPerSample = 10

/// N, the sends per thread, fixed by the first call: about 10 ms a run (2 ms in quick mode).
final class SendsPerThread: Sendable {
    let count = Atomic(0)
}

func concurrentSenderBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [nanosecondsPerSend, discardedRuns, busyCorePercent], warmupIterations: isQuick ? 0 : 1, scalingFactor: .one,
        maxDuration: .seconds(isQuick ? 1 : 3), maxIterations: isQuick ? 3 : 21)
    for threads in senderThreadCounts {
        for subscribers in [1, 10] {
            for contender in Contender.all {
                let sends = SendsPerThread()
                Benchmark("concurrent\(threads)x\(subscribers).\(contender.name)", configuration: configuration) { benchmark in
                    if sends.count.load(ordering: .relaxed) == 0 {
                        let count = calibratedCount(contender, threads: threads, subscribers: subscribers, milliseconds: isQuick ? 2 : 10)
                        sends.count.store(count, ordering: .relaxed)
                    }
                    let count = sends.count.load(ordering: .relaxed)
                    var discarded = 0
                    for _ in 0..<triesPerSample {
                        let run = runOnce(contender, threads: threads, subscribers: subscribers, count: count)
                        if run.overlapped {
                            benchmark.measurement(nanosecondsPerSend, Int(run.nanosecondsPerSend.rounded()))
                            benchmark.measurement(busyCorePercent, Int((run.busyCores * 100).rounded()))
                            break
                        }
                        discarded += 1
                    }
                    benchmark.measurement(discardedRuns, discarded)
                }
            }
        }
    }
}

// The concurrent-senders scenario outside the harness: a table of medians to paste into notes.
//
//     swift build -c release --package-path Benchmarks --product ConcurrentSenders
//     Benchmarks/.build/release/ConcurrentSenders --threads 1,2 --subscribers 1,10 --sends auto --repeats 11
//
// For each T (threads) and S (subscribers), each contender runs R times, interleaved, in this one
// process: T threads released together each send N values (`auto`: about 10 ms a run). ns per send
// is the wall time from the release to the last thread joined, over T × N. A run in which the
// threads did not overlap (one made its last send before another made its first) is discarded
// and run again, up to 3 × R runs in all. "busy cores" is the median of the sender threads' CPU
// time over the wall time: near T when they ran in parallel, near 1 when they took turns.
import ConcurrentScenario
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

func usage() -> Never {
    print("usage: ConcurrentSenders [--threads 1,2] [--subscribers 1,10] [--sends auto|N] [--repeats 11]")
    exit(64)
}

var threadCounts = [1, 2]
var subscriberCounts = [1, 10]
var fixedSends: Int?
var repeats = 11
var arguments = CommandLine.arguments.dropFirst()
while let flag = arguments.popFirst() {
    guard let value = arguments.popFirst() else { usage() }
    let list = value.split(separator: ",").compactMap { Int($0) }
    switch flag {
    case "--threads":
        threadCounts = list
    case "--subscribers":
        subscriberCounts = list
    case "--sends" where value == "auto":
        fixedSends = nil
    case "--sends" where list.count == 1:
        fixedSends = list[0]
    case "--repeats" where list.count == 1:
        repeats = list[0]
    default:
        usage()
    }
}
guard !threadCounts.isEmpty, !subscriberCounts.isEmpty, repeats > 0, (fixedSends ?? 2) > 1 else { usage() }

/// `value` with `digits` decimals (no Foundation here).
func fixed(_ value: Double, _ digits: Int) -> String {
    let scale = Double([1, 10, 100, 1_000][digits])
    let scaled = Int((value * scale).rounded())
    guard digits > 0 else { return String(scaled) }
    let fraction = String(scaled % Int(scale))
    return "\(scaled / Int(scale)).\(String(repeating: "0", count: digits - fraction.count))\(fraction)"
}

func loadAverage() -> String {
    var loads = [Double](repeating: 0, count: 3)
    let read = getloadavg(&loads, 3)
    return read == 3 ? loads.map { fixed($0, 2) }.joined(separator: " ") : "unknown"
}

print("Concurrent senders: ns per send = wall time from release to last join ÷ (T × N); median of overlapping runs")
print("host: \(sysconf(Int32(_SC_NPROCESSORS_ONLN))) cores online; load average (1, 5, 15 min) at start: \(loadAverage())")
print()
print("| T | S | contender | N per thread | median ns/send | min | max | ÷ locked floor | busy cores | kept | discarded |")
print("|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|")
for threads in threadCounts {
    for subscribers in subscriberCounts {
        let contenders = Contender.all
        var sends: [Int] = []
        for contender in contenders {
            let count = fixedSends ?? calibratedCount(contender, threads: threads, subscribers: subscribers)
            sends.append(count)
            _ = runOnce(contender, threads: threads, subscribers: subscribers, count: count)  // warm-up
        }
        var kept = [[Double]](repeating: [], count: contenders.count)
        var busy = [[Double]](repeating: [], count: contenders.count)
        var discarded = [Int](repeating: 0, count: contenders.count)
        var rounds = 0
        while rounds < 3 * repeats && kept.contains(where: { $0.count < repeats }) {
            rounds += 1
            for index in contenders.indices where kept[index].count < repeats {
                let run = runOnce(contenders[index], threads: threads, subscribers: subscribers, count: sends[index])
                if run.overlapped {
                    kept[index].append(run.nanosecondsPerSend)
                    busy[index].append(run.busyCores)
                } else {
                    discarded[index] += 1
                }
            }
        }
        let floorIndex = contenders.firstIndex { $0.name == "floor-locked" }!
        let floorMedian = median(kept[floorIndex])
        for index in contenders.indices {
            let middle = median(kept[index])
            let cells = [middle, kept[index].min(), kept[index].max()].map { $0.map { fixed($0, 0) } ?? "—" }
            let ratio = middle.flatMap { ours in floorMedian.map { fixed(ours / $0, 2) + "×" } } ?? "—"
            let cores = median(busy[index]).map { fixed($0, 2) } ?? "—"
            print("| \(threads) | \(subscribers) | \(contenders[index].title) | \(sends[index]) | \(cells.joined(separator: " | ")) | \(ratio) | \(cores) | \(kept[index].count) | \(discarded[index]) |")
        }
    }
}
print()
print("load average at end: \(loadAverage())")

// Turns a markdown export of the benchmarks into the tables of BENCHMARKS.md:
//
//     swift package --allow-writing-to-directory Results benchmark --format markdown --path Results
//     swift run BenchmarkTable Results/<export>.md > ../BENCHMARKS-tables.md
//
// Each scenario is a row, each implementation a column, and the ratios that BENCHMARKS.md's cost
// targets name are computed here, from the one run — never typed by hand.
import Foundation

/// One metric's median, in the export's unit.
struct Measurement {
    let value: Double
    let unit: String
}

/// benchmark name → metric label (without its unit) → p50.
typealias Run = [String: [String: Measurement]]

func parse(_ markdown: String) -> Run {
    var run: Run = [:]
    var current: String?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("### ") {
            current = String(line.dropFirst(4)).trimmingCharacters(in: .whitespaces)
            continue
        }
        guard let name = current, line.hasPrefix("|"), !line.contains("Metric"), !line.contains(":---") else {
            continue
        }
        let cells = line.split(separator: "|", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        // | label (unit) * | p0 | p25 | p50 | …
        guard cells.count > 4, let p50 = Double(cells[4]) else { continue }
        var label = cells[1].replacingOccurrences(of: " *", with: "")
        var unit = ""
        if let open = label.range(of: " (", options: .backwards), label.hasSuffix(")") {
            unit = String(label[open.upperBound..<label.index(before: label.endIndex)])
            label = String(label[..<open.lowerBound])
        }
        // "Time (wall clock) (ns)" keeps its first parenthesis as part of the label.
        if label == "Time" { label = "Time (wall clock)" }
        run[name, default: [:]][label] = Measurement(value: p50, unit: unit)
    }
    return run
}

/// A time in nanoseconds, or a count with its K/M multiplier applied.
func normalized(_ measurement: Measurement) -> Double {
    let scale: [String: Double] = ["ns": 1, "μs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9, "K": 1e3, "M": 1e6]
    let factor = measurement.unit.split(separator: " ").compactMap { scale[String($0)] }.first ?? 1
    return measurement.value * factor
}

func time(_ run: Run, _ name: String) -> Double? {
    run[name]?["Time (wall clock)"].map(normalized)
}

func metric(_ run: Run, _ name: String, _ label: String) -> Double? {
    run[name]?[label].map(normalized)
}

func format(_ nanoseconds: Double?) -> String {
    guard let nanoseconds else { return "—" }
    if nanoseconds >= 10_000 { return String(format: "%.1f µs", nanoseconds / 1_000) }
    return String(format: "%.0f ns", nanoseconds)
}

func ratio(_ numerator: Double?, _ denominator: Double?) -> String {
    guard let numerator, let denominator, denominator > 0 else { return "—" }
    return String(format: "%.2f×", numerator / denominator)
}

func verdict(_ holds: Bool?) -> String {
    switch holds {
    case true?: "holds"
    case false?: "**misses**"
    case nil: "not measured"
    }
}

guard CommandLine.arguments.count == 2, let text = try? String(contentsOfFile: CommandLine.arguments[1], encoding: .utf8) else {
    FileHandle.standardError.write("usage: BenchmarkTable EXPORT.md  (a markdown export of the benchmarks)\n".data(using: .utf8)!)
    exit(64)
}
let run = parse(text)
func line(_ text: String = "") { print(text) }

// Time per operation, side by side.
let implementations = ["simple", "simple-event", "opencombine", "opencombine-passthrough", "floor-raw", "floor-locked"]
line("### Time per operation (median)")
line()
line("| scenario | Subject | EventSubject | OpenCombine CurrentValueSubject | OpenCombine PassthroughSubject | floor: array loop | floor: locked array loop | Subject ÷ locked floor | OpenCombine ÷ Subject |")
line("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
for scenario in ["send1", "send10", "send100", "send1000", "subscribeCancel", "map5", "combineLatest2", "combineLatest4",
                 "sync", "debounceJoin", "switchAndSend", "mapLatest"] {
    let cells = implementations.map { format(time(run, "\(scenario).\($0)")) }
    let ours = time(run, "\(scenario).simple")
    line("| \(scenario) | \(cells.joined(separator: " | ")) | \(ratio(ours, time(run, "\(scenario).floor-locked"))) | \(ratio(time(run, "\(scenario).opencombine"), ours)) |")
}
line()

// Cancel all of N in random order: per cancel.
line("### Cancelling all of N subscriptions one by one, in random order (per cancel)")
line()
line("| N | Subject (EventSubject) | OpenCombine PassthroughSubject |")
line("|---:|---:|---:|")
var perCancel: [Int: Double] = [:]
for (label, size) in [("1k", 1_000), ("10k", 10_000), ("100k", 100_000)] {
    let ours = time(run, "cancelAll\(label).simple").map { $0 / Double(size) }
    perCancel[size] = ours
    line("| \(size) | \(format(ours)) | \(format(time(run, "cancelAll\(label).opencombine").map { $0 / Double(size) })) |")
}
line()

// Memory and frames.
let live = 100_000.0
line("### Memory per live subscription (100,000 live) and stack frames")
line()
line("| measure | SimpleSubject | OpenCombine |")
line("|---|---:|---:|")
/// A figure of bytes, or a dash when the run lacks it.
func bytes(_ name: String) -> String {
    metric(run, name, "heapBytesPerSubscription").map { String(Int($0)) } ?? "—"
}
line("| heap bytes per subscription, in a plain process (HeapPerSubscription) | \(bytes("heap.simple")) | \(bytes("heap.opencombine")) |")
line("| heap bytes per subscription, under the harness (its malloc interposer adds a 16-byte header to each allocation) | \(bytes("memory.simple")) | \(bytes("memory.opencombine")) |")
line("| allocations per subscription | \(metric(run, "memory.simple", "Malloc (total)").map { String(format: "%.1f", $0 / live) } ?? "—") | \(metric(run, "memory.opencombine", "Malloc (total)").map { String(format: "%.1f", $0 / live) } ?? "—") |")
for (label, ours, theirs) in [("library frames, sendNext → subscriber", "frames.simple", "frames.opencombine"),
                              ("library frames, owner-bound subscriber", "frames.simple-owner", ""),
                              ("library frames, through five maps", "frames.simple-map5", "frames.opencombine-map5")] {
    let theirsValue = theirs.isEmpty ? "—" : metric(run, theirs, "libraryFrames").map { String(Int($0)) } ?? "—"
    line("| \(label) | \(metric(run, ours, "libraryFrames").map { String(Int($0)) } ?? "—") | \(theirsValue) |")
}
line()

// Isolation: a subscriber made on the main actor.
line("### A main-actor subscriber (isolation)")
line()
line("| scenario | per value | ÷ send to one subscriber made outside any actor |")
line("|---|---:|---:|")
let sameActor = time(run, "sendMainActor1.simple")
line("| sent on the main actor (called at once) | \(format(sameActor)) | \(ratio(sameActor, time(run, "send1.simple"))) |")
for burst in [1, 10, 1_000] {
    let perValue = time(run, "hop\(burst).simple").map { $0 / Double(burst) }
    line("| sent off the main actor, burst of \(burst) (until delivered there) | \(format(perValue)) | \(ratio(perValue, time(run, "send1.simple"))) |")
}
line()

// Concurrent senders: T threads released together, each sending to one subject with S subscribers.
let concurrentShapes = Set(run.keys.compactMap { name -> [Int]? in
    guard name.hasPrefix("concurrent"), let dot = name.firstIndex(of: ".") else { return nil }
    let shape = name.dropFirst("concurrent".count).prefix(upTo: dot).split(separator: "x").compactMap { Int($0) }
    return shape.count == 2 ? shape : nil
}).sorted { $0.lexicographicallyPrecedes($1) }
func perSend(_ shape: [Int], _ contender: String) -> Double? {
    metric(run, "concurrent\(shape[0])x\(shape[1]).\(contender)", "nsPerSend")
}
if !concurrentShapes.isEmpty {
    // Busy cores: the senders' CPU time over the wall time; near 1 with 2 threads means they took turns.
    line("### Concurrent senders (ns per send: wall time over all sends, median of runs whose threads overlapped)")
    line()
    line("| threads × subscribers | Subject | locked floor | OpenCombine CurrentValueSubject | Subject ÷ locked floor | OpenCombine ÷ Subject | runs discarded per sample, Subject / floor / OpenCombine | busy cores, Subject / floor / OpenCombine |")
    line("|---|---:|---:|---:|---:|---:|---|---|")
    for shape in concurrentShapes {
        let ours = perSend(shape, "simple"), floor = perSend(shape, "floor-locked"), peer = perSend(shape, "opencombine")
        let names = ["simple", "floor-locked", "opencombine"].map { "concurrent\(shape[0])x\(shape[1]).\($0)" }
        let discarded = names.map { metric(run, $0, "discardedRuns").map { String(Int($0)) } ?? "—" }
        let busy = names.map { metric(run, $0, "busyCorePercent").map { String(format: "%.2f", $0 / 100) } ?? "—" }
        line("| \(shape[0]) × \(shape[1]) | \(format(ours)) | \(format(floor)) | \(format(peer)) | \(ratio(ours, floor)) | \(ratio(peer, ours)) | \(discarded.joined(separator: " / ")) | \(busy.joined(separator: " / ")) |")
    }
    line()
}

// Layers of diamonds (guarantee 11): one send at the root, by depth.
let layerDepths = run.keys.compactMap { name -> Int? in
    name.hasPrefix("layers") && name.hasSuffix(".simple") ? Int(name.dropFirst("layers".count).dropLast(".simple".count)) : nil
}.sorted()
func emissions(_ name: String) -> String {
    metric(run, name, "lastCellEmissions").map { String(Int($0)) } ?? "—"
}
if !layerDepths.isEmpty {
    line("### Layers of diamonds (cellx's shape): one send at the root, by depth")
    line()
    line("| depth | Subject | OpenCombine, pushing | OpenCombine ÷ Subject | last cell's values per send, Subject / OpenCombine |")
    line("|---:|---:|---:|---:|---|")
    for depth in layerDepths {
        let ours = time(run, "layers\(depth).simple"), peer = time(run, "layers\(depth).opencombine-push")
        line("| \(depth) | \(format(ours)) | \(format(peer)) | \(ratio(peer, ours)) | \(emissions("layers\(depth).simple")) / \(emissions("layers\(depth).opencombine-push")) |")
    }
    line()
}

// The cost targets, stated in BENCHMARKS.md and checked against this run.
func within(_ a: Double?, _ b: Double?, _ limit: Double) -> Bool? {
    guard let a, let b, b > 0 else { return nil }
    return a / b <= limit
}
let floor1 = time(run, "send1.floor-locked")
line("### Targets (the cost targets above, checked against this run)")
line()
line("| target | measured | |")
line("|---|---:|---|")
for count in [1, 10, 100] {
    let limit = count == 1 ? 2.0 : 1.5
    let ours = time(run, "send\(count).simple"), floor = time(run, "send\(count).floor-locked")
    line("| send to \(count): ≤ \(limit)× the locked floor | \(ratio(ours, floor)) | \(verdict(within(ours, floor, limit))) |")
}
let send1Peer = time(run, "send1.opencombine"), send1Ours = time(run, "send1.simple")
line("| send to 1: ≥ 1.7× faster than OpenCombine | \(ratio(send1Peer, send1Ours)) | \(verdict(within(send1Ours, send1Peer, 1 / 1.7))) |")
let send100Peer = time(run, "send100.opencombine"), send100Ours = time(run, "send100.simple")
line("| send to 100: ≥ 4.5× faster than OpenCombine | \(ratio(send100Peer, send100Ours)) | \(verdict(within(send100Ours, send100Peer, 1 / 4.5))) |")
let map5 = time(run, "map5.simple")
let sixFloors = time(run, "map5.floor-locked")
line("| five maps: ≤ 1.2× six chained locked floors | \(ratio(map5, sixFloors)) | \(verdict(within(map5, sixFloors, 1.2))) |")
line("| five maps: OpenCombine's fused chain beside it | \(format(time(run, "map5.opencombine"))) (ours \(format(map5))) | report |")
let churnOurs = time(run, "subscribeCancel.simple"), churnPeer = time(run, "subscribeCancel.opencombine")
line("| subscribe + cancel: ≥ 5× faster than OpenCombine | \(ratio(churnPeer, churnOurs)) | \(verdict(within(churnOurs, churnPeer, 1 / 5))) |")
line("| cancel all of N: per cancel, 100k ≤ 2.5× the 10k run | \(ratio(perCancel[100_000], perCancel[10_000])) | \(verdict(within(perCancel[100_000], perCancel[10_000], 2.5))) |")
for shape in concurrentShapes where shape[0] >= 2 {
    let ours = perSend(shape, "simple"), floor = perSend(shape, "floor-locked"), peer = perSend(shape, "opencombine")
    line("| \(shape[0]) threads to \(shape[1]): ≤ 1.5× the locked floor | \(ratio(ours, floor)) | \(verdict(within(ours, floor, 1.5))) |")
    line("| \(shape[0]) threads to \(shape[1]): below OpenCombine | \(ratio(ours, peer)) | \(verdict(within(ours, peer, 1))) |")
}
if let deepest = layerDepths.last {
    let ours = time(run, "layers\(deepest).simple")
    let once = metric(run, "layers\(deepest).simple", "lastCellEmissions").map { $0 == 1 }
    line("| \(deepest) layers: the last cell once per send, well under 20 ms | \(format(ours)), \(emissions("layers\(deepest).simple")) per send | \(verdict(once.map { $0 && (ours ?? .infinity) < 20e6 })) |")
}
let heapBytes = metric(run, "heap.simple", "heapBytesPerSubscription")
line("| ≤ 150 heap bytes per live subscription, in a plain process | \(heapBytes.map { String(Int($0)) } ?? "—") | \(verdict(heapBytes.map { $0 <= 150 })) |")
let allocations = metric(run, "memory.simple", "Malloc (total)").map { $0 / live }
line("| one allocation per live subscription | \(allocations.map { String(format: "%.1f", $0) } ?? "—") | \(verdict(allocations.map { $0 <= 1 })) |")
for (label, name, limit) in [("frames, subscribeNext: ≤ 2", "frames.simple", 2.0),
                             ("frames, owner-bound: ≤ 3", "frames.simple-owner", 3),
                             ("frames, five maps: ≤ 12", "frames.simple-map5", 12)] {
    let frames = metric(run, name, "libraryFrames")
    line("| \(label) | \(frames.map { String(Int($0)) } ?? "—") | \(verdict(frames.map { $0 <= limit })) |")
}

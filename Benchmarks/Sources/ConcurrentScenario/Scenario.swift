// The concurrent-senders scenario (DESIGN.md, "Costs we hold ourselves to"): T threads, released
// together, each send N values to one subject with S subscribers. Shared by the harness's
// `concurrent<T>x<S>.*` benchmarks and the standalone `ConcurrentSenders` executable.
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CLOCK_MONOTONIC in nanoseconds.
@inline(__always)
public func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
}

/// CPU time this thread has used, in nanoseconds.
func threadCPUNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
}

/// One sender thread's loop: sends `count` values and returns when it started its first send and
/// when it started its last one.
public typealias SendLoop = @Sendable (_ count: Int) -> (first: UInt64, last: UInt64)

/// Sends 0..<count through `send`, stamping the start of the first and of the last send. Inlined
/// into each contender's loop, so `send` is a direct call there.
@inline(__always)
func stampedLoop(_ count: Int, _ send: (Int) -> Void) -> (first: UInt64, last: UInt64) {
    let first = monotonicNanoseconds()
    for value in 0..<(count - 1) {
        send(value)
    }
    let last = monotonicNanoseconds()
    send(count - 1)
    return (first, last)
}

/// The barrier: every thread checks in, then spins until the main thread releases them at once.
final class Gate: Sendable {
    let ready = Atomic(0)
    let open = Atomic(false)
}

/// What one sender thread needs, and where it leaves its time stamps and the CPU time it used.
final class SenderThread: Sendable {
    let loop: SendLoop
    let count: Int
    let gate: Gate
    let first = Atomic<UInt64>(0)
    let last = Atomic<UInt64>(0)
    let cpu = Atomic<UInt64>(0)

    init(loop: @escaping SendLoop, count: Int, gate: Gate) {
        self.loop = loop
        self.count = count
        self.gate = gate
    }

    func run() {
        gate.ready.add(1, ordering: .releasing)
        while !gate.open.load(ordering: .acquiring) {
            sched_yield()
        }
        let cpuBefore = threadCPUNanoseconds()
        let stamps = loop(count)
        cpu.store(threadCPUNanoseconds() - cpuBefore, ordering: .relaxed)
        first.store(stamps.first, ordering: .relaxed)
        last.store(stamps.last, ordering: .relaxed)
    }
}

#if canImport(Glibc)
private let threadEntry: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { argument in
    Unmanaged<SenderThread>.fromOpaque(argument!).takeRetainedValue().run()
    return nil
}
#else
private let threadEntry: @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? = { argument in
    Unmanaged<SenderThread>.fromOpaque(argument).takeRetainedValue().run()
    return nil
}
#endif

/// One run of the scenario.
public struct RunResult: Sendable {
    /// Wall time from the release to the last thread joined, over threads × sends.
    public let nanosecondsPerSend: Double
    /// Whether every thread's first send started before every other thread's last send.
    public let overlapped: Bool
    /// The sender threads' CPU time over the wall time: near T when they ran in parallel, near 1
    /// when they took turns on one core (or waited for each other).
    public let busyCores: Double
    /// Subscriber calls counted against threads × sends × subscribers.
    public let delivered: Int
    public let expected: Int
}

/// Runs `threads` threads, each sending `count` values through a fresh `contender` with
/// `subscribers` subscribers, released together.
public func runOnce(_ contender: Contender, threads: Int, subscribers: Int, count: Int) -> RunResult {
    let prepared = contender.prepare(subscribers)
    let gate = Gate()
    let senders = (0..<threads).map { _ in SenderThread(loop: prepared.loop, count: count, gate: gate) }
    var handles: [pthread_t] = []
    for sender in senders {
        #if canImport(Glibc)
        var handle = pthread_t()
        #else
        var handle: pthread_t?
        #endif
        let created = pthread_create(&handle, nil, threadEntry, Unmanaged.passRetained(sender).toOpaque())
        precondition(created == 0, "pthread_create failed: \(created)")
        #if canImport(Glibc)
        handles.append(handle)
        #else
        handles.append(handle!)
        #endif
    }
    while gate.ready.load(ordering: .acquiring) < threads {
        sched_yield()
    }
    let released = monotonicNanoseconds()
    gate.open.store(true, ordering: .releasing)
    for handle in handles {
        pthread_join(handle, nil)
    }
    let joined = monotonicNanoseconds()
    let latestFirst = senders.map { $0.first.load(ordering: .relaxed) }.max()!
    let earliestLast = senders.map { $0.last.load(ordering: .relaxed) }.min()!
    let delivered = prepared.delivered()
    let expected = threads * count * subscribers
    precondition(delivered == expected, "\(contender.name): \(delivered) calls of \(expected) sent")
    return RunResult(
        nanosecondsPerSend: Double(joined - released) / Double(threads * count),
        overlapped: threads == 1 || latestFirst < earliestLast,
        busyCores: Double(senders.reduce(0) { $0 + $1.cpu.load(ordering: .relaxed) }) / Double(joined - released),
        delivered: delivered,
        expected: expected)
}

/// A `count` per thread that makes one run take about `milliseconds`, from the fastest of three
/// short probe runs (a probe that was preempted would make the runs far too short).
public func calibratedCount(_ contender: Contender, threads: Int, subscribers: Int, milliseconds: Double = 10) -> Int {
    let probes = (0..<3).map { _ in runOnce(contender, threads: threads, subscribers: subscribers, count: 2_000) }
    let fastest = probes.map(\.nanosecondsPerSend).min()!
    let perThread = milliseconds * 1e6 / (fastest * Double(threads))
    return min(2_000_000, max(1_000, Int(perThread)))
}

/// The median of `values` (the mean of the middle two when there is an even number).
public func median(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    if sorted.count % 2 == 1 {
        return sorted[middle]
    }
    return (sorted[middle - 1] + sorted[middle]) / 2
}

import Benchmark
import FrameCounter
import OpenCombine
import SimpleSubject
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

// The library frames between a send and a subscriber, and the cost of subscribers on the main actor.

// MARK: - Library frames between sendNext and the subscriber's closure

/// Where a subscriber records the stack depth it runs at (storing after the call, so the call is
/// not a tail call that would hide the subscriber's own frame).
final class Depth: Sendable {
    let inner = Atomic(0)
}

/// Each benchmark measures the depth in the function that calls `sendNext`, then in the
/// subscriber: the difference, less the subscriber's own frame, is the library's frames
/// (reabstraction thunks included).
func frameBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [libraryFrames], warmupIterations: 0, scalingFactor: .one, maxIterations: 1)
    Benchmark("frames.simple", configuration: configuration) { benchmark in
        let subject = Subject(0), depth = Depth()
        subject.subscribeNext { _ in depth.inner.store(Int(frame_counter_depth()), ordering: .relaxed) }
        let outer = Int(frame_counter_depth())
        subject.sendNext(1)
        benchmark.measurement(libraryFrames, depth.inner.load(ordering: .relaxed) - outer - 1)
    }
    Benchmark("frames.simple-owner", configuration: configuration) { benchmark in
        final class Owner: Sendable {}
        let subject = Subject(0), depth = Depth(), owner = Owner()
        subject.subscribeNext(owner: owner) { _, _ in depth.inner.store(Int(frame_counter_depth()), ordering: .relaxed) }
        let outer = Int(frame_counter_depth())
        subject.sendNext(1)
        benchmark.measurement(libraryFrames, depth.inner.load(ordering: .relaxed) - outer - 1)
        withExtendedLifetime(owner) {}
    }
    Benchmark("frames.simple-map5", configuration: configuration) { benchmark in
        let subject = Subject(0), depth = Depth()
        subject.map { $0 }.map { $0 }.map { $0 }.map { $0 }.map { $0 }
            .subscribeNext { _ in depth.inner.store(Int(frame_counter_depth()), ordering: .relaxed) }
        let outer = Int(frame_counter_depth())
        subject.sendNext(1)
        benchmark.measurement(libraryFrames, depth.inner.load(ordering: .relaxed) - outer - 1)
    }
    Benchmark("frames.opencombine", configuration: configuration) { benchmark in
        let subject = CurrentValueSubject<Int, Never>(0), depth = Depth()
        let cancellable = subject.sink { _ in depth.inner.store(Int(frame_counter_depth()), ordering: .relaxed) }
        let outer = Int(frame_counter_depth())
        subject.send(1)
        benchmark.measurement(libraryFrames, depth.inner.load(ordering: .relaxed) - outer - 1)
        withExtendedLifetime(cancellable) {}
    }
    Benchmark("frames.opencombine-map5", configuration: configuration) { benchmark in
        let subject = CurrentValueSubject<Int, Never>(0), depth = Depth()
        let cancellable = subject.map { $0 }.map { $0 }.map { $0 }.map { $0 }.map { $0 }
            .sink { _ in depth.inner.store(Int(frame_counter_depth()), ordering: .relaxed) }
        let outer = Int(frame_counter_depth())
        subject.send(1)
        benchmark.measurement(libraryFrames, depth.inner.load(ordering: .relaxed) - outer - 1)
        withExtendedLifetime(cancellable) {}
    }
}

// MARK: - Isolation: a main-actor subscriber, sent to on the main actor and from elsewhere

/// Counts what a main-actor subscriber receives and lets a sender wait for a burst to arrive.
@MainActor final class Arrivals {
    private var received = 0
    private var expected = 0
    private var waiter: CheckedContinuation<Void, Never>?

    func subscribe(to subject: EventSubject<Int>) {
        subject.subscribeNext { _ in self.arrived() }  // made on the main actor: runs only there
    }

    private func arrived() {
        received += 1
        if received == expected, let waiter {
            self.waiter = nil
            waiter.resume()
        }
    }

    func wait(for count: Int) async {
        expected += count
        if received >= expected { return }
        await withCheckedContinuation { waiter = $0 }
    }
}

func isolationBenchmarks() {
    // The seed's case: a screen subscribes on the main actor and a tap sends there.
    Benchmark("sendMainActor1.simple") { benchmark async in
        let subject = Subject(0)
        await MainActor.run { _ = subject.subscribeNext { blackHole($0) } }  // made on the main actor
        let values = benchmark.scaledIterations
        benchmark.startMeasurement()
        await MainActor.run {
            for value in values { subject.sendNext(value) }  // sent there: called at once
        }
    }
    // Sent off the main actor to a main-actor subscriber: one task per burst carries it over.
    for burst in [1, 10, 1_000] {
        let configuration = Benchmark.Configuration(scalingFactor: burst == 1_000 ? .one : .kilo)
        Benchmark("hop\(burst).simple", configuration: configuration) { benchmark async in
            let subject = EventSubject<Int>()
            let arrivals = Arrivals()
            await arrivals.subscribe(to: subject)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                for value in 0..<burst { subject.sendNext(value) }
                await arrivals.wait(for: burst)
            }
        }
    }
}

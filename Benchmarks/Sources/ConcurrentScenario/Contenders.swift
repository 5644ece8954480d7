// What the scenario compares: SimpleSubject's `Subject`, the locked floor and OpenCombine's
// CurrentValueSubject. Every subscriber counts its calls in an atomic of its own (a relaxed add:
// a body that cannot be optimised away, and a check that every value arrived).
import OpenCombine
import SimpleSubject
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One subscriber's count of calls.
final class Tally: Sendable {
    let calls = Atomic(0)

    @inline(__always)
    func called() {
        calls.wrappingAdd(1, ordering: .relaxed)
    }
}

/// A contender made ready for one run: its sender loop, and the calls its subscribers counted.
public struct Prepared {
    let loop: SendLoop
    let delivered: () -> Int
}

/// A subject to send to concurrently, by the name its benchmarks carry (`concurrent2x1.<name>`).
public struct Contender: Sendable {
    public let name: String
    public let title: String
    let prepare: @Sendable (_ subscribers: Int) -> Prepared

    public static let all = [simple, floorLocked, openCombine]

    /// SimpleSubject's `Subject`, subscribers made outside any actor.
    public static let simple = Contender(name: "simple", title: "Subject") { subscribers in
        let subject = Subject(0)
        let tallies = (0..<subscribers).map { _ in Tally() }
        for tally in tallies {
            subject.subscribeNext { _ in tally.called() }
        }
        return Prepared(
            loop: { count in stampedLoop(count) { subject.sendNext($0) } },
            delivered: counted(tallies))
    }

    /// The locked floor: each sender locks, copies the array, unlocks and calls each.
    public static let floorLocked = Contender(name: "floor-locked", title: "locked floor") { subscribers in
        let floor = ThreadFloor()
        let tallies = (0..<subscribers).map { _ in Tally() }
        for tally in tallies {
            floor.subscribe { _ in tally.called() }
        }
        return Prepared(
            loop: { count in stampedLoop(count) { floor.send($0) } },
            delivered: counted(tallies))
    }

    /// OpenCombine's CurrentValueSubject (it calls a new sink once with its current value).
    public static let openCombine = Contender(name: "opencombine", title: "OpenCombine CurrentValueSubject") { subscribers in
        // OpenCombine's subjects lock internally but are not marked Sendable.
        nonisolated(unsafe) let subject = CurrentValueSubject<Int, Never>(0)
        let tallies = (0..<subscribers).map { _ in Tally() }
        let cancellables = tallies.map { tally in subject.sink { _ in tally.called() } }
        return Prepared(
            loop: { count in stampedLoop(count) { subject.send($0) } },
            delivered: counted(tallies, keeping: cancellables))
    }
}

/// The calls counted from now on (a subject's first call with its current value is not counted);
/// `keeping` stays alive as long as the count can be read.
func counted(_ tallies: [Tally], keeping: [AnyCancellable] = []) -> () -> Int {
    for tally in tallies {
        tally.calls.store(0, ordering: .relaxed)
    }
    return {
        withExtendedLifetime(keeping) {
            tallies.reduce(0) { $0 + $1.calls.load(ordering: .relaxed) }
        }
    }
}

/// The floor of any thread-safe subject, as in the harness's Floors.swift: lock, copy the array,
/// unlock, call each. Repeated here so both the harness and the standalone executable use it.
final class ThreadFloor: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var blocks: [@Sendable (Int) -> Void] = []

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func subscribe(_ block: @escaping @Sendable (Int) -> Void) {
        pthread_mutex_lock(mutex)
        blocks.append(block)
        pthread_mutex_unlock(mutex)
    }

    @inline(__always)
    func send(_ value: Int) {
        pthread_mutex_lock(mutex)
        let copy = blocks
        pthread_mutex_unlock(mutex)
        for block in copy {
            block(value)
        }
    }
}

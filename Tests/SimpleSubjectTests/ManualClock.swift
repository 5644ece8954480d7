import Foundation
import SimpleSubject

/// A clock that moves only when a test moves it: time operators tested without waiting.
///
/// `sleeping(until:)` waits until some task sleeps until exactly that deadline, which is how a
/// test knows what a time operator decided before it moves the clock on.
final class ManualClock: Clock, @unchecked Sendable {
    // @unchecked: every stored property is guarded by `lock`.
    struct Instant: InstantProtocol {
        var offset: Duration

        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (a: Instant, b: Instant) -> Bool { a.offset < b.offset }
    }

    private struct Sleeper {
        let id: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var sleepers: [Sleeper] = []
    private var cancelled: Set<Int> = []
    private var sleepsMade = 0
    private var watchers: [(deadline: Instant, count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    var now: Instant { lock.withLock { current } }
    var minimumResolution: Duration { .zero }

    /// How many tasks are sleeping now.
    var sleeperCount: Int { lock.withLock { sleepers.count } }

    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = lock.withLock {
            sleepsMade += 1
            return sleepsMade
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (now, wasCancelled, woken) = lock.withLock { () -> (Bool, Bool, [CheckedContinuation<Void, Never>]) in
                    if cancelled.contains(id) { return (false, true, []) }
                    if deadline <= current { return (true, false, []) }
                    sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return (false, false, satisfiedWatchers())
                }
                if wasCancelled {
                    continuation.resume(throwing: CancellationError())
                } else if now {
                    continuation.resume()
                }
                woken.forEach { $0.resume() }
            }
        } onCancel: {
            let sleeper = lock.withLock { () -> Sleeper? in
                cancelled.insert(id)
                guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock to `offset` and wakes every task whose deadline has come, earliest first.
    func advance(to offset: Duration) {
        let due = lock.withLock { () -> [Sleeper] in
            current = Instant(offset: offset)
            let due = sleepers.filter { $0.deadline <= current }.sorted { $0.deadline < $1.deadline }
            sleepers.removeAll { $0.deadline <= current }
            return due
        }
        due.forEach { $0.continuation.resume() }
    }

    /// Moves the clock to `offset` without waking anyone yet: a task that will wake late, as on a
    /// busy machine. `advance(to:)` wakes them.
    func move(to offset: Duration) {
        lock.withLock { current = Instant(offset: offset) }
    }

    /// Returns once `count` tasks sleep until `offset`.
    func sleeping(until offset: Duration, count: Int = 1) async {
        let deadline = Instant(offset: offset)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let already = lock.withLock {
                if sleepers.count(where: { $0.deadline == deadline }) >= count { return true }
                watchers.append((deadline, count, continuation))
                return false
            }
            if already {
                continuation.resume()
            }
        }
    }

    /// The watchers that what sleeps now satisfies, taken out of the list. Called under `lock`.
    private func satisfiedWatchers() -> [CheckedContinuation<Void, Never>] {
        let satisfied = watchers.filter { watcher in
            sleepers.count(where: { $0.deadline == watcher.deadline }) >= watcher.count
        }
        watchers.removeAll { watcher in sleepers.count(where: { $0.deadline == watcher.deadline }) >= watcher.count }
        return satisfied.map(\.continuation)
    }
}

/// A value a subject sent, with the manual clock's time then, in whole seconds.
struct Sent<Value: Equatable & Sendable>: Equatable, Sendable, CustomStringConvertible {
    let second: Int64
    let value: Value

    init(_ value: Value, at second: Int64) {
        self.second = second
        self.value = value
    }

    var description: String { "\(value)@\(second)s" }
}

/// What `subject` sends from now on, each value with the time `clock` shows when it is sent; a
/// test iterates it to wait for the next one.
func timeline<Value: Equatable & Sendable>(_ subject: SubjectBase<Value>, _ clock: ManualClock) -> AsyncStream<Sent<Value>> {
    let (stream, continuation) = AsyncStream.makeStream(of: Sent<Value>.self)
    subject.subscribeNext { continuation.yield(Sent($0, at: clock.now.offset.components.seconds)) }
    return stream
}

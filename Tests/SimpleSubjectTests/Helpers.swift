import SimpleSubject
import Foundation
import Synchronization

/// Runs `body(i)` on `count` real threads at once and returns when every one has finished.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    let ready = Atomic<Int>(0)
    for index in 0..<count {
        group.enter()
        let thread = Thread {
            // Start together, so that the threads really overlap.
            ready.add(1, ordering: .acquiringAndReleasing)
            while ready.load(ordering: .acquiring) < count {}
            body(index)
            group.leave()
        }
        thread.start()
    }
    group.wait()
}

/// Starts `body` on a new thread; `join()` waits for it to finish.
final class Joinable: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)

    init(_ body: @escaping @Sendable () -> Void) {
        Thread { [done] in
            body()
            done.signal()
        }.start()
    }

    /// Waits for the thread; false if it is still running after `seconds` (a deadlock).
    @discardableResult
    func join(seconds: Double = 20) -> Bool {
        done.wait(timeout: .now() + seconds) == .success
    }
}

/// A value list that several threads may append to.
final class Recorder<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Value] = []

    func append(_ value: Value) { lock.withLock { storage.append(value) } }
    var values: [Value] { lock.withLock { storage } }
}

/// Something to hold weakly, to prove what was freed.
final class Token {}

/// The calling thread's identity (Foundation's `Thread.current` is unreliable under TSan).
func currentThreadID() -> UInt {
    #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
    #else
    UInt(pthread_self())
    #endif
}

/// Subscribes a `Recorder` to `subject`: its `values` are what the subscriber got so far, first
/// values included.
func record<Value: Sendable>(_ subject: SubjectBase<Value>) -> Recorder<Value> {
    let recorder = Recorder<Value>()
    subject.subscribeNext { recorder.append($0) }
    return recorder
}

/// Whether `condition` holds within `seconds`, checked between short pauses: for what another
/// task finishes on its own (a task the library started ends, and lets go of what it held).
func eventually(within seconds: Double = 10, _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return true
}

/// A value that subscribers (which are `@Sendable`) and the test share, under a lock: an
/// `NSLock`, which ThreadSanitizer sees (it does not see `Synchronization.Mutex`'s futex, so
/// tests use this instead).
final class Shared<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: Value

    init(_ value: Value) { storage = value }

    var value: Value {
        get { lock.withLock { storage } }
        set { lock.withLock { storage = newValue } }
    }

    func modify<Result>(_ body: (inout Value) -> Result) -> Result { lock.withLock { body(&storage) } }

    /// `modify`, spelled as `Mutex`'s.
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result { modify(body) }
}

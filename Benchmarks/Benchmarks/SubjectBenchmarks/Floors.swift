#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The floor of any subject: an unlocked array of closures and a loop.
final class RawFloor {
    private var blocks: [(Int) -> Void] = []

    func subscribe(_ block: @escaping (Int) -> Void) { blocks.append(block) }

    func send(_ value: Int) {
        for block in blocks { block(value) }
    }
}

/// The floor of any thread-safe subject: lock, copy the array, unlock, call each. It keeps none
/// of guarantees 3–7 (no ordering of concurrent or reentrant sends, no cancel).
final class LockedFloor {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var blocks: [(Int) -> Void] = []

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func subscribe(_ block: @escaping (Int) -> Void) {
        pthread_mutex_lock(mutex)
        blocks.append(block)
        pthread_mutex_unlock(mutex)
    }

    func send(_ value: Int) {
        pthread_mutex_lock(mutex)
        let copy = blocks
        pthread_mutex_unlock(mutex)
        for block in copy { block(value) }
    }
}

@testable import SimpleSubject
import Testing
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The list of operators waiting for a transaction's flush is kept by its thread between sends,
/// so that a send through a diamond allocates nothing, and goes when the thread exits.
@Suite struct WaitingListLifetimeTests {
    /// Holds what a thread saw, weakly.
    final class Seen: @unchecked Sendable {
        weak var list: Waiting?
        var hadOne = false
    }

    /// Runs `body` on a new thread and returns once the thread has exited (`pthread_join`).
    private func onAThreadThatExits(_ body: @escaping @Sendable () -> Void) {
        final class Box {
            let body: @Sendable () -> Void

            init(_ body: @escaping @Sendable () -> Void) {
                self.body = body
            }
        }
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let made = pthread_create(&thread, nil, { context in
            let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
            box.body()
            return nil
        }, context)
        #expect(made == 0)
        #if canImport(Darwin)
        pthread_join(thread!, nil)
        #else
        pthread_join(thread, nil)
        #endif
    }

    @Test func aThreadsListGoesWhenTheThreadExits() {
        let seen = Seen()
        onAThreadThatExits {
            let d = Subject(0)
            let subscription = combineLatest(d, d.map { $0 * 2 }).subscribeNext { _ in }
            d.sendNext(1)
            seen.list = spareListOfThisThread()
            seen.hadOne = seen.list != nil
            subscription.cancel()
        }
        #expect(seen.hadOne)
        #expect(seen.list == nil)
    }

    /// A transaction inside another's first call makes a second list; the thread keeps one.
    @Test func aThreadKeepsOneSpareListAfterNestedTransactions() {
        let seen = Seen()
        onAThreadThatExits {
            let d = Subject(0)
            let e = Subject(0)
            let inner = combineLatest(e, e.map { $0 * 2 }).subscribeNext { _ in }
            let outer = combineLatest(d, d.map { $0 * 2 }).subscribeNext { _ in }
            let nested = d.subscribeNext { value in
                guard value == 1 else { return }
                // Its first call sends through a diamond, in a transaction of `e`'s own.
                e.subscribeNext { value in
                    if value == 0 {
                        e.sendNext(2)
                    }
                }.cancel()
            }
            d.sendNext(1)
            seen.list = spareListOfThisThread()
            seen.hadOne = seen.list != nil
            [inner, outer, nested].forEach { $0.cancel() }
        }
        #expect(seen.hadOne)
        #expect(seen.list == nil)
    }
}

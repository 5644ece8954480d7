import Foundation
import SimpleSubject
import Synchronization
import Testing

/// Two-way bindings under threads (issue 10's reproducers): `sync(with:)` converges after
/// concurrent sends, and rings of bindings terminate. CI runs this suite under ThreadSanitizer too.
@Suite struct SyncConvergenceTests {
    // Guarantee 9: `sync(with:)` converges after concurrent sends to both sides.
    @Test(arguments: 0..<40)
    func aTwoWayBindingEndsWithBothSidesEqualAfterConcurrentSends(trial: Int) {
        let a = Subject(0), b = Subject(0)
        let holdA = DispatchSemaphore(value: 0), holdB = DispatchSemaphore(value: 0)
        let inA = DispatchSemaphore(value: 0), inB = DispatchSemaphore(value: 0)
        a.subscribeNext { if $0 == -1 { inA.signal(); holdA.wait() } }
        b.subscribeNext { if $0 == -2 { inB.signal(); holdB.wait() } }
        let heldA = Joinable { a.sendNext(-1) }
        let heldB = Joinable { b.sendNext(-2) }
        inA.wait()
        inB.wait()
        let binding = a.sync(with: b)
        let sendA = Joinable { a.sendNext(1) }
        let sendB = Joinable { b.sendNext(2) }
        #expect(sendA.join() && sendB.join())
        if trial % 2 == 0 {
            holdA.signal()
            holdB.signal()
        } else {
            holdB.signal()
            holdA.signal()
        }
        #expect(heldA.join() && heldB.join())
        #expect(a.value == b.value)
        binding.cancel()
    }

    @Test(arguments: 0..<10)
    func aTwoWayBindingConvergesUnderTwoFloodingThreads(trial: Int) {
        let a = Subject(0), b = Subject(0)
        let binding = a.sync(with: b)
        // Subscribers that take a moment, so that both sides are often delivering at once.
        let work: @Sendable (Int) -> Void = { value in
            var spin = value
            for _ in 0..<200 { spin = spin &* 31 &+ 7 }
            blackHole(spin)
        }
        a.subscribeNext(work)
        b.subscribeNext(work)
        onThreads(2) { thread in
            for value in 1...2_000 { (thread == 0 ? a : b).sendNext(thread * 10_000 + value) }
        }
        #expect(a.value == b.value)
        binding.cancel()
    }

    // Guarantee 9: rings of bindings terminate, for any value type.
    @Test func aRingOfBindingsTerminates() {
        struct Opaque { let id: Int }  // not Equatable
        let a = Subject(Opaque(id: 0)), b = Subject(Opaque(id: 0)), c = Subject(Opaque(id: 0))
        let finished = Joinable {
            a.sync(with: b)
            b.sync(with: c)
            c.sync(with: a)
            a.sendNext(Opaque(id: 7))
        }
        #expect(finished.join(seconds: 20), "a ring of bindings did not terminate")
        #expect([a.value.id, b.value.id, c.value.id] as [Int] == [7, 7, 7])
    }
}

import Foundation
import SimpleSubject
import Synchronization
import Testing

// Issue 21's programs made sound, and what the plain call of an isolated closure relies on: the
// part of IsolationTests about who decides where a closure runs.
extension IsolationTests {
    // Issue 21, program 1 made sound: a helper outside any actor that hands on a @MainActor
    // closure (its parameter must now say @MainActor @Sendable, or the call does not compile).
    // The closure's own isolation decides, so even its first call, made from the helper's thread,
    // goes to the main actor.
    @MainActor @Test func aMainActorClosureHandedOnByAHelperOutsideAnyActorRunsOnlyOnTheMainActor() async {
        enum Binder {
            static func bind(_ subject: Subject<Int>, _ f: @escaping @MainActor @Sendable (Int) -> Void) {
                subject.subscribeNext(f)
            }
        }
        let subject = Subject(-1)
        let log = MainActorLog(expecting: Self.count + 1)
        let receive: @MainActor @Sendable (Int) -> Void = { log.receive($0) }  // checks MainActor.assertIsolated
        await Task.detached {
            Binder.bind(subject, receive)
            for value in 0..<Self.count { subject.sendNext(value) }
        }.value
        await log.waitForAll()
        #expect(log.values == [-1] + Array(0..<Self.count))
    }

    // Issue 21, program 2 made sound: `isolation:` is where the call runs, checked by the compiler
    // (only that actor or nil). A false nil from the main actor changes nothing: the runtime says
    // the call runs on the main actor (the one timing rule), so the first call is made at once;
    // the closure is still the screen's, and runs only there.
    @MainActor @Test func aFalseNilIsolationStillRunsTheClosureOnlyOnTheMainActor() async {
        let subject = Subject(-1)
        let log = MainActorLog(expecting: Self.count + 1)
        subject.subscribeNext(isolation: nil) { log.receive($0) }
        #expect(log.values == [-1])  // at once: the runtime says this is the main actor
        await Task.detached {
            for value in 0..<Self.count { subject.sendNext(value) }
        }.value
        await log.waitForAll()
        #expect(log.values == [-1] + Array(0..<Self.count))
    }

    // The language's rule, as for `Task {}` in an actor: a closure written in an actor's method is
    // isolated to the actor only if it uses the actor. One that does not runs where values are sent.
    @Test func aClosureInAnActorMethodThatDoesNotUseTheActorRunsOnTheSendingThread() async {
        actor Listener {
            func listen(to subject: EventSubject<Int>, _ seen: Recorder<UInt>) {
                subject.subscribeNext { _ in seen.append(currentThreadID()) }
            }
        }
        let subject = EventSubject<Int>(), seen = Recorder<UInt>()
        let listener = Listener()
        await listener.listen(to: subject, seen)
        let sender = Joinable { subject.sendNext(1) }
        #expect(sender.join())
        #expect(seen.values.count == 1)  // already delivered, synchronously, on the sender's thread
        _ = listener
    }

    // IsolatedBlock.swift keeps an @isolated(any) closure as a plain function of the same type
    // and calls it where its isolation holds. This fails (or crashes) if the compiler stops
    // representing the two types alike: same size, the same captures reached, the isolation
    // still read from the value.
    @MainActor @Test func theRepresentationThePlainCallReliesOn() {
        #expect(MemoryLayout<@Sendable @isolated(any) (Int) -> Void>.size == MemoryLayout<(Int) -> Void>.size)
        let screen = Screen(), offset = 40, label = "credit"
        let isolated: @Sendable @isolated(any) (Int) -> Void = { @MainActor value in
            screen.text = "\(label) \(value + offset)"
        }
        #expect(isolated.isolation === MainActor.shared)
        let plain = unsafeBitCast(isolated, to: ((Int) -> Void).self)  // as IsolatedBlock.swift does
        plain(2)
        #expect(screen.text == "credit 42")
        let nonisolated: @Sendable @isolated(any) (String) -> Void = { _ in }
        #expect(nonisolated.isolation == nil)
        // Through the library, for a generic value type with several fields.
        let subject = Subject((1, "a", 2.5))
        subject.subscribeNext { value in screen.status = "\(value.0) \(value.1) \(value.2) \(offset)" }
        #expect(screen.status == "1 a 2.5 40")
    }
}

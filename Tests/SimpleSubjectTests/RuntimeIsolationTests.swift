@testable import SimpleSubject
import Testing

/// The runtime's answer to "is the code running now isolated to this actor?", which the one timing
/// rule acts on (Isolation/RuntimeIsolation.swift): these fail if a runtime answers otherwise, or
/// traps instead of answering. Top-level code is checked by Tests/doc-examples.sh, whose scripts
/// are `main.swift` files.
@Suite struct RuntimeIsolationTests {
    actor Counter {
        func isIsolatedHere() -> Bool {
            isRunningIsolated(to: self)
        }

        func isOnTheMainActor() -> Bool {
            isRunningOnTheMainActor()
        }
    }

    @MainActor @Test func aMainActorTestRunsOnTheMainActor() {
        #expect(isRunningOnTheMainActor())
        #expect(isRunningIsolated(to: MainActor.shared))
    }

    @Test func aDetachedTaskIsNotOnTheMainActor() async {
        let answer = await Task.detached { isRunningOnTheMainActor() }.value
        #expect(!answer)
    }

    @Test func mainActorRunIsOnTheMainActor() async {
        let answer = await MainActor.run { isRunningOnTheMainActor() }
        #expect(answer)
    }

    @Test func anActorsMethodIsIsolatedToItAndToNoOtherActor() async {
        let counter = Counter()
        let other = Counter()
        #expect(await counter.isIsolatedHere())
        #expect(!(await counter.isOnTheMainActor()))
        #expect(!isRunningIsolated(to: other))
        #expect(!isRunningIsolated(to: counter))
    }

    @Test func aPlainThreadIsIsolatedToNothing() {
        let counter = Counter()
        let answers = Recorder<Bool>()
        let thread = Joinable {
            answers.append(isRunningOnTheMainActor())
            answers.append(isRunningIsolated(to: counter))
        }
        #expect(thread.join())
        #expect(answers.values == [false, false])
    }
}

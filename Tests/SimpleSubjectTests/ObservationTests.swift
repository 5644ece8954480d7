import Observation
import SimpleSubject
import Synchronization
import Testing

/// A settings model a screen keeps, as an app's would be.
@Observable @MainActor final class Settings {
    var name = "ming"
    var theme = "light"
}

@Observable @MainActor final class Profile {
    var credit = 0
}

/// What a main-actor subscriber got; `waitFor` returns once `count` values have arrived.
@MainActor final class Arrivals<Value> {
    private(set) var values: [Value] = []
    private var waiting: (count: Int, continuation: CheckedContinuation<Void, Never>)?

    func append(_ value: Value) {
        values.append(value)
        if let waiting, values.count >= waiting.count {
            self.waiting = nil
            waiting.continuation.resume()
        }
    }

    func waitFor(_ count: Int) async {
        if values.count >= count { return }
        await withCheckedContinuation { waiting = (count, $0) }
    }
}

/// `Subject(observing:)`: an `@Observable` model followed by a subject. On the main actor the
/// closure is re-read on the main actor, in a later turn than the change.
@MainActor @Suite struct ObservationTests {
    /// Waits for every main-actor job enqueued so far (the re-reads a change scheduled).
    func afterPendingMainActorJobs() async {
        await Task { @MainActor in }.value
    }

    @Test func itHoldsTheCurrentValueAtOnce() {
        let settings = Settings()
        let name = Subject(observing: { settings.name })
        #expect(name.value == "ming")
    }

    @Test func threeWritesInOneTurnArriveAsOneValueTheNewest() async {
        let settings = Settings()
        let seen = Arrivals<String>()
        let name = Subject(observing: { settings.name })
        name.subscribeNext { seen.append($0) }
        settings.name = "a"
        settings.name = "b"
        settings.name = "c"
        #expect(seen.values == ["ming"])  // read again in a later turn, not inside the writes
        await seen.waitFor(2)
        await afterPendingMainActorJobs()
        #expect(seen.values == ["ming", "c"])  // the value after the change, once
    }

    @Test func writesInSeparateTurnsArriveEach() async {
        let settings = Settings()
        let seen = Arrivals<String>()
        let name = Subject(observing: { settings.name })
        name.subscribeNext { seen.append($0) }
        for (turn, text) in ["a", "b", "c"].enumerated() {
            settings.name = text
            await seen.waitFor(turn + 2)
        }
        #expect(seen.values == ["ming", "a", "b", "c"])
        #expect(name.value == "c")
    }

    @Test func aPropertyTheClosureDidNotReadChangesNothing() async {
        let settings = Settings()
        let seen = Arrivals<String>()
        let name = Subject(observing: { settings.name })
        name.subscribeNext { seen.append($0) }
        settings.theme = "dark"
        await afterPendingMainActorJobs()
        settings.name = "hong"  // a change it did read, after: the only one that arrives
        await seen.waitFor(2)
        await afterPendingMainActorJobs()
        #expect(seen.values == ["ming", "hong"])
    }

    @Test func aClosureThatReadsTwoModelsFollowsBoth() async {
        let settings = Settings(), profile = Profile()
        let seen = Arrivals<String>()
        let line = Subject(observing: { "\(settings.name): \(profile.credit)" })
        line.subscribeNext { seen.append($0) }
        profile.credit = 35
        await seen.waitFor(2)
        settings.name = "hong"
        await seen.waitFor(3)
        #expect(seen.values == ["ming: 0", "ming: 35", "hong: 35"])
    }

    @Test func releasedItIsNotReadAgainAndTheModelDoesNotKeepIt() async {
        let settings = Settings()
        let reads = Shared(0)
        var name: Subject<String>? = Subject(observing: {
            reads.withLock { $0 += 1 }
            return settings.name
        })
        weak let released = name
        #expect(reads.withLock { $0 } == 1)
        name = nil
        #expect(released == nil)  // the model holds it weakly
        settings.name = "hong"
        await afterPendingMainActorJobs()
        #expect(reads.withLock { $0 } == 1)  // the change came, and the closure was not run
    }

    @Test func releasedItLetsGoOfTheModelThoughTheModelNeverChangesAgain() {
        weak var releasedModel: Settings?
        do {
            let settings = Settings()
            releasedModel = settings
            let name = Subject(observing: { settings.name })
            #expect(name.value == "ming")
        }
        #expect(releasedModel == nil)  // no cycle through the model's tracking (outside attack O1)
    }

    @Test func theChainBelowItFollowsTheModelWhileItIsHeldAndEndsWithIt() async {
        let settings = Settings()
        let seen = Arrivals<String>()
        let reads = Shared(0)
        var name: Subject<String>? = Subject(observing: {
            reads.withLock { $0 += 1 }
            return settings.name
        })
        name!.map { $0.uppercased() }.subscribeNext { seen.append($0) }
        settings.name = "hong"
        await seen.waitFor(2)
        #expect(seen.values == ["MING", "HONG"])
        name = nil  // the chain's source is gone
        settings.name = "gang"
        await afterPendingMainActorJobs()
        #expect(seen.values == ["MING", "HONG"])
        #expect(reads.withLock { $0 } == 2)  // "gang" was never read
    }

    @Test func itFeedsAChainAndTheChainFeedsTheModelBack() async {
        // Both directions: model → subject → map → assign into another model.
        let settings = Settings(), profile = Profile()
        let name = Subject(observing: { settings.name })
        name.map { $0.count }.assign(to: \.credit, on: profile)
        #expect(profile.credit == 4)
        settings.name = "xiaoming"
        await afterPendingMainActorJobs()
        #expect(profile.credit == 8)
    }

    @Test nonisolated func madeOffItsActorItStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            func follow(_ read: @escaping @MainActor @Sendable () -> String) -> Subject<String> {
                Subject(observing: read)  // outside any actor: cannot read a main-actor closure now
            }
            _ = follow { "ming" }
        }
    }
}

/// The DocC article "Observation"'s example, as written there.
@Observable @MainActor final class GreetingSettings {
    var name = "ming"
    var greeting = ""
}

@MainActor final class SettingsScreen {
    let settings: GreetingSettings
    private let name: Subject<String>

    init() {
        let settings = GreetingSettings()
        self.settings = settings
        // The model's name, as a subject the screen holds; the chain below it, written back.
        name = Subject(observing: { settings.name })
        name.map { $0.isEmpty ? "Hello!" : "Hello, \($0)!" }.assign(to: \.greeting, on: settings)
    }
}

extension ObservationTests {
    @Test func theArticlesExampleWorksBothWays() async {
        let screen = SettingsScreen()
        #expect(screen.settings.greeting == "Hello, ming!")
        screen.settings.name = "hong"
        await afterPendingMainActorJobs()
        #expect(screen.settings.greeting == "Hello, hong!")
        screen.settings.name = ""
        await afterPendingMainActorJobs()
        #expect(screen.settings.greeting == "Hello!")
    }

    @Test func theArticlesScreenIsFreedWithEverythingItMade() {
        weak var releasedScreen: SettingsScreen?, releasedSettings: GreetingSettings?
        do {
            let screen = SettingsScreen()
            releasedScreen = screen
            releasedSettings = screen.settings
        }
        #expect(releasedScreen == nil)
        #expect(releasedSettings == nil)  // outside attack O1: this leaked
    }
}

/// A model that may be read from any thread: it keeps its value behind a lock and tells
/// Observation by hand.
final class SharedCounter: Observable, Sendable {
    private let storage = Shared(0)
    private let registrar = ObservationRegistrar()

    var value: Int {
        get {
            registrar.access(self, keyPath: \.value)
            return storage.withLock { $0 }
        }
        set {
            registrar.withMutation(of: self, keyPath: \.value) { storage.withLock { $0 = newValue } }
        }
    }
}

/// A model an actor owns and writes.
actor Worker {
    @Observable final class Progress {
        var done = 0
    }

    let progress = Progress()

    func follow() -> Subject<Int> {
        Subject(observing: {
            self.assertIsolated()  // re-read on the actor that owns the model
            return self.progress.done
        })
    }

    func step() {
        progress.done += 1
    }
}

/// Off the main actor: made outside any actor, the closure is re-read on a task; made on an
/// actor, on that actor. CI runs this suite under ThreadSanitizer too.
@Suite struct ObservationOffTheMainActorTests {
    @Test func madeOutsideAnyActorItIsReadAgainOnATaskAfterTheChange() async {
        let counter = SharedCounter()
        let subject = Subject(observing: { counter.value })
        #expect(subject.value == 0)
        var stream = subject.values.makeAsyncIterator()
        #expect(await stream.next() == 0)
        counter.value = 5
        #expect(await stream.next() == 5)
        counter.value = 6
        #expect(await stream.next() == 6)
    }

    @Test func madeOutsideAnyActorItReadsOneAtATimeSoValuesNeverGoBack() async {
        let counter = SharedCounter()
        let subject = Subject(observing: { counter.value })
        let seen = Recorder<Int>()
        subject.subscribeNext { seen.append($0) }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { for value in 1...20_000 { counter.value = value } }
        }
        let values = seen.values
        #expect(values == values.sorted())  // sent in the order they were read: never an older one last
    }

    @Test func madeOnAnActorItIsReadAgainThereWhileThatActorWritesItsModel() async {
        let worker = Worker()
        let subject = await worker.follow()
        var stream = subject.values.makeAsyncIterator()
        #expect(await stream.next() == 0)
        for expected in 1...100 {
            await worker.step()
            #expect(await stream.next() == expected)
        }
    }
}

import Foundation
import SimpleSubject
import Synchronization
import Testing

/// Guarantee 10 of "Why no monad layer": a subscriber runs where it was made. CI runs this suite under
/// ThreadSanitizer too.
@Suite struct IsolationTests {
    static let count = 2_000

    /// Collects what a main-actor subscriber receives, checking the actor on every call, and
    /// resumes a waiting test once `expected` values have arrived.
    @MainActor final class MainActorLog {
        var values: [Int] = []
        let expected: Int
        private var done: CheckedContinuation<Void, Never>?

        init(expecting expected: Int) { self.expected = expected }

        func receive(_ value: Int) {
            MainActor.assertIsolated()  // stops the test if called anywhere else
            values.append(value)
            if values.count == expected { done?.resume() }
        }

        func waitForAll() async {
            if values.count >= expected { return }
            await withCheckedContinuation { done = $0 }
        }
    }

    @MainActor @Test func aMainActorSubscriberFedFromDetachedTasksRunsOnTheMainActorInOrder() async {
        let subject = EventSubject<Int>()
        let log = MainActorLog(expecting: Self.count)
        subject.subscribeNext { log.receive($0) }
        await Task.detached {
            for value in 0..<Self.count { subject.sendNext(value) }
        }.value
        await log.waitForAll()
        #expect(log.values == Array(0..<Self.count))
    }

    @MainActor @Test func aMainActorSubscriberFedFromAnotherActorRunsOnTheMainActorInOrder() async {
        actor Sender {
            func send(_ subject: EventSubject<Int>, _ count: Int) {
                for value in 0..<count { subject.sendNext(value) }
            }
        }
        let subject = EventSubject<Int>()
        let log = MainActorLog(expecting: Self.count)
        subject.subscribeNext { log.receive($0) }
        await Sender().send(subject, Self.count)
        await log.waitForAll()
        #expect(log.values == Array(0..<Self.count))
    }

    @MainActor @Test func aMainActorSubscriberFedFromPlainThreadsGetsEveryValueOnceOnTheMainActor() async {
        let subject = EventSubject<Int>()
        let log = MainActorLog(expecting: 4 * Self.count)
        subject.subscribeNext { log.receive($0) }
        onThreads(4) { thread in
            for value in 0..<Self.count { subject.sendNext(thread * Self.count + value) }
        }
        await log.waitForAll()
        #expect(log.values.sorted() == Array(0..<4 * Self.count))
        for thread in 0..<4 {  // each thread's values in the order it sent them
            let mine = log.values.filter { $0 / Self.count == thread }
            #expect(mine == mine.sorted())
        }
    }

    @MainActor @Test func aSendOnTheSubscribersActorCallsItBeforeSendNextReturns() {
        let credit = Subject(0)
        var seen: [Int] = []
        credit.subscribeNext { value in
            MainActor.assertIsolated()
            seen.append(value)
        }
        credit.sendNext(5)
        #expect(seen == [0, 5])  // the current value at once, then 5, both synchronous
    }

    @MainActor @Test func aUserOperatorThatSendsLaterFromATaskStillReachesAMainActorSubscriberOnMain() async {
        let taps = EventSubject<Int>()
        // A hand-made delay: the Downstream is kept and sent to from a detached task.
        let delayed = taps.derive(into: EventSubject<Int>()) { value, downstream in
            Task.detached { downstream.send(value) }
        }
        let log = MainActorLog(expecting: 1)
        delayed.subscribeNext { log.receive($0) }  // checks MainActor.assertIsolated
        taps.sendNext(7)
        await log.waitForAll()
        #expect(log.values == [7])
    }

    @MainActor @Test func compactMapOnTheMainActorCallsAMainActorSubscriberAtOnce() {
        let field = Subject("1")
        var seen: [Int] = []
        field.compactMap { Int($0) }.subscribeNext { seen.append($0) }
        field.sendNext("x")
        field.sendNext("2")
        #expect(seen == [1, 2])
    }

    @MainActor @Test func debugDescriptionNamesTheActorASubscriberRunsOn() {
        let credit = Subject(0)
        credit.subscribeNext { _ in }
        let line = #line - 1
        #expect(credit.debugDescription.hasSuffix("IsolationTests.swift:\(line) on MainActor (held by nothing but the subject)"))
    }

    @MainActor @Test func theSeedsViewModelChainUpdatesAMainActorScreenSynchronously() {
        let credit = Subject(0)
        let screen = Screen()
        credit.map { $0 >= 70 ? "pass" : "fail" }.removeDuplicates().assign(to: \.status, on: screen)
        credit.filter { $0 >= 30 }.map { "\($0)" }.subscribeNext(owner: screen) { $0.text = $1 }
        credit.sendNext(75)
        #expect(screen.status == "pass")
        #expect(screen.text == "75")
    }

    @Test func aSubscriberMadeOnACustomActorRunsOnlyOnThatActor() async {
        actor Recorder {
            var values: [Int] = []
            var subscription: Subscription?
            func subscribe(to subject: EventSubject<Int>) {
                subscription = subject.subscribeNext { value in
                    self.assertIsolated()
                    self.values.append(value)
                }
            }
            func sendHere(_ subject: EventSubject<Int>, _ value: Int) -> [Int] {
                subject.sendNext(value)
                return values  // same actor: delivered before sendNext returned
            }
            func waitFor(_ count: Int) async -> [Int] {
                while values.count < count { await Task.yield() }
                return values
            }
        }
        let subject = EventSubject<Int>()
        let recorder = Recorder()
        await recorder.subscribe(to: subject)
        #expect(await recorder.sendHere(subject, -1) == [-1])
        await Task.detached {
            for value in 0..<Self.count { subject.sendNext(value) }
        }.value
        #expect(await recorder.waitFor(Self.count + 1) == [-1] + Array(0..<Self.count))
    }

    @MainActor @Test func aCancelOnTheMainActorDropsValuesStillQueuedForIt() async {
        let subject = EventSubject<Int>()
        var seen: [Int] = []
        let subscription = subject.subscribeNext { seen.append($0) }
        // A plain thread sends while the main actor is busy here (joined, not awaited): every
        // value is queued for the main actor, none delivered yet.
        let sender = Joinable {
            for value in 0..<100 { subject.sendNext(value) }
        }
        #expect(sender.join())
        #expect(seen.isEmpty)
        subscription.cancel()
        await Task { @MainActor in }.value  // runs after the delivery task that was queued first
        #expect(seen.isEmpty)
    }

    @Test func aSubscriberMadeOutsideAnyActorRunsOnTheSendingThread() async {
        let subject = EventSubject<Int>()
        let calledOn = Recorder<UInt>()
        subject.subscribeNext { _ in calledOn.append(currentThreadID()) }
        let senderThread = await Task.detached { () -> UInt in
            subject.sendNext(1)
            return currentThreadID()
        }.value
        #expect(calledOn.values == [senderThread])
    }

    // Values that are not Sendable stay on one actor: a subject of them with a main-actor
    // subscriber made on the main actor lives there, and works as any subject does.
    @MainActor @Test func aSubjectOfNonSendableValuesServesAMainActorSubscriberMadeThere() async {
        final class Draft { var text = "" }
        let subject = Subject(Draft())
        var seen: [String] = []
        subject.subscribeNext { draft in
            MainActor.assertIsolated()
            seen.append(draft.text)
        }
        let next = Draft()
        next.text = "ming"
        subject.sendNext(next)
        #expect(seen == ["", "ming"])  // at once: sent on the subscriber's actor
        let last = Draft()
        last.text = "hong"
        subject.value = last  // a send from outside any actor: through the main actor's queue
        while seen.count < 3 { await Task.yield() }
        #expect(seen == ["", "ming", "hong"])
    }

    // ... and made anywhere else (a helper outside any actor), it stops the program: its values
    // could otherwise reach the main actor from another thread (a TSan-reported race before).
    @Test func aMainActorSubscriberToNonSendableValuesMadeOffTheMainActorStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            final class Draft { var text = "" }
            func watch(_ subject: Subject<Draft>, _ show: @escaping @MainActor @Sendable (Draft) -> Void) {
                subject.subscribeNext(show)
            }
            watch(Subject(Draft())) { _ in }
        }
    }

    // A closure isolated to an actor holds it (its isolation is part of the closure), so only
    // `assign`, which keeps no closure of the caller's, can outlive the actor it writes on.
    @Test func anAssignWhoseActorIsGoneHasItsValuesDroppedAndEnds() async {
        final class Sink: Sendable {
            let box = Shared(0)
            var value: Int {
                get { box.withLock { $0 } }
                set { box.withLock { $0 = newValue } }
            }
        }
        actor Listener {
            func listen(to subject: EventSubject<Int>, into sink: Sink) {
                subject.assign(to: \.value, on: sink)
            }
        }
        let subject = EventSubject<Int>(), sink = Sink()
        weak var gone: Listener?
        do {
            let listener = Listener()
            gone = listener
            await listener.listen(to: subject, into: sink)
        }
        #expect(gone == nil)  // the subscription does not keep its actor alive
        #expect(subject.subscriberCount == 1)
        let sender = Joinable { subject.sendNext(1) }
        #expect(sender.join())
        #expect(subject.subscriberCount == 0)  // ended at the first value it could not deliver
        #expect(sink.value == 0)
    }
}

/// Something a main-actor screen binds to.
@MainActor final class Screen {
    var text = ""
    var status = ""
}

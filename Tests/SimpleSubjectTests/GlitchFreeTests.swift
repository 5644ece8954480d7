import SimpleSubject
import Synchronization
import Testing

/// Guarantee 11: every send is a transaction. A multi-input operator reached through several
/// paths of one send computes once, from inputs that are all current, before the send returns.
@Suite struct GlitchFreeTests {
    /// Pairs as text, so that a list of them compares with `==`.
    static func text<A, B>(_ pair: (A, B)) -> String {
        "\(pair.0),\(pair.1)"
    }

    @Test func aDiamondShowsOnlyStatesThatExisted() {
        let d = Subject(1)
        let seen = record(combineLatest(d.map { $0 }, d.map { $0 * 2 }).map(Self.text))
        d.sendNext(5)
        #expect(seen.values == ["1,2", "5,10"])
    }

    @Test func aSubjectCombinedWithItselfMovesBothSidesAtOnce() {
        let a = Subject(1)
        let seen = record(combineLatest(a, a).map(Self.text))
        a.sendNext(2)
        #expect(seen.values == ["1,1", "2,2"])
    }

    @Test func threeWayCombineOfOneSourceComputesOncePerSend() {
        let d = Subject(1)
        let seen = record(combineLatest(d.map { $0 }, d.map { $0 * 2 }, d.map { $0 * 3 }).map { "\($0),\($1),\($2)" })
        d.sendNext(2)
        d.sendNext(3)
        #expect(seen.values == ["1,2,3", "2,4,6", "3,6,9"])
    }

    /// cellx's "layers": each layer four cells, each from two cells of the layer before. Without
    /// transactions the last cell emits 2^layers times per send.
    @Test(arguments: [1, 4, 16])
    func layersEmitEachCellOncePerSend(layers: Int) {
        let root = Subject(1)
        var cells = [root.map { $0 }, root.map { $0 + 1 }, root.map { $0 + 2 }, root.map { $0 + 3 }]
        for _ in 0..<layers {
            cells = (0..<4).map { index in
                combineLatest(cells[index], cells[(index + 1) % 4]).map { $0 &+ $1 }
            }
        }
        let seen = record(cells[3])
        root.sendNext(2)
        root.sendNext(3)
        #expect(seen.values.count == 3)
        #expect(seen.values.last == cells[3].value)
    }

    @Test func aSubscriberThatSendsToTheRootAgainSeesEachStateOnce() {
        let d = Subject(0)
        let seen = Recorder<String>()
        combineLatest(d.map { $0 }, d.map { $0 + 100 }).subscribeNext { pair in
            seen.append(Self.text(pair))
            if pair.0 < 2 {
                d.sendNext(pair.0 + 1)
            }
        }
        #expect(seen.values == ["0,100", "1,101", "2,102"])
    }

    @Test func withLatestFromThroughADiamondTakesTheCurrentPair() {
        let d = Subject(1)
        let both = combineLatest(d.map { $0 }, d.map { $0 * 2 })
        let seen = record(d.withLatestFrom(both).map { "\($0):\(Self.text($1))" })
        d.sendNext(5)
        #expect(seen.values == ["1:1,2", "5:5,10"])
    }

    /// Two paths of one send through `merge` are two events, by design: merge has no pair to
    /// tear, and each path's value is a real value of that path.
    @Test func mergeOfTwoPathsPassesBothOn() {
        let d = EventSubject<Int>()
        let seen = record(merge(d.map { $0 }, d.map { $0 * 10 }))
        d.sendNext(5)
        #expect(seen.values == [5, 50])
    }

    @Test func aCombineDownstreamOfAMergeComputesOnceWithTheLastValue() {
        let d = Subject(1)
        let merged = merge(d.map { $0 }, d.map { $0 * 10 })
        let seen = record(combineLatest(merged, d.map { $0 }).map(Self.text))
        d.sendNext(2)
        #expect(seen.values == ["20,2"])
    }

    @Test func twoThreadsSendingAtOnceNeverTearAPair() {
        let d = Subject(0)
        let torn = Atomic<Int>(0)
        let pairs = Atomic<Int>(0)
        combineLatest(d.map { $0 }, d.map { $0 * 2 }).subscribeNext { x, y in
            pairs.add(1, ordering: .relaxed)
            if y != 2 * x {
                torn.add(1, ordering: .relaxed)
            }
        }
        onThreads(2) { thread in
            for value in 1...5_000 {
                d.sendNext(thread * 10_000 + value)
            }
        }
        #expect(torn.load(ordering: .relaxed) == 0)
        #expect(pairs.load(ordering: .relaxed) == 10_001)
    }

    /// Outside attack, 2026-11-27: a second thread sending to another source of the same
    /// operator tore the pair — each path recorded its source's value as it was reached, and the
    /// other thread's transaction took the tuple meanwhile, with one path's new value and the
    /// other's old one ((3, 4, _) between the 3 and its 6). A side now stages what a transaction
    /// brings, and the flush commits every side at once (`JoinCommit`).
    @Test func aThreadSendingToAnotherSourceNeverTearsADiamond() {
        let d = Subject(0)
        let other = Subject(0)
        let torn = Atomic<Int>(0)
        let seen = Recorder<String>()
        combineLatest(d, d.map { $0 * 2 }, other).subscribeNext { x, doubled, another in
            if doubled != 2 * x {
                torn.add(1, ordering: .relaxed)
            }
            seen.append("\(x),\(doubled),\(another)")
        }
        onThreads(2) { thread in
            for value in 1...3_000 {
                (thread == 0 ? d : other).sendNext(value)
            }
        }
        #expect(torn.load(ordering: .relaxed) == 0)
        #expect(seen.values.last == "3000,6000,3000")
    }

    /// Outside attack, 2026-11-27 (present before): one thread sending, another subscribing to
    /// and cancelling on the diamond's `map`. The subscriber's first call took the map's turn, so
    /// the send's value into the map was queued for that thread, which delivered it in a
    /// transaction of its own — and the pair showed the send's `d` beside the old `map` (3,071
    /// torn pairs in 20,000 sends). A value a transaction brings to a subject another thread is
    /// delivering now waits for a turn of its own.
    @Test func aThreadSubscribingToTheMiddleOfADiamondNeverTearsIt() {
        let d = Subject(0)
        let mapped = d.map { $0 }
        let torn = Atomic<Int>(0)
        let pairs = Atomic<Int>(0)
        let subscription = combineLatest(d, mapped).subscribeNext { x, y in
            pairs.add(1, ordering: .relaxed)
            if x != y {
                torn.add(1, ordering: .relaxed)
            }
        }
        let sending = Atomic<Bool>(true)
        onThreads(2) { thread in
            guard thread == 1 else {
                for value in 1...5_000 {
                    d.sendNext(value)
                }
                sending.store(false, ordering: .releasing)
                return
            }
            while sending.load(ordering: .acquiring) {
                mapped.subscribeNext { _ in }.cancel()
            }
        }
        #expect(torn.load(ordering: .relaxed) == 0)
        #expect(pairs.load(ordering: .relaxed) == 5_001)
        subscription.cancel()
    }

    @Test func aSwitchToADeeperInnerKeepsItsDiamondsGlitchFree() {
        let x = Subject(1)
        let tripled = x.map { $0 * 3 }  // first of x's subscribers: reached before the inner diamond
        let inner = combineLatest(x.map { $0 }, x.map { $0 * 2 }).map { $0 + $1 }  // 3x
        let outer = Subject(Subject(0))
        let followed = outer.switchToLatest()
        outer.sendNext(inner)
        let seen = record(combineLatest(followed, tripled).map(Self.text))
        x.sendNext(2)
        #expect(seen.values == ["6,6"])  // an event subject: the first pair went before `record`
    }

    /// Main-actor state a main-actor subscriber writes.
    @MainActor final class Screen {
        var shown: [String] = []
    }

    /// The one timing rule through a flush: the flush passes on the isolation the send ran in.
    @MainActor @Test func aMainActorSubscriberOfADiamondRunsBeforeSendNextReturns() {
        let d = Subject(1)
        let screen = Screen()
        combineLatest(d.map { $0 }, d.map { $0 * 2 }).subscribeNext { @MainActor pair in
            screen.shown.append(Self.text(pair))
        }
        d.sendNext(5)
        #expect(screen.shown == ["1,2", "5,10"])
    }

    /// The outside attack's F1: the switch to a new inner subject is part of the send, so its
    /// first value waits for the send's other paths too.
    @Test func aSwitchOnOnePathOfADiamondGivesOnePairPerSend() {
        let d = Subject(0)
        let inners = [Subject(100), Subject(200), Subject(300)]
        let latest = d.map { inners[$0] }.switchToLatest()
        let seen = record(combineLatest(latest, d.map { $0 }).map(Self.text))
        let swapped = record(combineLatest(d.map { $0 }, latest).map(Self.text))
        d.sendNext(1)
        d.sendNext(2)
        #expect(seen.values == ["200,1", "300,2"])  // event subjects: the first pair went before `record`
        #expect(swapped.values == ["1,200", "2,300"])
    }

    @Test func sendsFromInsideASubscriberToAnotherRootJoinTheCurrentSend() {
        let a = Subject(0)
        let b = Subject(0)
        a.subscribeNext { b.sendNext($0) }
        let seen = record(combineLatest(a.map { $0 }, b.map { $0 }).map(Self.text))
        a.sendNext(1)
        #expect(seen.values == ["0,0", "1,1"])
    }

    /// A send that opens a transaction leaves its turn by a path of its own (`closing`): a
    /// subscriber cancelled during that send, which retires the list being read, and a send back
    /// into the source from the flush must both still take the way through the queue.
    @Test func aCancelAndASendBackDuringASendThatOpensATransactionAreBothSeenTo() {
        final class Later: @unchecked Sendable {
            var subscription: Subscription?
        }
        let d = Subject(1)
        let later = Later()
        let seenByLater = Recorder<Int>()
        let pairs = Recorder<String>()
        let canceller = d.subscribeNext { value in
            if value == 2 {
                later.subscription?.cancel()
            }
        }
        later.subscription = d.subscribeNext { seenByLater.append($0) }
        let joined = combineLatest(d, d.map { $0 * 10 }).subscribeNext { pair in
            pairs.append(Self.text(pair))
            if pair.0 == 2 {
                d.sendNext(3)
            }
        }
        d.sendNext(2)
        #expect(pairs.values == ["1,10", "2,20", "3,30"])
        #expect(seenByLater.values == [1])
        d.sendNext(4)
        #expect(pairs.values.last == "4,40")
        #expect(d.subscriberCount == 3)
        canceller.cancel()
        joined.cancel()
    }
}

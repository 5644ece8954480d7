import Dispatch
import SimpleSubject
import Testing

/// Guarantee 7 and the design's "detaches from its source, no later than the source's next send",
/// for a dead chain that ends in a `combineLatest` (outside attack on issue 31, finding 3). Inside
/// a send, a `combineLatest` only records what arrives and computes when the send is over, so the
/// operators feeding it — a `map` of the source, say — have passed its values on and seen someone
/// listening before the `combineLatest` finds nobody observes it and detaches. Those operators
/// stayed attached until the source's second send. Each shape is built, its only subscriber
/// cancelled, and the sources sent to once.
@Suite struct DeadChainIntoAJoinTests {
    /// What a shape made: the subjects it derived, to check that they are freed.
    typealias Made = [AnyObject]

    nonisolated static let shapes: [(String, @Sendable (Subject<Int>, Subject<Int>, Recorder<Int>) -> (Subscription, Made))] = [
        ("combineLatest(source.map, source)", { source, _, seen in
            let doubled = source.map { $0 * 2 }
            let joined = combineLatest(doubled, source)
            return (joined.subscribeNext { seen.append($0.0) }, [doubled, joined])
        }),
        ("combineLatest(source.map, other)", { source, other, seen in
            let doubled = source.map { $0 * 2 }
            let joined = combineLatest(doubled, other)
            return (joined.subscribeNext { seen.append($0.0) }, [doubled, joined])
        }),
        ("combineLatest(source.map, other).map", { source, other, seen in
            let doubled = source.map { $0 * 2 }
            let joined = combineLatest(doubled, other).map { $0.0 + $0.1 }
            return (joined.subscribeNext { seen.append($0) }, [doubled, joined])
        }),
        ("combineLatest(combineLatest(source, source.map, other), source.map)", { source, other, seen in
            let doubled = source.map { $0 * 2 }
            let inner = combineLatest(source, doubled, other)
            let tripled = source.map { $0 * 3 }
            let outer = combineLatest(inner, tripled)
            return (outer.subscribeNext { seen.append($0.1) }, [doubled, inner, tripled, outer])
        }),
    ]

    @Test(arguments: 0..<shapes.count)
    func aDeadChainIntoACombineLatestDetachesAtTheSourcesNextSend(shape: Int) {
        let source = Subject(1)
        let other = Subject(2)
        let seen = Recorder<Int>()
        var made: [WeakReference] = []
        do {
            let (subscription, subjects) = Self.shapes[shape].1(source, other, seen)
            made = subjects.map { WeakReference($0) }
            subscription.cancel()
        }
        source.sendNext(3)
        #expect(source.subscriberCount == 0, "\(Self.shapes[shape].0)")
        #expect(other.subscriberCount == 0, "\(Self.shapes[shape].0)")
        #expect(made.allSatisfy { $0.object == nil }, "\(Self.shapes[shape].0)")
        #expect(seen.values.count == 1, "only the first call: nothing after the cancel")
    }

    @Test(arguments: 0..<shapes.count)
    func aLiveChainIntoACombineLatestStaysConnected(shape: Int) {
        let source = Subject(1)
        let other = Subject(2)
        let seen = Recorder<Int>()
        let (subscription, _) = Self.shapes[shape].1(source, other, seen)
        for value in 3...5 {
            source.sendNext(value)
        }
        #expect(source.subscriberCount > 0, "\(Self.shapes[shape].0)")
        #expect(seen.values.count == 4, "the first call and one for each send")
        subscription.cancel()
    }

    /// A dead `switchToLatest` whose inner subject is a `map` of `other`, ending in a
    /// `combineLatest`: the inner `map` leaves at `other`'s send too (outside attack on the climb:
    /// it stayed until `other`'s second send, because the climb asked about the inner subject
    /// before the outer subject, which held it as its value, had gone).
    @Test func aDeadSwitchsInnerMapLeavesAtItsSourcesNextSend() {
        let source = Subject(1)
        let other = Subject(100)
        combineLatest(source.map { value in other.map { $0 + value } }.switchToLatest(), source)
            .subscribeNext { _ in }
            .cancel()
        other.sendNext(101)
        source.sendNext(2)
        #expect(source.subscriberCount == 0)
        #expect(other.subscriberCount == 0)
    }

    /// A derived subject that only a weak reference reaches may detach; but the climb must not
    /// detach it from a source that another thread is delivering just then: the delivery keeps
    /// it alive meanwhile, a weak reference can still make it held and subscribed, and it would
    /// never update again (outside attack on the climb, 20 runs in 20).
    @Test func theClimbLeavesAloneAnOperatorWhoseSourceAnotherThreadIsDelivering() throws {
        final class Gate: @unchecked Sendable {
            let entered = DispatchSemaphore(value: 0)
            let goOn = DispatchSemaphore(value: 0)
        }
        let a = Subject(0)
        let b = Subject(0)
        let gate = Gate()
        let blocker = a.subscribeNext { value in
            if value == 1 {
                gate.entered.signal()
                gate.goOn.wait()
            }
        }
        let reference = WeakReference()
        do {
            let mapped = a.map { $0 }
            reference.object = mapped
            combineLatest(mapped.map { $0 }, b).subscribeNext { _ in }.cancel()
        }
        let sender = Joinable { a.sendNext(1) }
        gate.entered.wait()
        b.sendNext(1)  // the dead combineLatest detaches, and the climb reaches `mapped`
        let seen = Recorder<Int>()
        let mapped = try #require(reference.object as? Subject<Int>, "attached, so alive")
        let subscription = mapped.subscribeNext { seen.append($0) }
        gate.goOn.signal()
        #expect(sender.join())
        a.sendNext(2)
        // Subscribed while another thread's send of 1 is in flight in the domain, it is activated
        // after that send: its first value is 1.
        #expect(seen.values == [1, 2])
        subscription.cancel()
        blocker.cancel()
    }

    /// A weak reference to a derived subject.
    final class WeakReference: @unchecked Sendable {
        weak var object: AnyObject?

        init(_ object: AnyObject? = nil) {
            self.object = object
        }
    }
}

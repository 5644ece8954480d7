import Foundation
import SimpleSubject
import Synchronization
import Testing

/// `switchToLatest`: follows the newest inner subject only, ends the old one first, lets old
/// inner subjects go, and detaches when nobody observes it.
@Suite struct SwitchToLatestTests {
    @Test func itFollowsTheNewestInnerSubjectFromWhatANewSubscriberOfItGetsFirst() {
        let first = Subject(1)
        let second = Subject(10)
        let outer = Subject(first)
        let latest = outer.switchToLatest()
        let seen = record(latest)
        first.sendNext(2)
        outer.sendNext(second)     // 10 at once: the new inner's current value
        first.sendNext(3)          // the old inner: nothing
        second.sendNext(11)
        #expect(seen.values == [1, 2, 10, 11])
        #expect(first.subscriberCount == 0 && second.subscriberCount == 1)
    }

    @Test func theOldInnerIsEndedBeforeTheNewOneIsFollowed() {
        let first = Subject(1)
        let second = Subject(10)
        let outer = EventSubject<Subject<Int>>()
        let followed = Recorder<Int>()
        outer.switchToLatest().subscribeNext { _ in
            followed.append(first.subscriberCount)  // while the new inner's first value arrives
        }
        outer.sendNext(first)
        outer.sendNext(second)
        #expect(followed.values == [1, 0])
    }

    @Test func aNewSubscriberGetsTheNewestInnersLatestAndNothingFromAnOldOne() {
        let first = Subject(1)
        let outer = Subject<SubjectBase<Int>>(first)
        let latest = outer.switchToLatest()
        #expect(record(latest).values == [1])
        outer.sendNext(EventSubject<Int>())  // no value yet: the 1 from the old inner is not replayed
        #expect(record(latest).values == [])
    }

    @Test func theLatestRequestWins() {
        let query = EventSubject<String>()
        let responses = Shared<[String: EventSubject<String>]>([:])
        let results = query.map { text in  // a request: its response arrives later
            let response = EventSubject<String>()
            responses.withLock { $0[text] = response }
            return response
        }.switchToLatest()
        let seen = record(results)
        query.sendNext("sw")
        query.sendNext("swift")
        responses.withLock { $0 }["sw"]!.sendNext("results for sw")      // late: dropped
        responses.withLock { $0 }["swift"]!.sendNext("results for swift")
        #expect(seen.values == ["results for swift"])
    }

    @Test func aThousandSwitchesLeaveTheOldInnersFreed() {
        let outer = EventSubject<Subject<Int>>()
        let seen = record(outer.switchToLatest())
        var inners: [Weak<Subject<Int>>] = []
        for value in 0..<1_000 {
            let inner = Subject(value)
            inners.append(Weak(inner))
            outer.sendNext(inner)
        }
        #expect(inners.dropLast().allSatisfy { $0.object == nil })
        #expect(seen.values == Array(0..<1_000))
    }

    @Test(arguments: [false, true])
    func nobodyObservingDetachesFromTheOuterAndTheInner(subscribes: Bool) {
        let inner = Subject(1)
        let outer = Subject(inner)
        weak var result: ReplaySubject<Int>?
        do {
            let latest = outer.switchToLatest()
            result = latest
            if subscribes {
                latest.subscribeNext { _ in }.cancel()
            }
        }
        #expect(inner.subscriberCount == 1)
        inner.sendNext(2)  // the inner's next value finds nobody observing
        #expect(inner.subscriberCount == 0 && outer.subscriberCount == 0)
        #expect(result == nil)
    }

    @Test func theGraphShowsTheInnerItFollowsNow() {
        let first = Subject(1)
        let second = Subject(2)
        let outer = Subject(first)
        let latest = outer.switchToLatest(file: "Search.swift", line: 7)
        latest.subscribeNext(file: "Search.swift", line: 8) { _ in }
        outer.sendNext(second)
        let graph = latest.debugGraph()
        #expect(graph.contains("switchToLatest at Search.swift:7 → "))
        #expect(graph.contains("Subject<Int>(value: 2) · domain 1\n└─ switchToLatest at Search.swift:7"))
        #expect(graph == """
            #1 Subject<Int>(value: 2) · domain 1
            └─ switchToLatest at Search.swift:7 → #3 ReplaySubject<Int>(bufferSize: 1, buffered: [2]) · domain 2
               └─ subscriber at Search.swift:8 (held by nothing but the subject)
            #2 Subject<Subject<Int>>(value: Subject<Int>(value: 2)) · domain 2
            └─ switchToLatest at Search.swift:7 → #3 (above)
            """)  // the old inner (value 1) is not wired any more; the outer's value is on one line; the
                  // inner is followed, not joined, so it keeps a domain of its own
        withExtendedLifetime(first) {}
    }

    /// Guarantee 10: a value sent on the main actor reaches a main-actor subscriber at once — also
    /// through a switch made there (its first value came through a hop, and every later value
    /// queued behind it).
    @MainActor @Test func aSwitchOnTheMainActorKeepsAMainActorSubscriberSynchronous() {
        let inners = [Subject(0), Subject(10)]
        let outer = Subject(inners[0])
        var seen: [Int] = []
        outer.switchToLatest().subscribeNext { seen.append($0) }
        outer.sendNext(inners[1])
        inners[1].sendNext(11)
        outer.sendNext(inners[0])
        inners[0].sendNext(1)
        #expect(seen == [0, 10, 11, 0, 1])  // all before this line: nothing waited for a hop
    }

    @Test func switchesAndInnerValuesFromFourThreads() {
        let outer = EventSubject<Subject<Int>>()
        let inners = (0..<8).map { Subject($0 * 1_000) }
        let latest = outer.switchToLatest()
        let seen = record(latest)
        onThreads(4) { thread in
            for round in 0..<500 {
                if thread < 2 {
                    outer.sendNext(inners[(round + thread) % inners.count])
                } else {
                    inners[round % inners.count].sendNext(round)
                }
            }
        }
        let last = Subject(-1)
        outer.sendNext(last)
        last.sendNext(-2)
        #expect(Array(seen.values.suffix(2)) == [-1, -2])
        #expect(inners.allSatisfy { $0.subscriberCount == 0 })
    }
}

/// A weak reference, for lists of what must be freed.
struct Weak<Object: AnyObject> {
    weak var object: Object?

    init(_ object: Object) {
        self.object = object
    }
}

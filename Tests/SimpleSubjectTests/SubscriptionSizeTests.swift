@testable import SimpleSubject
import Testing

/// What a live subscription costs in heap (issue 31, DESIGN.md "Costs": at most 150 bytes): the
/// `Subscription`, the caller's closure context and the slot in the subject's list. These fail if
/// a field is added to either the `Subscription` or the slot.
@Suite struct SubscriptionSizeTests {
    /// The subscription, the closure, the operator it feeds and the hop to an actor: five words.
    @Test func aSlotIsFiveWords() {
        #expect(MemoryLayout<SubjectBase<Int>.Slot>.stride == 40)
        #expect(MemoryLayout<SubjectBase<Int>.Slot?>.stride == 40)
    }

    #if os(Linux)
    /// The object's header and three words: allocated as 40 bytes, one 48-byte block of glibc's
    /// (a 41st byte would take a 64-byte block). An `OwnedSubscription`, a `TiedSubscription` or
    /// an operator's `Subscriber` may be larger.
    ///
    /// The smallest of 32: glibc hands out a larger block now and then, when the free block it
    /// takes is too small to split (a 64-byte block for 40 bytes: 56 usable), which depends on
    /// what the other tests, running at the same time, freed (CI, release build, 2026-11-27).
    @Test func aPlainSubscriptionIsFortyBytesOfHeap() {
        let subject = Subject(0)
        let subscriptions = (0..<32).map { _ in subject.subscribeNext { _ in } }
        let sizes = subscriptions.map { mallocUsableSize(Unmanaged.passUnretained($0).toOpaque()) }
        #expect(sizes.min() == 40)
        #expect(subscriptions.allSatisfy { type(of: $0) == Subscription.self })
    }
    #endif
}

#if os(Linux)
/// glibc's `malloc_usable_size`, which the Glibc module does not import (it is in malloc.h):
/// how many bytes a block holds, which for a request of 40 is 40 (the block is 48).
@_silgen_name("malloc_usable_size")
private func mallocUsableSize(_ pointer: UnsafeMutableRawPointer) -> Int
#endif

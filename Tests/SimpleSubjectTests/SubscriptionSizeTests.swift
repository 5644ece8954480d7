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
    @Test func aPlainSubscriptionIsFortyBytesOfHeap() {
        let subject = Subject(0)
        let subscription = subject.subscribeNext { _ in }
        let object = Unmanaged.passUnretained(subscription).toOpaque()
        #expect(mallocUsableSize(object) == 40)
        #expect(type(of: subscription) == Subscription.self)
    }
    #endif
}

#if os(Linux)
/// glibc's `malloc_usable_size`, which the Glibc module does not import (it is in malloc.h):
/// how many bytes a block holds, which for a request of 40 is 40 (the block is 48).
@_silgen_name("malloc_usable_size")
private func mallocUsableSize(_ pointer: UnsafeMutableRawPointer) -> Int
#endif

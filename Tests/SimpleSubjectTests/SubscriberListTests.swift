@testable import SimpleSubject
import Testing

/// The subscriber list's transitions, on one thread, without a lock (Engine/SubscriberList.swift).
@Suite struct SubscriberListTests {
    typealias List = SubjectBase<Int>.SubscriberList

    static func slot() -> SubjectBase<Int>.Slot {
        SubjectBase<Int>.Slot(Subscription(host: nil, file: #fileID, line: #line), { _ in }, feeding: nil, on: nil)
    }

    static func list(of count: Int) -> List {
        var list = List()
        for _ in 0..<count {
            list.insert(slot(), whileRead: false)
        }
        return list
    }

    static func address(_ list: List) -> UnsafeRawPointer? {
        list.slots.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    /// A delivery reads a slot of the list, once it is not `nil`, as a `Slot` (`call(slotAt:)`
    /// in SubjectBase.swift): that needs `Slot?` laid out as `Slot`, the payload at offset 0. This
    /// fails if the representation changes.
    @Test func aListedSlotReadsAsASlotWhereItIs() {
        typealias Slot = SubjectBase<Int>.Slot
        #expect(MemoryLayout<Slot?>.size == MemoryLayout<Slot>.size)
        #expect(MemoryLayout<Slot?>.stride == MemoryLayout<Slot>.stride)
        let list = Self.list(of: 3)
        let hop = Hop<Int>(on: MainActor.shared, list.slots[2]!.subscription) { _ in }
        let slots: [Slot?] = [list.slots[0], nil, Slot(list.slots[2]!.subscription, { _ in }, feeding: nil, on: MainActor.shared)]
        slots.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: Slot.self, capacity: 1) { slot in
                #expect(slot.pointee.subscription === list.slots[0]!.subscription)
                #expect(slot.pointee.hop == nil)
            }
            (buffer.baseAddress! + 2).withMemoryRebound(to: Slot.self, capacity: 1) { slot in
                #expect(slot.pointee.subscription === list.slots[2]!.subscription)
                #expect(slot.pointee.hop?.actorID == hop.actorID)
            }
        }
    }

    @Test func aSnapshotKeepsEverySubscriberWhileTheListChanges() {
        var list = Self.list(of: 3)
        let snapshot = list.snapshot()
        let removed = list.slots[1]!.subscription
        _ = list.remove(removed, whileRead: true)
        #expect(snapshot.compactMap { $0 }.count == 3)
        #expect(list.slots.compactMap { $0 }.count == 2)
    }

    // Issue 27, item 2: each leaver while a delivery read the list copied all of it, so 8,000
    // leaving in one delivery took seconds. Only the first change after a snapshot copies now.
    @Test func onlyTheFirstChangeWhileADeliveryReadsCopiesTheList() {
        var list = Self.list(of: 1_000)
        let snapshot = list.snapshot()
        #expect(list.isShared)
        let subscriptions = list.slots.map { $0!.subscription }
        _ = list.remove(subscriptions[0], whileRead: true)
        #expect(!list.isShared)
        let copy = Self.address(list)
        #expect(copy != UnsafeRawPointer(snapshot.baseAddress))
        for subscription in subscriptions[1..<400] {
            _ = list.remove(subscription, whileRead: true)
            #expect(Self.address(list) == copy)
        }
        #expect(snapshot.count == 1_000)
    }

    @Test func aNewSnapshotMakesTheNextChangeCopyAgain() {
        var list = Self.list(of: 4)
        let first = list.snapshot()
        _ = list.remove(list.slots[0]!.subscription, whileRead: true)
        let firstKept = list.takeRetired()  // what the deliverer does before its next snapshot
        let second = list.snapshot()
        _ = list.remove(list.slots[1]!.subscription, whileRead: true)
        withExtendedLifetime(firstKept) {
            #expect(first.compactMap { $0 }.count == 4)
        }
        #expect(second.compactMap { $0 }.count == 3)
        #expect(list.slots.compactMap { $0 }.count == 2)
    }

    // Issue 31: a snapshot holds no reference to the buffer it reads; the list keeps it.
    @Test func aChangeWhileADeliveryReadsRetiresTheBufferItReads() {
        var list = Self.list(of: 3)
        let snapshot = list.snapshot()
        #expect(list.retired == nil)
        _ = list.remove(list.slots[2]!.subscription, whileRead: true)
        let retired = list.retired?.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        #expect(retired == UnsafeRawPointer(snapshot.baseAddress))
        #expect(snapshot.compactMap { $0 }.count == 3)
        _ = list.remove(list.slots[1]!.subscription, whileRead: true)  // changes the copy, in place
        #expect(list.retired?.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } == retired)
        #expect(list.takeRetired() != nil)
        #expect(list.retired == nil)
    }

    @Test func aChangeWhileNothingReadsRetiresNothing() {
        var list = Self.list(of: 3)
        _ = list.snapshot()
        _ = list.remove(list.slots[0]!.subscription, whileRead: false)
        #expect(list.retired == nil)
    }

    @Test func removingHalfTheSlotsCompactsAndRenumbers() {
        var list = Self.list(of: 40)
        let subscriptions = list.slots.map { $0!.subscription }
        for subscription in subscriptions[0..<21] {
            _ = list.remove(subscription, whileRead: false)
        }
        #expect(list.slots.count == 19)
        #expect(list.emptySlots == 0)
        #expect(list.slots.enumerated().allSatisfy { $0.element!.subscription.slotIndex == $0.offset })
    }
}

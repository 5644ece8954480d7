import Synchronization

/// An operator with several sources that waits, while a send is delivered, until every path of
/// the send has reached it (Transaction.swift). A class, not a protocol: the mark is a field of
/// the operator, not an object of its own reached through a witness — whose result would be
/// retained and released at every claim, most of the reference-count changes of a send through a
/// `combineLatest`.
@usableFromInline class WaitingOperator {
    /// Which thread's list of waiting operators holds it now (the list's identity), 0 for none:
    /// so that a second path of the same send finds it there in O(1). Each thread's list claims
    /// it with a compare-and-swap from 0 and gives it back when it flushes it.
    private let holder = Atomic<UInt>(0)

    @usableFromInline init() {}

    /// Where it stands among the operators waiting: the height of the subject it sends into.
    @usableFromInline var height: Int {
        preconditionFailure("a WaitingOperator subclass answers it")
    }

    /// Computes from what has arrived and sends the result on, as a delivery running in
    /// `isolation` would have.
    @usableFromInline func flush(in isolation: (any Actor)?) {
        preconditionFailure("a WaitingOperator subclass flushes")
    }

    /// What claiming found.
    enum Claim {
        /// The list now holds the operator.
        case claimed
        /// The list held it already.
        case heldAlready
        /// Another thread's list holds it (two sends on two threads reached it at once).
        case heldByAnother
    }

    final func claim(for list: UInt) -> Claim {
        let (claimed, holder) = holder.compareExchange(expected: 0, desired: list, ordering: .relaxed)
        if claimed {
            return .claimed
        }
        return holder == list ? .heldAlready : .heldByAnother
    }

    /// The list flushes the operator: it no longer holds it.
    final func release(by list: UInt) {
        _ = holder.compareExchange(expected: list, desired: 0, ordering: .relaxed)
    }
}

/// The operators waiting for the end of the transaction open on one thread, in the order they
/// will be flushed: the lowest height first, the earliest among equals. A binary heap, so that
/// a send that reaches *n* of them costs O(*n* log *n*), not O(*n*²).
@usableFromInline final class Waiting {
    /// One operator, the isolation of the delivery that reached it, and when it came.
    struct Entry {
        let node: WaitingOperator
        let isolation: (any Actor)?
        let height: Int
        let order: Int

        func precedes(_ other: Entry) -> Bool {
            (height, order) < (other.height, other.order)
        }
    }

    // Only the thread whose list this is touches it (Transaction.swift), so no access is checked
    // at run time: the checks would cost more than the heap's work.

    /// The heap.
    @exclusivity(unchecked)
    private var entries: [Entry] = []
    /// Operators held here whose mark another thread's list held when they came. A set: a send
    /// may reach hundreds of operators while another thread's send holds them, and a scan of an
    /// array would make that quadratic.
    @exclusivity(unchecked)
    private var unmarked: Set<ObjectIdentifier> = []
    /// How many operators have come, which orders equal heights.
    @exclusivity(unchecked)
    private var arrivals = 0

    /// This list's identity in operators' marks.
    private var identity: UInt {
        UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque())
    }

    /// Adds `node`, unless it waits here already (then it is reached through another path of the
    /// same send).
    func add(_ node: WaitingOperator, reachedIn isolation: (any Actor)?) {
        switch node.claim(for: identity) {
        case .heldAlready:
            return
        case .heldByAnother:
            guard unmarked.insert(ObjectIdentifier(node)).inserted else { return }
        case .claimed:
            guard unmarked.isEmpty || !unmarked.contains(ObjectIdentifier(node)) else { return }
        }
        push(Entry(node: node, isolation: isolation, height: node.height, order: arrivals))
        arrivals += 1
    }

    /// The operator to flush next, taken out. Moved, not copied: the last entry takes the first's
    /// place before the first is removed, so no reference in them is retained and released.
    func next() -> Entry? {
        guard !entries.isEmpty else {
            unmarked = []
            arrivals = 0
            return nil
        }
        entries.swapAt(0, entries.count - 1)
        let first = entries.removeLast()
        if entries.count > 1 {
            siftDown(from: 0)
        }
        first.node.release(by: identity)
        if !unmarked.isEmpty {  // removing from an empty set still makes it unique: an allocation
            unmarked.remove(ObjectIdentifier(first.node))
        }
        return first
    }

    private func push(_ entry: Entry) {
        entries.append(entry)
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].precedes(entries[parent]) else { return }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    private func siftDown(from start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var first = parent
            if left < entries.count && entries[left].precedes(entries[first]) {
                first = left
            }
            if right < entries.count && entries[right].precedes(entries[first]) {
                first = right
            }
            guard first != parent else { return }
            entries.swapAt(parent, first)
            parent = first
        }
    }
}

import Synchronization

/// A delivery domain: the subjects whose sends can meet again, and so take one turn
/// (ARCHITECTURE.md, "The engine").
///
/// Every subject has a domain of its own when it is made. An edge where one send's paths can
/// meet again — a single-input operator, a combining operator — joins its target's domain with
/// its sources' (`join(_:)`); every other edge (`merge`, a `switchToLatest`'s inners, `sync`,
/// `withLatestFrom`'s other side, the time and async operators, ``ReadOnlySubject/boundary(file:line:)``)
/// leaves them apart.
///
/// The domains form a union-find forest: each subject keeps the node it was made with, and a
/// joined node forwards to the node it was joined under, up to the root that stands for the
/// whole domain and holds its turn (Domain+Turn.swift). A node holds its parent strongly and a
/// root holds nothing, so a domain lives exactly as long as one of its subjects and closes no
/// cycle with them.
@usableFromInline final class Domain: Sendable {
    /// The node this one was joined under; `nil` for a root. Set once, under `joins`: a node never
    /// moves again, so a send finds its root with acquiring loads, no lock and no reference count
    /// (`rootReference`). Unmanaged: `parentReference` keeps it alive, and a subject keeps its
    /// node, so a send's subject keeps the whole path to its root alive while it reads it.
    @usableFromInline let parent = Atomic<Unmanaged<Domain>?>(nil)
    /// What keeps `parent` alive: set once, before `parent` is.
    private let parentReference = Mutex<Domain?>(nil)
    /// How many nodes a root stands for: union by size keeps the paths short. Read and written
    /// under `joins` only.
    private let size = Mutex(1)
    /// Who holds the turn, for the fast path: 0 when nobody does, otherwise the holding thread,
    /// with `queuedBit` set while the slow path (`turn`) has work, waiters or a hand-off for it.
    /// Only a root's is used.
    @usableFromInline let owner = Atomic<UInt>(0)
    /// The turn's state machine, made the first time two threads meet here.
    let turn = AtomicLazyReference<Monitor<DomainTurn<DomainWork>>>()

    /// One lock for every join: joins happen when an operator is made, rarely enough that one
    /// lock serves them all, and it makes linking two roots one step.
    static let joins = Mutex(())

    @usableFromInline init() {}

    /// The node that stands for this node's whole domain.
    ///
    /// - Complexity: O(path length): O(log *n*) in the domain's size, by union by size.
    var root: Domain {
        rootReference.takeUnretainedValue()
    }

    /// `root`, for the send path: read without a reference count change, valid while the caller
    /// holds this node (see `parent`).
    @inlinable
    @inline(__always)
    var rootReference: Unmanaged<Domain> {
        var node = Unmanaged.passUnretained(self)
        while let parent = node._withUnsafeGuaranteedRef({ $0.parent.load(ordering: .acquiring) }) {
            node = parent
        }
        return node
    }

    /// Whether this node is a root: no join has linked it under another.
    @inlinable
    @inline(__always)
    var isRoot: Bool {
        parent.load(ordering: .acquiring) == nil
    }

    /// Whether `other` is in this node's domain.
    func isJoined(with other: Domain) -> Bool {
        root === other.root
    }

    /// Links `child`, a root, under `parent`, a root, under `joins`.
    static func link(_ child: Domain, under parent: Domain) {
        let childSize = child.size.withLock { $0 }
        parent.size.withLock { $0 += childSize }
        child.parentReference.withLock { $0 = parent }
        child.parent.store(Unmanaged.passUnretained(parent), ordering: .releasing)
    }

    /// Which of two roots goes under the other when neither must stay the root: the smaller.
    static func smallerFirst(_ first: Domain, _ second: Domain) -> (smaller: Domain, larger: Domain) {
        let firstSize = first.size.withLock { $0 }
        let secondSize = second.size.withLock { $0 }
        return firstSize < secondSize ? (first, second) : (second, first)
    }
}

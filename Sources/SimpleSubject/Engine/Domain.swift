import Synchronization

/// A delivery domain: the subjects whose sends can meet again, and so must take one turn
/// (ARCHITECTURE.md, "The engine").
///
/// Every subject has a domain of its own when it is made. An edge where one send's paths can
/// meet again — a single-input operator, a combining operator — joins its target's domain with
/// its sources' (`join(_:)`); every other edge (`merge`, a `switchToLatest`'s inners, `sync`,
/// `withLatestFrom`'s other side, the time and async operators, ``SubjectBase/boundary(file:line:)``)
/// leaves them apart.
///
/// The domains form a union-find forest: each subject keeps the node it was made with, and a
/// joined node forwards to the node it was joined under, up to the root that stands for the
/// whole domain. A node holds its parent strongly and a root holds nothing, so a domain lives
/// exactly as long as one of its subjects and closes no cycle with them.
@usableFromInline final class Domain: Sendable {
    /// Where a node stands in the forest.
    struct Link {
        /// The node this one was joined under; `nil` for a root.
        var parent: Domain?
        /// How many nodes a root stands for (union by size keeps the paths short).
        var size = 1
    }

    /// Changed only under `joins`; read alone by `root`, which a join can only move closer to
    /// the root.
    private let link = Mutex(Link())

    /// One lock for every join: joins happen when an operator is made, rarely enough that one
    /// lock serves them all, and it makes linking two roots one step.
    private static let joins = Mutex(())

    @usableFromInline init() {}

    /// The node that stands for this node's whole domain.
    ///
    /// - Complexity: O(path length): O(log *n*) in the domain's size, by union by size.
    var root: Domain {
        var node = self
        while let parent = node.link.withLock({ $0.parent }) {
            node = parent
        }
        return node
    }

    /// Whether `other` is in this node's domain.
    func isJoined(with other: Domain) -> Bool {
        root === other.root
    }

    /// Joins `other`'s domain and this node's into one: the smaller root goes under the larger.
    /// Joining a domain with itself changes nothing.
    func join(_ other: Domain) {
        Domain.joins.withLock { _ in
            let mine = root
            let theirs = other.root
            guard mine !== theirs else { return }
            let (larger, smaller) = mine.size >= theirs.size ? (mine, theirs) : (theirs, mine)
            let joinedSize = larger.size + smaller.size
            smaller.link.withLock { $0.parent = larger }
            larger.link.withLock { $0.size = joinedSize }
            compressPath(to: larger)
            other.compressPath(to: larger)
        }
    }

    /// How many nodes this root stands for.
    private var size: Int {
        link.withLock { $0.size }
    }

    /// Points every node from this one up to `root` straight at it. Under `joins`.
    private func compressPath(to root: Domain) {
        var node = self
        while node !== root {
            let parent = node.link.withLock { link in
                let parent = link.parent
                link.parent = root
                return parent
            }
            guard let parent else { return }
            node = parent
        }
    }
}

/// A subscription that ends other subscriptions with it (`sync(with:)`, operators with several
/// sources): it has no subject of its own.
///
/// Its parts are operators' `Subscriber`s, whose closures refer to what holds this subscription:
/// so they are added one by one (`tie`), as they are made, and held weakly — each lives as long
/// as its slot in its source, which is what holds an operator (Feed.swift).
final class TiedSubscription: Subscription, @unchecked Sendable {
    // @unchecked as `Subscription`: `machine` is behind its lock.

    private let machine = Locked(TiedPartsStateMachine())

    /// A subscription that ends its parts together, with none yet.
    init(file: StaticString, line: UInt) {
        super.init(host: nil, file: file, line: line)
    }

    /// Adds `part`, which ends with this subscription — at once, if it has ended already.
    func tie(_ part: Subscription) {
        if !machine.locked({ $0.tied(part) }) {
            part.cancel()
        }
    }

    /// The parts still alive, in the order they were tied.
    override var parts: [Subscription] { machine.locked { $0.liveParts } }

    /// A binding ends when either side is released (`sync(with:)`): so does one with a part that
    /// has ended or is gone.
    override var hasEndedWithoutACancel: Bool {
        let (parts, count) = machine.locked { ($0.liveParts, $0.count) }
        return super.hasEndedWithoutACancel || parts.count < count || parts.contains { $0.isCancelled }
    }

    override func cancelParts() {
        for part in machine.locked({ $0.cancelled() }) {
            part.cancel()
        }
    }
}

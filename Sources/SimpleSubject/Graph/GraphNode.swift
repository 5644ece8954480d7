// What `debugGraph()` is made of: what subjects know already (their subscribers, and the
// operators that feed them) and what operators record once when they are made (their name, where
// they were made, their sources). Nothing here is on the path of a `sendNext`.
import Synchronization

/// A subject or an operator, as `debugGraph()` draws it.
@usableFromInline protocol GraphNode: AnyObject {
    /// Adds itself to `graph`: its label, what it leads to, and its neighbours to visit.
    func add(to graph: inout DebugGraph)
}

/// A subject, as `debugGraph` draws it.
@usableFromInline protocol DrawnSubject: GraphNode {
    /// Remembers an operator that feeds this subject, for `debugGraph`.
    func addFeeder(_ feeder: any GraphNode)
    /// The kind and what it remembers, on one line: how a subject that is another's value is shown.
    var summary: String { get }
}

/// A graph node held weakly: how a subject knows the operators that feed it without keeping
/// them alive.
@usableFromInline struct WeakNode {
    weak var node: (any GraphNode)?
}

/// How many subjects have been made: numbers them, which orders a graph the same way from
/// wherever it is asked for.
let subjectsMade = Atomic<Int>(0)

/// The next subject's number.
@usableFromInline func nextSerial() -> Int {
    subjectsMade.add(1, ordering: .relaxed).newValue
}

extension SubjectBase: GraphNode {
    /// Remembers `feeder` as an operator that feeds this subject, for `debugGraph`.
    @usableFromInline func addFeeder(_ feeder: any GraphNode) {
        state.locked { state in
            state.feeders.removeAll { $0.node == nil }
            state.feeders.append(WeakNode(node: feeder))
        }
    }

    @usableFromInline func add(to graph: inout DebugGraph) {
        let (name, memory, slots, feeders) = inspected()
        for (slot, isUnheld) in slots where slot.link == nil {
            graph.add(slot.subscription, "subscriber at " + describe(slot, isUnheld: isUnheld), next: [], visiting: [])
        }
        let live = slots.map(\.slot)
        let next = live.map { slot -> AnyObject in slot.link ?? slot.subscription }
        graph.add(self, describe(memory, named: name), serial: serial, domain: domain.root, next: next,
                  visiting: live.compactMap(\.link) + feeders.compactMap(\.node))
    }
}

extension Feed {
    /// What `add(to:)` draws: the operator, between its sources and the subject it feeds.
    func draw(in graph: inout DebugGraph) {
        let parts = parts
        guard let shown, let first = parts.first, subscription?.isCancelledFlagSet == false else { return }  // detached: not drawn
        let label = "\(String(describing: name).prefix { $0 != "(" }) at \(first.file):\(first.line)"
        let sources = parts.compactMap(\.host) + [following?()].compactMap { $0 }
        graph.add(self, label, next: [shown], visiting: [shown] + sources)
    }
}

extension Binding {
    /// What `add(to:)` draws: the binding, between its two sides.
    func draw(in graph: inout DebugGraph) {
        let sides = subscription.parts.compactMap(\.host)
        graph.add(self, "sync at \(subscription.file):\(subscription.line)", next: sides, visiting: sides)
    }
}

/// How ``SubjectBase/debugGraph(_:)`` writes the graph.
public enum GraphFormat: Sendable {
    /// A tree to read in a terminal.
    case text
    /// Graphviz DOT, which `dot -Tsvg` draws.
    case dot
}

extension SubjectBase {
    /// Everything wired to this subject, upstream (what feeds it) and downstream (what it feeds):
    /// each subject's kind and value (after its name, if ``named(_:)`` gave it one), each operator
    /// by name with the `file:line` where it was made, each subscriber with its `file:line` and its
    /// actor — and, for a subscription that nothing but its subject holds (its result was
    /// discarded, so it lasts as long as the subject), `(held by nothing but the subject)`.
    ///
    /// ```
    /// #1 "credit" Subject<Int>(value: 80)
    /// ├─ map at StudentCredit/CreditViewModel.swift:31 → #2 Subject<CreditColor>(value: .red)
    /// │  └─ removeDuplicates at StudentCredit/CreditViewModel.swift:31 → #3 Subject<…>
    /// │     └─ subscriber at credit-cli/main.swift:52 on MainActor
    /// └─ subscriber at credit-cli/main.swift:50 (held by nothing but the subject)
    /// ```
    ///
    /// Subjects are numbered in the order they were made, so the graph is the same from
    /// whichever of its subjects you ask; one reached again is named, `#1 (above)`, not repeated.
    /// It takes each subject's lock only to copy its lists, and describes values without it.
    ///
    /// - Parameter format: `.text` for the console, `.dot` for Graphviz.
    /// - Complexity: O(*n* log *n*) in the number of subjects, operators and subscribers.
    public final func debugGraph(_ format: GraphFormat = .text) -> String {
        let graph = DebugGraph(from: self)
        return format == .text ? graph.text : graph.dot
    }
}

/// The subjects, operators and subscribers reachable from one subject, and the two ways to write
/// them down.
@usableFromInline struct DebugGraph {
    struct Node {
        /// Held, so that its identity is not reused while the graph is drawn.
        let part: AnyObject
        let label: String
        /// A subject's `serial`; `nil` for an operator or a subscriber.
        let serial: Int?
        /// What it leads to, in subscription order.
        let next: [ObjectIdentifier]
    }

    private var nodes: [ObjectIdentifier: Node] = [:]
    private var unvisited: [any GraphNode]

    init(from start: any GraphNode) {
        unvisited = [start]
        while let node = unvisited.popLast() {
            if nodes[ObjectIdentifier(node)] == nil {
                node.add(to: &self)
            }
        }
    }

    /// Adds `part`, its edges to `next`, and its neighbours that are still to visit.
    mutating func add(_ part: AnyObject, _ label: String, serial: Int? = nil, next: [AnyObject],
                      visiting: [any GraphNode]) {
        nodes[ObjectIdentifier(part)] = Node(part: part, label: label, serial: serial, next: next.map(ObjectIdentifier.init))
        unvisited += visiting.filter { nodes[ObjectIdentifier($0)] == nil }
    }

    /// Subjects in the order they were made, each followed by the operators and subscribers it
    /// leads to (an operator with several sources, after the first).
    private var ordered: [ObjectIdentifier] {
        let subjects = nodes.compactMap { id, node in node.serial.map { (id, $0) } }.sorted { $0.1 < $1.1 }
        var seen = Set<ObjectIdentifier>()
        return subjects.flatMap { [$0.0] + nodes[$0.0]!.next }.filter { nodes[$0] != nil && seen.insert($0).inserted }
    }

    /// What it leads to and was drawn: not a relay inside an operator, nor what went meanwhile.
    private func next(_ id: ObjectIdentifier) -> [ObjectIdentifier] {
        nodes[id]!.next.filter { nodes[$0] != nil }
    }

    /// A tree per subject that nothing drawn before feeds, 32 levels deep at most.
    var text: String {
        let subjects = ordered.filter { nodes[$0]!.serial != nil }
        let numbers = Dictionary(uniqueKeysWithValues: subjects.enumerated().map { ($1, $0 + 1) })
        var lines: [String] = []
        var drawn = Set<ObjectIdentifier>()
        func write(_ subject: ObjectIdentifier, _ prefix: String) {
            drawn.insert(subject)
            let children = next(subject)
            for (index, child) in children.enumerated() {
                let (branch, indent) = index == children.count - 1 ? ("└─ ", "   ") : ("├─ ", "│  ")
                let targets = next(child).filter { $0 != subject }
                let tooDeep = prefix.count >= 32 * 3
                let names = targets.map { target in
                    let number = "#\(numbers[target]!)"
                    return drawn.contains(target) ? number + " (above)" : tooDeep ? number + " (below)" : number + " " + nodes[target]!.label
                }
                lines.append(prefix + branch + nodes[child]!.label + (names.isEmpty ? "" : " → " + names.joined(separator: ", ")))
                for target in targets where !drawn.contains(target) && !tooDeep {
                    write(target, prefix + indent)
                }
            }
        }
        for subject in subjects where !drawn.contains(subject) {
            lines.append("#\(numbers[subject]!) " + nodes[subject]!.label)
            write(subject, "")
        }
        return lines.joined(separator: "\n")
    }

    /// Graphviz DOT: subjects as boxes, operators as ellipses, subscribers as plain text.
    var dot: String {
        let order = ordered
        let names = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, "n\($0)") })
        var lines = ["digraph SimpleSubject {", "  rankdir=LR;"]
        for id in order {
            let node = nodes[id]!
            let shape = node.serial != nil ? "box" : node.next.isEmpty ? "plaintext" : "ellipse"
            // An operator's or subscriber's place goes on a line of its own.
            let text = node.serial == nil ? node.label.replacing(" at ", with: "\n", maxReplacements: 1) : node.label
            let label = text.flatMap { "\"\\".contains($0) ? ["\\", $0] : $0 == "\n" ? ["\\", "n"] : [$0] }
            lines.append("  \(names[id]!) [shape=\(shape), label=\"\(String(label))\"];")
        }
        for id in order {
            lines += next(id).map { "  \(names[id]!) -> \(names[$0]!);" }
        }
        return (lines + ["}"]).joined(separator: "\n")
    }
}

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
    /// When the graph spans several delivery domains — `merge`, ``ReadOnlySubject/boundary(file:line:)``
    /// and the time operators leave their sources in domains of their own — each subject ends
    /// with its domain's number, `· domain 2` (in DOT, each domain is a cluster).
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
        /// A subject's delivery domain (its root, Domain.swift); `nil` for an operator or a subscriber.
        let domain: ObjectIdentifier?
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
    mutating func add(_ part: AnyObject, _ label: String, serial: Int? = nil, domain: Domain? = nil, next: [AnyObject],
                      visiting: [any GraphNode]) {
        nodes[ObjectIdentifier(part)] = Node(part: part, label: label, serial: serial, domain: domain.map(ObjectIdentifier.init),
                                             next: next.map(ObjectIdentifier.init))
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

    /// The delivery domains of the subjects drawn, numbered from 1 in the order their first
    /// subject was made; empty when they all share one, which is then not worth a word.
    private func domainNumbers(of subjects: [ObjectIdentifier]) -> [ObjectIdentifier: Int] {
        var numbers: [ObjectIdentifier: Int] = [:]
        for subject in subjects {
            let domain = nodes[subject]!.domain!
            if numbers[domain] == nil {
                numbers[domain] = numbers.count + 1
            }
        }
        return numbers.count > 1 ? numbers : [:]
    }

    /// A subject's label, with its domain's number when the graph has several.
    private func label(of subject: ObjectIdentifier, domains: [ObjectIdentifier: Int]) -> String {
        let node = nodes[subject]!
        guard let number = node.domain.flatMap({ domains[$0] }) else { return node.label }
        return node.label + " · domain \(number)"
    }

    /// A tree per subject that nothing drawn before feeds, 32 levels deep at most; each subject
    /// with its delivery domain when there are several.
    var text: String {
        let subjects = ordered.filter { nodes[$0]!.serial != nil }
        let numbers = Dictionary(uniqueKeysWithValues: subjects.enumerated().map { ($1, $0 + 1) })
        let domains = domainNumbers(of: subjects)
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
                    return drawn.contains(target) ? number + " (above)" : tooDeep ? number + " (below)" : number + " " + label(of: target, domains: domains)
                }
                lines.append(prefix + branch + nodes[child]!.label + (names.isEmpty ? "" : " → " + names.joined(separator: ", ")))
                for target in targets where !drawn.contains(target) && !tooDeep {
                    write(target, prefix + indent)
                }
            }
        }
        for subject in subjects where !drawn.contains(subject) {
            lines.append("#\(numbers[subject]!) " + label(of: subject, domains: domains))
            write(subject, "")
        }
        return lines.joined(separator: "\n")
    }

    /// Graphviz DOT: subjects as boxes, operators as ellipses, subscribers as plain text; when
    /// there are several delivery domains, each one's subjects in a cluster.
    var dot: String {
        let order = ordered
        let names = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, "n\($0)") })
        var lines = ["digraph SimpleSubject {", "  rankdir=LR;"]
        let subjects = order.filter { nodes[$0]!.serial != nil }
        let domains = domainNumbers(of: subjects)
        for (domain, number) in domains.sorted(by: { $0.value < $1.value }) {
            let members = subjects.filter { nodes[$0]!.domain == domain }.map { names[$0]! }
            lines.append("  subgraph cluster_domain\(number) { label=\"domain \(number)\"; \(members.joined(separator: "; ")); }")
        }
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

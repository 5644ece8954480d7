import Foundation
import SimpleSubject
import Testing

/// `debugGraph`: what is wired to what, seen from any subject of a graph.
@Suite struct DebugGraphTests {
    /// credit → map → removeDuplicates → two subscribers, and a combineLatest of credit and a
    /// label; `file:line` given explicitly so that the text does not move with this file.
    private static func smallGraph() -> (credit: Subject<Int>, label: Subject<String>, color: Subject<String>,
                                         both: Subject<(Int, String)>) {
        let credit = Subject(80)
        let label = Subject("Pass")
        let color = credit.map(file: "Demo.swift", line: 10) { $0 >= 70 ? "red" : "gray" }
            .removeDuplicates(file: "Demo.swift", line: 11)
        color.subscribeNext(file: "Demo.swift", line: 12) { _ in }
        color.subscribeNext(file: "Demo.swift", line: 13) { _ in }
        let both = combineLatest(credit, label, file: "Demo.swift", line: 14)
        both.subscribeNext(file: "Demo.swift", line: 15) { _ in }
        return (credit, label, color, both)  // nothing downstream holds a source: the caller does
    }

    @Test func theTextShowsKindsValuesOperatorsAndSubscribersTheSameFromEverySubject() {
        let (credit, label, color, both) = Self.smallGraph()
        let expected = """
            #1 Subject<Int>(value: 80)
            ├─ map at Demo.swift:10 → #3 Subject<String>(value: "red")
            │  └─ removeDuplicates at Demo.swift:11 → #4 Subject<String>(value: "red")
            │     ├─ subscriber at Demo.swift:12 (held by nothing but the subject)
            │     └─ subscriber at Demo.swift:13 (held by nothing but the subject)
            └─ combineLatest at Demo.swift:14 → #5 Subject<(Int, String)>(value: (80, "Pass"))
               └─ subscriber at Demo.swift:15 (held by nothing but the subject)
            #2 Subject<String>(value: "Pass")
            └─ combineLatest at Demo.swift:14 → #5 (above)
            """
        #expect(credit.debugGraph() == expected)
        #expect(color.debugGraph() == expected)  // upstream too
        #expect(both.debugGraph() == expected)   // from a subject with two sources
        credit.sendNext(20)
        #expect(both.debugGraph().hasPrefix("#1 Subject<Int>(value: 20)\n├─ map at Demo.swift:10 → #3 Subject<String>(value: \"gray\")"))
        withExtendedLifetime(label) {}
    }

    @Test func theDotFormHasTheSameNodesAndEdges() {
        let (credit, label, _, both) = Self.smallGraph()
        let dot = credit.debugGraph(.dot)
        withExtendedLifetime(label) {}
        #expect(dot == both.debugGraph(.dot))
        #expect(dot.hasPrefix("digraph SimpleSubject {\n"))
        #expect(dot.contains("[shape=box, label=\"Subject<String>(value: \\\"Pass\\\")\"];"))
        #expect(dot.contains("[shape=ellipse, label=\"combineLatest\\nDemo.swift:14\"];"))
        #expect(dot.contains("[shape=plaintext, label=\"subscriber\\nDemo.swift:15 (held by nothing but the subject)\"];"))
        #expect(dot.split(separator: "\n").filter { $0.contains(" -> ") }.count == 10)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/dot"), "needs Graphviz"))
    func graphvizDrawsTheDotForm() throws {
        let (credit, label, _, _) = Self.smallGraph()
        let a = Subject(1), b = Subject(2)
        a.sync(with: b)
        let graphs = [credit.debugGraph(.dot), a.debugGraph(.dot)]
        withExtendedLifetime(label) {}
        for graph in graphs {
            let svg = try render(graph)
            #expect(svg.status == 0)
            #expect(svg.output.contains("<svg"))
        }
    }

    @Test func aSubscriberMadeOnTheMainActorSaysSo() async {
        let credit = Subject(80)
        await MainActor.run {
            _ = credit.subscribeNext(file: "Screen.swift", line: 3) { _ in }
        }
        #expect(credit.debugGraph() == "#1 Subject<Int>(value: 80)\n└─ subscriber at Screen.swift:3 on MainActor (held by nothing but the subject)")
    }

    @Test func ringsOfBindingsPrintEachSubjectOnceAndEnd() {
        let a = Subject(1), b = Subject(2), c = Subject(3)
        a.sync(with: b, file: "Ring.swift", line: 1)
        b.sync(with: c, file: "Ring.swift", line: 2)
        c.sync(with: a, file: "Ring.swift", line: 3)
        let expected = """
            #1 Subject<Int>(value: 1) · domain 1
            ├─ sync at Ring.swift:1 → #2 Subject<Int>(value: 1) · domain 2
            │  ├─ sync at Ring.swift:1 → #1 (above)
            │  └─ sync at Ring.swift:2 → #3 Subject<Int>(value: 1) · domain 3
            │     ├─ sync at Ring.swift:2 → #2 (above)
            │     └─ sync at Ring.swift:3 → #1 (above)
            └─ sync at Ring.swift:3 → #3 (above)
            """
        #expect(a.debugGraph() == expected)
        #expect(c.debugGraph() == expected)
    }

    @Test func tenThousandSubjectsPrintEachOnce() {
        let credit = Subject(0)
        let mapped = (1...100).map { first in credit.map { $0 + first } }
        let ends = mapped.flatMap { subject in (1...99).map { second in subject.map { $0 * second } } }
        let lines = ends[0].debugGraph().split(separator: "\n")
        #expect(lines.count == 10_001)  // the root, and an operator line for each other subject
        #expect(lines.filter { $0.hasSuffix(" (above)") }.isEmpty)
        #expect(lines.last == "   └─ map at SimpleSubjectTests/DebugGraphTests.swift:\(#line - 4) → #10001 Subject<Int>(value: 9900)")
    }

    @Test func aLongChainGoesThirtyTwoLevelsDeepThenStartsAgain() {
        let source = Subject(0)
        var end = source
        for _ in 1...100 {
            end = end.map { $0 + 1 }
        }
        let lines = end.debugGraph().split(separator: "\n")
        #expect(lines.count == 100 + 4)  // an operator each, and a new tree at #1, #34, #67, #100
        #expect(lines.filter { $0.hasSuffix(" (below)") }.count == 3)
        #expect(lines.contains("#34 Subject<Int>(value: 33)"))
        #expect(lines.allSatisfy { $0.count < 32 * 3 + 100 })
        withExtendedLifetime(source) {}
    }

    @Test func tenThousandSubscribersAreListedInOrder() {
        let credit = Subject(0)
        for line in 1...10_000 {
            credit.subscribeNext(file: "Many.swift", line: UInt(line)) { _ in }
        }
        let lines = credit.debugGraph().split(separator: "\n")
        #expect(lines.count == 10_001)
        #expect(lines[1] == "├─ subscriber at Many.swift:1 (held by nothing but the subject)")
        #expect(lines[10_000] == "└─ subscriber at Many.swift:10000 (held by nothing but the subject)")
    }

    @Test func describingAValueThatReadsTheSubjectDoesNotDeadlock() {
        let holder = Subject<Reader?>(nil)
        holder.sendNext(Reader(holder))
        #expect(holder.debugGraph().contains("reads a subject holding a reader"))  // described unlocked
        holder.sendNext(nil)
    }

    @Test func itCanBeAskedWhileOtherThreadsSendSubscribeAndCancel() {
        let credit = Subject(0)
        let doubled = credit.map { $0 * 2 }
        let sender = Joinable {
            for value in 1...2_000 {
                credit.sendNext(value)
            }
        }
        let subscriber = Joinable {
            for _ in 1...500 {
                doubled.subscribeNext(file: "Churn.swift", line: 1) { _ in }.cancel()
            }
        }
        var graphs = 0
        for _ in 1...200 where credit.debugGraph().hasPrefix("#1 Subject<Int>(value: ") {
            graphs += 1
        }
        #expect(sender.join() && subscriber.join())
        #expect(graphs == 200)
        #expect(doubled.debugGraph().hasSuffix("→ #2 Subject<Int>(value: 4000)"))
    }

    @Test func cancelledSubscribersAndDetachedOperatorsAreGone() {
        let credit = Subject(80)
        credit.subscribeNext(file: "Kept.swift", line: 1) { _ in }.cancel()
        _ = credit.map { $0 * 2 }  // nobody holds or observes it: detaches at the next send
        credit.sendNext(81)
        #expect(credit.debugGraph() == "#1 Subject<Int>(value: 81)")
    }
}

/// A value whose description reads the subject that holds it.
final class Reader: CustomStringConvertible, @unchecked Sendable {
    weak var subject: Subject<Reader?>?
    init(_ subject: Subject<Reader?>) { self.subject = subject }
    var description: String { "reads a subject holding " + (subject?.value == nil ? "nothing" : "a reader") }
}

/// Runs `dot -Tsvg` on `graph`.
private func render(_ graph: String) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/dot")
    process.arguments = ["-Tsvg"]
    let input = Pipe(), output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(Data(graph.utf8))
    try input.fileHandleForWriting.close()
    let svg = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: svg, as: UTF8.self))
}

/// `debug`: each value passing a point, with a label, the kind and where `debug` was written.
@Suite struct DebugOperatorTests {
    @Test func itWritesEachValueWithItsLabelKindAndPlace() {
        let credit = Subject(80)
        let lines = Recorder<String>()
        let line = #line + 1
        let shown = credit.debug("credit", to: lines.append).map { $0 * 2 }
        credit.sendNext(85)
        let place = "debug at SimpleSubjectTests/DebugGraphTests.swift:\(line)"
        #expect(lines.values == ["credit: 80 (Subject<Int>, \(place))", "credit: 85 (Subject<Int>, \(place))"])
        #expect(shown.value == 170)
        #expect(shown.debugGraph().contains("└─ debug at SimpleSubjectTests/DebugGraphTests.swift:\(line) → #2"))
    }

    @Test func eachKindNamesItselfAndDescribesValuesAsTheDebuggerWould() {
        let events = EventSubject<String>()
        let replay = ReplaySubject<Int>(bufferSize: 2)
        let lines = Recorder<String>()
        let debuggedEvents = events.debug("e", file: "E.swift", line: 1, to: lines.append)
        let debuggedReplay = replay.debug(file: "R.swift", line: 2, to: lines.append)
        let seen = (record(debuggedEvents), record(debuggedReplay))
        events.sendNext("tap")
        replay.sendNext(7)
        #expect(lines.values == ["e: \"tap\" (EventSubject<String>, debug at E.swift:1)",
                                 "debug: 7 (ReplaySubject<Int>, debug at R.swift:2)"])
        #expect(seen.0.values == ["tap"])
        #expect(seen.1.values == [7])
    }

    @Test func takingItOutChangesNothingElse() {
        func run(debugging: Bool) -> (values: [String], latest: String, filtered: [Int]) {
            let credit = Subject(10)
            let start = debugging ? credit.debug(to: { _ in }) : credit
            let text = start.map { "\($0)" }.removeDuplicates()
            let values = record(text)
            let filtered = record((debugging ? credit.debug(to: { _ in }) : credit).filter { $0 > 20 })
            for value in [10, 30, 30, 5] {
                credit.sendNext(value)
            }
            return (values.values, text.value, filtered.values)
        }
        let with = run(debugging: true)
        let without = run(debugging: false)
        #expect(with.values == without.values)
        #expect(with.latest == without.latest)
        #expect(with.filtered == without.filtered)
        #expect(without.values == ["10", "30", "5"])
    }

    @Test func itStopsWritingOnceNobodyObservesWhatItReturns() {
        let credit = Subject(1)
        let lines = Recorder<String>()
        var subscription: Subscription? = credit.debug(to: lines.append).subscribeNext { _ in }
        subscription?.cancel()
        subscription = nil
        credit.sendNext(2)  // detaches here
        credit.sendNext(3)
        #expect(lines.values.count == 2)  // 1 when made, 2 on the send that found nobody
        #expect(credit.subscriberCount == 0)
    }
}

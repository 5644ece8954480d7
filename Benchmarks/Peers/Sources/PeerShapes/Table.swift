import Foundation

/// The Markdown table of medians: one row per shape, a column per library present, and each
/// peer's time over SimpleSubject's.
enum Table {
    static func markdown(_ medians: [(Shape, [Library: Double])], libraries: [Library], repeats: Int) -> String {
        let peers = libraries.filter { $0 != .simpleSubject }
        let header = ["shape"] + libraries.map(\.rawValue) + peers.map { "\($0.rawValue) ÷ SimpleSubject" }
        var lines = [
            row(header),
            row(["---"] + Array(repeating: "---:", count: header.count - 1)),
        ]
        for (shape, times) in medians {
            let cells = libraries.map { times[$0].map(nanoseconds) ?? "—" }
            let ratios = peers.map { peer in
                guard let theirs = times[peer], let ours = times[.simpleSubject] else { return "—" }
                return String(format: "%.2f×", theirs / ours)
            }
            lines.append(row(["`\(shape.rawValue)`"] + cells + ratios))
        }
        lines.append("")
        lines.append("Median of \(repeats) runs, ns per value sent (`publishSubject.creating`: per "
            + "create-subscribe-send-cancel). One run of each shape:")
        lines.append("")
        for shape in Shape.allCases { lines.append("- `\(shape.rawValue)`: \(shape.summary)") }
        return lines.joined(separator: "\n")
    }

    static func nanoseconds(_ value: Double) -> String {
        value < 100 ? String(format: "%.1f ns", value) : String(format: "%.0f ns", value)
    }

    static func row(_ cells: [String]) -> String {
        "| " + cells.joined(separator: " | ") + " |"
    }
}

/// Medians of timed runs, in nanoseconds per unit.
enum Timing {
    /// Runs each library's body once to warm up, then `repeats` times taking turns (so a slow
    /// moment on a shared machine falls on all of them alike), and returns each one's median
    /// run over `shape.units`.
    static func medians(of shape: Shape, in libraries: [Library: ShapeRuns], repeats: Int) -> [Library: Double] {
        let contenders = Library.allCases.compactMap { library in
            libraries[library]?[shape].map { run in (library, { run(shape.units) }) }
        }
        for (_, body) in contenders { body() }
        var samples: [Library: [Double]] = [:]
        for _ in 0..<repeats {
            for (library, body) in contenders {
                samples[library, default: []].append(nanoseconds(of: body) / Double(shape.units))
            }
        }
        return samples.mapValues(median)
    }

    static func nanoseconds(of body: () -> Void) -> Double {
        let elapsed = ContinuousClock().measure(body)
        return Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

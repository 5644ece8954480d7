extension ReadOnlySubject {
    /// The same values, printed as they pass: each with `label`, this subject's kind and the
    /// `file:line` where `debug` was written — to standard error, or to `output`.
    ///
    /// ```swift
    /// credit.debug("credit").map(CreditColor.init).subscribeNext(show)
    /// // stderr: credit: 80 (Subject<Int>, debug at CreditApp/Screen.swift:12)
    /// ```
    ///
    /// It is a `map { $0 }` that prints: take it out and nothing else changes. It prints on the
    /// delivering thread, the current value first, and only while someone observes what it
    /// returns (like every operator, it detaches once nobody can).
    public func debug(_ label: String = "debug", file: StaticString = #fileID, line: UInt = #line,
                      to output: (@Sendable (String) -> Void)? = nil) -> Subject<Value> {
        derived(Subject(awaitingFirstValue: ()), file, line, first: { $0 }, printing(label, file, line, output))
    }
}

extension EventSubject {
    /// The same values, printed as they pass; see ``ReadOnlySubject/debug(_:file:line:to:)``.
    public func debug(_ label: String = "debug", file: StaticString = #fileID, line: UInt = #line,
                      to output: (@Sendable (String) -> Void)? = nil) -> EventSubject<Value> {
        derived(EventSubject(), file, line, printing(label, file, line, output))
    }
}

extension ReplaySubject {
    /// The same values, printed as they pass; see ``ReadOnlySubject/debug(_:file:line:to:)``.
    public func debug(_ label: String = "debug", file: StaticString = #fileID, line: UInt = #line,
                      to output: (@Sendable (String) -> Void)? = nil) -> ReplaySubject<Value> {
        derived(ReplaySubject(bufferSize: bufferSize), file, line, printing(label, file, line, output))
    }
}

extension SubjectBase {
    /// `debug`'s closure: writes the line, then passes the value on (a `queuedFirstCall` only writes it).
    func printing(_ label: String, _ file: StaticString, _ line: UInt,
                  _ output: (@Sendable (String) -> Void)?) -> (Feed<Value>?) -> PartBlock {
        let write = output ?? { writeToStandardError($0 + "\n") }
        let kind = "\(type(of: self))"
        return { feed in
            { value, isolation in
                write("\(label): \(String(reflecting: value)) (\(kind), debug at \(file):\(line))")
                feed?.send(value, from: isolation)
            }
        }
    }
}

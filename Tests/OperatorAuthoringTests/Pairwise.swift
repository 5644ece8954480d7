import SimpleSubject
import Synchronization

// Written as a user would, with nothing but `import SimpleSubject`: the operator of the DocC
// article "Writing an operator", defined once for the tests that use it.
extension EventSubject where Value: Sendable {
    /// Each value with the one before it.
    func pairwise(file: StaticString = #fileID, line: UInt = #line) -> EventSubject<(Value, Value)> {
        let previous = Mutex<Value?>(nil)
        return derive(into: EventSubject<(Value, Value)>(), file: file, line: line) { value, downstream in
            let before = previous.withLock { last in
                defer { last = value }
                return last
            }
            guard let before else { return downstream.skip() }
            downstream.send((before, value))
        }
    }
}

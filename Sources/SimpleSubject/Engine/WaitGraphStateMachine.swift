/// The `WaitGraph`'s edges: each waiting sender, and how to ask which thread delivers the subject
/// it waits for. A thread waits for one subject at a time.
struct WaitGraphStateMachine {
    /// How to ask which thread delivers a subject now (nil: none does). Library code that reads
    /// atomics, so it may be called under the lock.
    typealias DeliveringThread = () -> ThreadID?

    /// Each waiting sender, and how to ask whom it waits for.
    private(set) var waiting: [ThreadID: DeliveringThread] = [:]

    init() {}

    /// `sender` is about to wait for a subject that `deliverer` delivers now (and
    /// `deliveringThread` tells who delivers later). Returns whether it may: false if the wait
    /// would close a cycle, and then it is not recorded.
    mutating func beginWaiting(_ sender: ThreadID, deliveredBy deliverer: ThreadID,
                               deliveringThread: @escaping DeliveringThread) -> Bool {
        precondition(waiting[sender] == nil, "a thread began to wait while it was waiting")
        var thread: ThreadID? = deliverer
        var steps = 0
        while let current = thread {
            // Back to the sender: a cycle. Longer than the graph: a cycle among others; stay out.
            if current == sender || steps > waiting.count {
                return false
            }
            let next = waiting[current]?()
            thread = next == current ? nil : next  // it has been handed its turn: it waits no more
            steps += 1
        }
        waiting[sender] = deliveringThread
        return true
    }

    /// `sender` waits no more (or never began to: its wait would have closed a cycle). Returns
    /// what it was waiting with, to be released after the lock.
    mutating func endWaiting(_ sender: ThreadID) -> DeliveringThread? {
        waiting.removeValue(forKey: sender)
    }
}

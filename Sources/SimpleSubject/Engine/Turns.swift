extension SubjectBase {
    /// Whose turn it is to call a subject's subscribers, and what waits for that turn: the
    /// ordering of calls that overlap (guarantees 1–3) and its bound (guarantee 8), as a state
    /// machine. The subject changes it under its lock, one event at a time, and does what each
    /// event returns after unlocking (see SubjectBase+Ordering.swift).
    ///
    /// Its one partner outside the lock is the subject's atomic `phase`, which says whether
    /// anyone has the turn: the delivering thread leaves it by a compare-and-swap, without the
    /// lock, when nothing waits. So `deliverer` is meaningful only while `phase` is not idle, and
    /// the machine's states describe only what waits: nothing (`empty`, always so when `phase`
    /// goes idle), or a `Backlog`.
    @usableFromInline struct Turns {
        @usableFromInline enum State {
            /// Nothing waits for the deliverer.
            case empty
            /// Work, first calls or senders wait for the deliverer.
            case backlogged(Backlog)
            /// Only while an event changes the `Backlog` in place, so that its arrays are not
            /// copied.
            case modifying
        }

        /// What waits for the deliverer.
        @usableFromInline struct Backlog {
            /// Work that arrived meanwhile, in order.
            var queue: [Work] = []
            /// First calls of subscribers that joined meanwhile: made before the next work.
            var firstCalls: [FirstCall] = []
            /// Senders waiting for their turn, longest-waiting first, with their gate tickets.
            var waiters: [(thread: ThreadID, ticket: Int)] = []

            @usableFromInline init() {}

            var isEmpty: Bool {
                queue.isEmpty && firstCalls.isEmpty && waiters.isEmpty
            }
        }

        /// What a late sender does with its value.
        @usableFromInline enum Arrival: Equatable {
            /// Nothing more: the deliverer does it.
            case queued
            /// Wait for a turn of its own: the queue is full, or the turn has done enough.
            case full(deliverer: ThreadID)
        }

        /// What the deliverer does next (see `next(hasDelivered:)`).
        enum Next {
            /// Hand the turn to a waiting sender: open its ticket, and return.
            case handOff(Gate, ticket: Int)
            /// Make these first calls, then this work; `waitersRemain`: come back (keep `phase`
            /// queued) to hand off once it is done.
            case work([FirstCall], [Work], waitersRemain: Bool)
        }

        @usableFromInline var state = State.empty
        /// The thread whose turn it is: meaningful while `phase` is not idle.
        @usableFromInline var deliverer: ThreadID = 0
        /// How much of others' work this turn has done: from `queueLimit` on, late senders wait
        /// for a turn of their own rather than queue more.
        @usableFromInline var othersDone = 0
        /// A sender waited `turnWaitMilliseconds` in vain: until the deliverer goes on to its next
        /// piece of work, late senders queue without waiting. (Cleared per piece, not per batch:
        /// a batch that takes long would otherwise let senders queue without limit, and the next
        /// batch take longer still.)
        @usableFromInline var stalled = false
        /// Tickets handed to waiters so far, over every turn: the gate outlives turns.
        var ticketsIssued = 0
        /// Where waiters sleep; made when the first sender waits.
        var gate: Gate?

        @inlinable init() {}

        /// A thread that found `phase` idle takes the turn: three stores, nothing allocated.
        @inlinable
        @inline(__always)
        mutating func begin(by thread: ThreadID) {
            assert(isEmpty, "a turn ended with work or waiters left behind")
            deliverer = thread
            othersDone = 0
            stalled = false
        }

        /// A value (or other work) from `thread` while another call has the turn.
        @usableFromInline mutating func arrive(_ work: Work, from thread: ThreadID) -> Arrival {
            let hasRoom = queueCount < queueLimit && othersDone < queueLimit
            guard hasRoom || stalled || thread == deliverer else {
                return .full(deliverer: deliverer)
            }
            modify { $0.queue.append(work) }
            return .queued
        }

        /// Work that must wait its turn whatever the queue holds: a sender whose wait would close
        /// a cycle, an operator forgetting its replay in order with its values.
        @usableFromInline mutating func queueOverTheLimit(_ work: Work) {
            modify { $0.queue.append(work) }
        }

        /// A subscriber that joined while another call has the turn: its first call comes before
        /// the next work.
        @usableFromInline mutating func addFirstCall(_ call: @escaping FirstCall) {
            modify { $0.firstCalls.append(call) }
        }

        /// The first calls waiting, for a deliverer about to do the next piece of work — which
        /// is progress: a stalled turn's late senders wait again.
        @usableFromInline mutating func takeFirstCalls() -> [FirstCall] {
            stalled = false
            guard case .backlogged(let backlog) = state, !backlog.firstCalls.isEmpty else { return [] }
            return modify { backlog in
                defer { backlog.firstCalls = [] }
                return backlog.firstCalls
            }
        }

        /// A sender that found the queue full waits: returns its ticket.
        mutating func wait(_ thread: ThreadID) -> (gate: Gate, ticket: Int) {
            let gate = self.gate ?? Gate()
            let ticket = ticketsIssued
            self.gate = gate
            ticketsIssued += 1
            modify { $0.waiters.append((thread, ticket)) }
            return (gate, ticket)
        }

        /// A waiter's wait timed out: unless it was handed the turn meanwhile (true: it delivers
        /// after all), it stops waiting, queues `work` over the limit and marks the turn stalled.
        mutating func withdraw(_ thread: ThreadID, queueing work: Work) -> Bool {
            let waiting = modify { backlog in
                guard let index = backlog.waiters.firstIndex(where: { $0.thread == thread }) else { return false }
                backlog.waiters.remove(at: index)
                backlog.queue.append(work)
                return true
            }
            guard waiting else {
                precondition(deliverer == thread, "a waiter left the waiters without being handed the turn")
                return true
            }
            stalled = true
            return false
        }

        /// The deliverer, between pieces of work: hands the turn to the longest-waiting sender once
        /// it has delivered something (`hasDelivered`), or takes what is queued.
        mutating func next(hasDelivered: Bool) -> Next {
            if hasDelivered, case .backlogged(let backlog) = state, let next = backlog.waiters.first {
                modify { _ = $0.waiters.removeFirst() }
                deliverer = next.thread
                othersDone = 0
                return .handOff(gate!, ticket: next.ticket)
            }
            guard case .backlogged(var backlog) = state else {
                return .work([], [], waitersRemain: false)
            }
            state = .modifying
            let batch = backlog.queue
            let firstCalls = backlog.firstCalls
            backlog.queue = []
            backlog.firstCalls = []
            state = backlog.waiters.isEmpty ? .empty : .backlogged(backlog)
            stalled = false
            othersDone += batch.count
            return .work(firstCalls, batch, waitersRemain: !backlog.waiters.isEmpty)
        }

        /// Changes the backlog in place, making one if nothing waited.
        mutating func modify<Result>(_ change: (inout Backlog) -> Result) -> Result {
            var backlog = Backlog()
            switch state {
            case .empty:
                break
            case .backlogged(let current):
                backlog = current
            case .modifying:
                preconditionFailure("an event began while another changed the backlog")
            }
            state = .modifying
            defer { state = backlog.isEmpty ? .empty : .backlogged(backlog) }
            return change(&backlog)
        }

        /// How many pieces of work wait.
        var queueCount: Int {
            guard case .backlogged(let backlog) = state else { return 0 }
            return backlog.queue.count
        }

        /// Whether work waits in the queue.
        @usableFromInline var hasQueuedWork: Bool {
            queueCount > 0
        }

        /// Whether nothing waits for the deliverer.
        @usableFromInline var isEmpty: Bool {
            guard case .empty = state else { return false }
            return true
        }
    }
}

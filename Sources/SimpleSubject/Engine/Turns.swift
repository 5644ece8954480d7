extension SubjectBase {
    /// Whose turn it is to call a subject's subscribers, and what waits for that turn: the
    /// ordering of calls that overlap (guarantees 1–3) and its bound (guarantee 8), as a state
    /// machine. The subject changes it under its lock, one event at a time, and does what each
    /// event returns after unlocking (see SubjectBase+Ordering.swift).
    ///
    /// Its one partner outside the lock is the subject's atomic `phase`, which the delivering
    /// thread leaves by a compare-and-swap, without the lock, when nothing waits: so `delivering`
    /// here is current only while `phase` is not idle, and the next thread to find `phase` idle
    /// begins a new turn over it (`begin`), which finds nothing left behind.
    @usableFromInline struct Turns {
        @usableFromInline enum State {
            /// Nobody has called the subscribers yet.
            case idle
            /// `deliverer` has the turn; what arrived meanwhile waits in `Delivery`.
            case delivering(Delivery)
            /// Only while an event changes a `Delivery` in place, so that its arrays are not
            /// copied.
            case modifying
        }

        /// A turn and what waits for it.
        @usableFromInline struct Delivery {
            /// The thread that calls the subscribers.
            @usableFromInline var deliverer: ThreadID
            /// Work that arrived meanwhile, in order.
            var queue: [Work] = []
            /// First calls of subscribers that joined meanwhile: made before the next work.
            var firstCalls: [FirstCall] = []
            /// How much of others' work this turn has done: from `queueLimit` on, late senders
            /// wait for a turn of their own rather than queue more.
            var othersDone = 0
            /// Senders waiting for their turn, longest-waiting first, with their gate tickets.
            var waiters: [(thread: ThreadID, ticket: Int)] = []
            /// A sender waited `turnWaitMilliseconds` in vain: until the deliverer goes on to its
            /// next piece of work, late senders queue without waiting. (Cleared per piece, not per
            /// batch: a batch that takes long would otherwise let senders queue without limit,
            /// and the next batch take longer still.)
            var stalled = false

            @usableFromInline init(deliverer: ThreadID) {
                self.deliverer = deliverer
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

        @usableFromInline var state = State.idle
        /// Tickets handed to waiters so far, over every turn: the gate outlives turns.
        var ticketsIssued = 0
        /// Where waiters sleep; made when the first sender waits.
        var gate: Gate?

        @inlinable init() {}

        /// A thread that found `phase` idle takes the turn.
        @inlinable
        @inline(__always)
        mutating func begin(by thread: ThreadID) {
            assert(isLeftEmpty, "a turn ended with work or waiters left behind")
            state = .delivering(Delivery(deliverer: thread))
        }

        /// The thread whose turn it is, when one has begun.
        @usableFromInline var deliverer: ThreadID? {
            guard case .delivering(let delivery) = state else { return nil }
            return delivery.deliverer
        }

        /// A value (or other work) from `thread` while another call has the turn.
        @usableFromInline mutating func arrive(_ work: Work, from thread: ThreadID) -> Arrival {
            modify { delivery in
                let hasRoom = delivery.queue.count < queueLimit && delivery.othersDone < queueLimit
                guard hasRoom || delivery.stalled || thread == delivery.deliverer else {
                    return .full(deliverer: delivery.deliverer)
                }
                delivery.queue.append(work)
                return .queued
            }
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
            modify { delivery in
                defer { delivery.firstCalls = [] }
                delivery.stalled = false
                return delivery.firstCalls
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
            modify { delivery in
                guard let index = delivery.waiters.firstIndex(where: { $0.thread == thread }) else {
                    precondition(delivery.deliverer == thread, "a waiter left the waiters without being handed the turn")
                    return true
                }
                delivery.waiters.remove(at: index)
                delivery.queue.append(work)
                delivery.stalled = true
                return false
            }
        }

        /// The deliverer, between pieces of work: hands the turn to the longest-waiting sender once
        /// it has delivered something (`hasDelivered`), or takes what is queued.
        mutating func next(hasDelivered: Bool) -> Next {
            if case .delivering(let delivery) = state, hasDelivered, let next = delivery.waiters.first {
                modify { delivery in
                    delivery.waiters.removeFirst()
                    delivery.deliverer = next.thread
                    delivery.othersDone = 0
                }
                return .handOff(gate!, ticket: next.ticket)
            }
            return modify { delivery in
                let batch = delivery.queue
                let firstCalls = delivery.firstCalls
                delivery.queue = []
                delivery.firstCalls = []
                delivery.stalled = false
                delivery.othersDone += batch.count
                return .work(firstCalls, batch, waitersRemain: !delivery.waiters.isEmpty)
            }
        }

        /// Changes the current `Delivery` in place.
        @inlinable
        @inline(__always)
        mutating func modify<Result>(_ change: (inout Delivery) -> Result) -> Result {
            guard case .delivering(var delivery) = state else {
                preconditionFailure("work arrived for a turn that nobody has")
            }
            state = .modifying
            defer { state = .delivering(delivery) }
            return change(&delivery)
        }

        /// Whether work waits in the queue.
        @usableFromInline var hasQueuedWork: Bool {
            guard case .delivering(let delivery) = state else { return false }
            return !delivery.queue.isEmpty
        }

        /// Whether no turn has begun, or the last one left nothing behind.
        @usableFromInline var isLeftEmpty: Bool {
            switch state {
            case .idle:
                return true
            case .delivering(let delivery):
                return delivery.queue.isEmpty && delivery.firstCalls.isEmpty && delivery.waiters.isEmpty
            case .modifying:
                return false
            }
        }
    }
}

extension SubjectBase {
    /// What waits for the thread whose turn it is to call a subject's subscribers: the ordering
    /// of calls that overlap (guarantees 1–3) and its bound (guarantee 8), as a state machine.
    /// It has a lock of its own, apart from the subject's: late senders take only this one, so
    /// that the delivering thread's per-value lock on the subject is not theirs to contend for
    /// (see SubjectBase+Ordering.swift). The subject changes it one event at a time and does what
    /// each event returns after unlocking.
    ///
    /// Its partners outside the lock are the subject's atomic `phase`, which says whether anyone
    /// has the turn (the delivering thread leaves it by a compare-and-swap, without a lock, when
    /// nothing waits), and its atomic `deliverer`, which a thread that finds `phase` idle sets
    /// under the subject's lock. The machine's states describe only what waits: nothing (`empty`,
    /// always so when `phase` goes idle), or a `Backlog`; its counters belong to one turn
    /// (`owner`) and start again when a new deliverer shows up.
    @usableFromInline struct Turns {
        @usableFromInline enum State {
            /// Nothing waits for the deliverer.
            case empty
            /// Work or senders wait for the deliverer.
            case backlogged(Backlog)
            /// Only while an event changes the `Backlog` in place, so that its arrays are not
            /// copied.
            case modifying
        }

        /// What waits for the deliverer.
        @usableFromInline struct Backlog {
            /// Work that arrived meanwhile, in order.
            @usableFromInline var queue: [Work] = []
            /// Senders waiting for their turn, longest-waiting first, with their gate tickets and
            /// the deliverers' progress when they last looked (see `timedOut`).
            @usableFromInline var waiters: [(thread: ThreadID, ticket: Int, progress: Int)] = []

            @inlinable init() {}

            @inlinable var isEmpty: Bool {
                queue.isEmpty && waiters.isEmpty
            }
        }

        /// What a late sender does with its value.
        @usableFromInline enum Arrival: Equatable {
            /// Nothing more: the deliverer does it.
            case queued
            /// Wait for a turn of its own: the queue is full, or the turn has done enough.
            case full
        }

        /// What a sender whose wait timed out does (see `timedOut`).
        @usableFromInline enum TimeOut: Equatable {
            /// It was handed the turn meanwhile: it delivers after all.
            case takesTurn
            /// The deliverers did queued work meanwhile: the turn is slow in coming, not held up.
            /// Wait again.
            case waitsAgain
            /// Its value is queued over the limit: the deliverer did nothing for the whole wait.
            case queuedOverTheLimit
        }

        /// What the deliverer does next (see `next(hasDelivered:)`).
        @usableFromInline enum Next {
            /// Hand the turn to `thread`, a waiting sender: open its ticket, and return.
            case handOff(to: ThreadID, Gate, ticket: Int)
            /// Do this work; `moreWaits`: work or senders still wait, so come back (keep `phase`
            /// queued) to hand off or take more once it is done.
            case work([Work], moreWaits: Bool)
        }

        @usableFromInline var state = State.empty
        /// The deliverer whose turn the counters below count, and the turn's serial (the
        /// subject's `turnSerial`): a thread's turns, one per `sendNext` that found the subject
        /// idle, are counted one by one — summed, a thread sending in a loop would make another
        /// thread's slow trickle of sends and subscribes wait for seconds.
        @usableFromInline var owner: ThreadID = 0
        @usableFromInline var ownerSerial = 0
        /// How many of others' values this turn has taken: from `queueLimit` on, late senders wait
        /// for a turn of their own rather than queue more.
        @usableFromInline var othersDone = 0
        /// How many first calls this turn has been given by subscribers joining from other
        /// threads: from `queueLimit` on, those wait for a turn of their own.
        @usableFromInline var joinsDone = 0
        /// How many more values may queue over the limit without waiting: a sender that waited
        /// `turnWaitMilliseconds` while the deliverer did nothing grants `queueLimit` (the
        /// deliverer is held up, perhaps by a subscriber waiting for that very sender), so that a
        /// blocked subscriber costs its senders one wait per `queueLimit` values, and the queue
        /// grows by at most that much per wait time (`lastGrant`).
        @usableFromInline var allowance = 0
        /// When an allowance was last granted (monotonic nanoseconds), over every turn: one grant
        /// per `turnWaitMilliseconds` for the subject, however many senders time out — a grant per
        /// sender would let *n* senders queue *n* limits' worth in one stall.
        @usableFromInline var lastGrant: Int?
        /// Tickets handed to waiters so far, over every turn: the gate outlives turns.
        @usableFromInline var ticketsIssued = 0
        /// Where waiters sleep; made when the first sender waits.
        @usableFromInline var gate: Gate?

        @inlinable init() {}

        /// Starts the counters again for a new turn: a hand-off to another thread, or a turn
        /// taken from idle (which does not come through this lock, hence its `serial`).
        @inlinable mutating func count(for deliverer: ThreadID, serial: Int) {
            guard owner != deliverer || ownerSerial != serial else { return }
            owner = deliverer
            ownerSerial = serial
            othersDone = 0
            joinsDone = 0
            allowance = 0
        }

        /// A value (or other work) from `thread` while `deliverer` has the turn. `keepsItsSend`:
        /// the value is a path of a send that `thread` is delivering in a transaction, which must
        /// not become part of the deliverer's (Transaction.swift): it waits for a turn of its own,
        /// as one that finds the queue full does.
        @inlinable mutating func arrive(_ work: Work, from thread: ThreadID, deliverer: ThreadID, serial: Int,
                                        keepsItsSend: Bool = false) -> Arrival {
            count(for: deliverer, serial: serial)
            let hasRoom = !keepsItsSend && queueCount < queueLimit && othersDone < queueLimit
            if !hasRoom && thread != deliverer {
                guard allowance > 0 else { return .full }
                allowance -= 1
            }
            modify { $0.queue.append(work) }
            return .queued
        }

        /// A subscriber from `thread` joined while `deliverer` has the turn: the deliverer makes
        /// its first call. Past a limit's worth of those in one turn, the joiner waits for a turn
        /// of its own, as a late sender does (a first call is queued at once, so the joiner waits
        /// after queueing it): threads subscribing in a loop would otherwise give the deliverer
        /// work without end, and keep one `sendNext` from returning. Counted apart from values,
        /// so that a joiner does not wait because of a flood of values, which is the senders' to
        /// pay for.
        @inlinable mutating func join(from thread: ThreadID, deliverer: ThreadID, serial: Int) -> Arrival {
            count(for: deliverer, serial: serial)
            guard thread != deliverer else { return .queued }
            joinsDone += 1
            guard joinsDone > queueLimit else { return .queued }
            guard allowance > 0 else { return .full }
            allowance -= 1
            return .queued
        }

        /// Work that must wait its turn whatever the queue holds: a sender whose wait would close
        /// a cycle, an operator forgetting its replay in order with its values.
        /// `nil`: a joiner that waited, whose first call is queued with the subject's already.
        @inlinable mutating func queueOverTheLimit(_ work: Work?) {
            guard let work else { return }
            modify { $0.queue.append(work) }
        }

        /// A sender that found the queue full waits: returns its ticket. `progress`: how much
        /// queued work deliverers have done so far (the subject's `progress`).
        @inlinable mutating func wait(_ thread: ThreadID, progress: Int) -> (gate: Gate, ticket: Int) {
            let gate = self.gate ?? Gate()
            let ticket = ticketsIssued
            self.gate = gate
            ticketsIssued += 1
            modify { $0.waiters.append((thread, ticket, progress)) }
            return (gate, ticket)
        }

        /// A waiter's wait timed out, with deliverers' `progress` now, at `now` (monotonic
        /// nanoseconds). Unless it was handed the turn meanwhile, it waits again if queued work
        /// was done since it last looked — a slow subscriber and senders ahead of it, not a
        /// held-up deliverer — and otherwise stops waiting, queues `work` over the limit (a
        /// joiner has none: its first call is queued already) and grants an allowance, unless one
        /// was granted less than `turnWaitMilliseconds` ago.
        @inlinable mutating func timedOut(_ thread: ThreadID, progress: Int, queueing work: Work?, deliverer: ThreadID,
                                          serial: Int, now: Int) -> TimeOut {
            let timeOut = modify { backlog -> TimeOut in
                guard let index = backlog.waiters.firstIndex(where: { $0.thread == thread }) else { return .takesTurn }
                guard backlog.waiters[index].progress == progress else {
                    backlog.waiters[index].progress = progress
                    return .waitsAgain
                }
                backlog.waiters.remove(at: index)
                if let work {
                    backlog.queue.append(work)
                }
                return .queuedOverTheLimit
            }
            switch timeOut {
            case .takesTurn:
                precondition(deliverer == thread, "a waiter left the waiters without being handed the turn")
            case .waitsAgain:
                break
            case .queuedOverTheLimit:
                count(for: deliverer, serial: serial)
                grantAllowance(now: now)
            }
            return timeOut
        }

        /// Lets `queueLimit` more values queue without waiting, at most once per
        /// `turnWaitMilliseconds`.
        @inlinable mutating func grantAllowance(now: Int) {
            if let lastGrant, now - lastGrant < turnWaitMilliseconds * 1_000_000 {
                return
            }
            lastGrant = now
            allowance = queueLimit
        }

        /// The deliverer, between batches: hands the turn to the longest-waiting sender once it
        /// has delivered something (`hasDelivered`), or takes what is queued.
        @inlinable mutating func next(hasDelivered: Bool, deliverer: ThreadID, serial: Int) -> Next {
            count(for: deliverer, serial: serial)
            if hasDelivered, case .backlogged(let backlog) = state, let next = backlog.waiters.first {
                modify { _ = $0.waiters.removeFirst() }
                count(for: next.thread, serial: serial)
                return .handOff(to: next.thread, gate!, ticket: next.ticket)
            }
            guard case .backlogged(var backlog) = state else {
                return .work([], moreWaits: false)
            }
            state = .modifying
            var batch: [Work] = []
            swap(&batch, &backlog.queue)  // moved, not copied
            if batch.count > queueLimit {
                // A limit's worth: what queued over the limit is delivered a batch per turn.
                backlog.queue = Array(batch[queueLimit...])
                batch.removeLast(batch.count - queueLimit)
            }
            state = backlog.isEmpty ? .empty : .backlogged(backlog)
            othersDone += batch.count
            return .work(batch, moreWaits: !backlog.isEmpty)
        }

        /// Changes the backlog in place, making one if nothing waited.
        @inlinable mutating func modify<Result>(_ change: (inout Backlog) -> Result) -> Result {
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
        @inlinable var queueCount: Int {
            guard case .backlogged(let backlog) = state else { return 0 }
            return backlog.queue.count
        }

        /// Whether work waits in the queue.
        @inlinable var hasQueuedWork: Bool {
            queueCount > 0
        }

        /// Whether nothing waits for the deliverer.
        var isEmpty: Bool {
            guard case .empty = state else { return false }
            return true
        }
    }
}

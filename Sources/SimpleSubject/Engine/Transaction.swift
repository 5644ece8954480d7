public import SimpleSubjectRuntime

// Glitch-free delivery (guarantee 11): every send is a transaction.
//
// A value pushes down the graph as it always has: a subject calls its subscribers, an operator
// with one source sends into its target at once. Only an operator with several sources
// (`combineLatest`, `withLatestFrom`) may be reached through several paths of one send, and if
// it computed on the first arrival it would show a state that never existed: `(5, 2)` between
// `(1, 2)` and `(5, 10)`. So while a send is being delivered, such an operator only records what
// arrived and waits (`wait(_:)`); the send that opened the transaction — the outermost delivery
// on this thread — flushes the waiting operators once its value has reached every subscriber,
// lowest `height` first, before it delivers anything else and before its `sendNext` returns.
//
// Why lowest height first is enough: a subject's height is more than that of every subject that
// feeds it (`Feed` sets it, `raiseHeight` keeps it so when a `switchToLatest` follows a deeper
// inner subject). Flushing an operator can only reach operators downstream of it, which are
// higher; so when one is flushed, everything that could still reach it in this send has been
// flushed already, and it computes once, from inputs that are all current. The work is linear in
// the operators reached, where pushing alone doubles with every layer of diamonds.
//
// What a transaction is:
// - it opens when a thread starts delivering a value and none is open on it: a `sendNext` from
//   outside any delivery, or a value the delivering thread takes from a subject's queue — so
//   values sent from other threads, and values a subscriber sends back into a subject that is
//   being delivered (queued, guarantee 3), are transactions of their own, after this one;
// - a send made from inside a delivery to a subject nobody delivers is delivered at once, as
//   always. Into a domain this thread holds, it joins the transaction open on this thread: the
//   operators it reaches compute at the same flush, with everything else this send changed.
//   Into another domain, whose turn it takes, it is a transaction of its own, flushed before
//   that turn is given back (`sendInATransactionOfItsOwn`): so every operator waiting for a
//   flush belongs to a domain this thread holds until then, and no other thread reaches it
//   meanwhile;
// - a subscriber's first call is not part of a send: it runs outside any transaction, so an
//   operator made inside a delivery gets its first value at once, as one made outside does.
//
// The state is per thread (a thread runs one delivery stack at a time), in C thread-local
// storage: Swift has none. Only this thread touches it, so it needs no lock.

/// Opens a transaction on this thread for a delivery of `subject`, unless one is open; returns
/// whether it opened one, which `closeTransaction(openedBy:)` then closes.
@inlinable
@inline(__always)
func openTransaction(by subject: AnyObject) -> Bool {
    let thread = simple_subject_thread_state()
    guard thread.pointee.opener == nil else { return false }
    thread.pointee.opener = UnsafeRawPointer(Unmanaged.passUnretained(subject).toOpaque())
    return true
}

/// If a delivery of `subject` opened the transaction open on this thread: flushes what waits for
/// it, then closes it.
@inlinable
@inline(__always)
func closeTransaction(openedBy subject: AnyObject) {
    let thread = simple_subject_thread_state()
    guard thread.pointee.opener == UnsafeRawPointer(Unmanaged.passUnretained(subject).toOpaque()) else { return }
    if thread.pointee.waiting != nil {
        flushWaiting()
    }
    thread.pointee.opener = nil
}

/// Whether a transaction is open on this thread.
@inlinable
@inline(__always)
func isInTransaction() -> Bool {
    simple_subject_thread_state().pointee.opener != nil
}

/// Whether a transaction is open on this thread, so that `node` must wait for its flush — and if
/// so, adds it to the operators waiting.
@usableFromInline func wait(_ node: WaitingOperator, reachedIn isolation: (any Actor)?) -> Bool {
    let thread = simple_subject_thread_state()
    guard thread.pointee.opener != nil else { return false }
    if thread.pointee.waiting == nil {
        // The thread's spare, kept from its last flush so that a send through a diamond
        // allocates nothing, or a new one, which the thread releases when it exits.
        thread.pointee.waiting = thread.pointee.spare ?? makeWaitingList()
        thread.pointee.spare = nil
    }
    Unmanaged<Waiting>.fromOpaque(thread.pointee.waiting!)._withUnsafeGuaranteedRef {  // the thread holds it
        $0.add(node, reachedIn: isolation)
    }
    return true
}

/// Flushes the waiting operators, lowest first, until none waits. What a flush sends may make
/// more wait (operators downstream); they are flushed in the same loop, before it returns.
@usableFromInline func flushWaiting() {
    let thread = simple_subject_thread_state()
    Unmanaged<Waiting>.fromOpaque(thread.pointee.waiting!)._withUnsafeGuaranteedRef { waiting in  // the thread holds it
        while let entry = waiting.next() {
            entry.node.flush(in: entry.isolation)
        }
    }
    if thread.pointee.spare == nil {
        thread.pointee.spare = thread.pointee.waiting
    } else {
        // A transaction inside another's first call made a second list: one spare is enough.
        Unmanaged<Waiting>.fromOpaque(thread.pointee.waiting!).release()
    }
    thread.pointee.waiting = nil
}

/// A new list of waiting operators, retained for this thread, which releases its spare when it
/// exits (`releaseSpareListAtExit`).
@usableFromInline func makeWaitingList() -> UnsafeMutableRawPointer {
    releaseSpareListAtExit()
    return Unmanaged.passRetained(Waiting()).toOpaque()
}

/// Releases this thread's spare list of waiting operators: it is exiting.
func releaseSpareList() {
    let thread = simple_subject_thread_state()
    guard let spare = thread.pointee.spare else { return }
    thread.pointee.spare = nil
    Unmanaged<Waiting>.fromOpaque(spare).release()
}

/// This thread's spare list, for tests.
func spareListOfThisThread() -> Waiting? {
    simple_subject_thread_state().pointee.spare.map { Unmanaged<Waiting>.fromOpaque($0).takeUnretainedValue() }
}

/// Runs `body` outside any transaction — a subscriber's first call, which is not part of a send —
/// and then puts back the one that was open.
@inlinable
@inline(__always)
func outsideTransaction(_ body: () -> Void) {
    let thread = simple_subject_thread_state()
    guard thread.pointee.opener != nil else { return body() }
    let saved = thread.pointee
    thread.pointee.opener = nil
    thread.pointee.waiting = nil
    body()
    assert(thread.pointee.waiting == nil, "a transaction opened inside a first call was left unflushed")
    thread.pointee.opener = saved.opener
    thread.pointee.waiting = saved.waiting
}

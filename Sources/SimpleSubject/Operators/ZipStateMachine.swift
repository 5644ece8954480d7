/// A `zip`'s values that wait for a partner: before pairing starts (while `zip` is being made,
/// what the sources give at once does not count), then each side's in order. Either side's
/// thread reports its values (`firstArrived`, `secondArrived`); the arrivals' one delivering
/// thread takes the pairs (`takePair`).
struct ZipStateMachine<A, B> {
    private enum State {
        /// `zip` is being made: the sources' current values and replays are not paired.
        case priming
        /// Each side's values that wait for a partner, oldest first.
        case pairing(first: [A], second: [B])
        /// Only inside an event, while it changes the lists: they stay uniquely referenced, so
        /// that they change in place.
        case modifying
    }

    private var state = State.priming

    /// What sources gave until now is not paired; from now on their values wait for partners.
    mutating func startPairing() {
        guard case .priming = state else { preconditionFailure("A zip starts pairing once") }
        state = .pairing(first: [], second: [])
    }

    /// A value of the first side arrived.
    mutating func firstArrived(_ value: A) {
        switch state {
        case .priming:
            break  // not paired: it came while `zip` was being made
        case .pairing(var first, let second):
            state = .modifying
            first.append(value)
            state = .pairing(first: first, second: second)
        case .modifying:
            preconditionFailure("A zip's lists are changed by one event at a time")
        }
    }

    /// A value of the second side arrived.
    mutating func secondArrived(_ value: B) {
        switch state {
        case .priming:
            break  // not paired: it came while `zip` was being made
        case .pairing(let first, var second):
            state = .modifying
            second.append(value)
            state = .pairing(first: first, second: second)
        case .modifying:
            preconditionFailure("A zip's lists are changed by one event at a time")
        }
    }

    /// The oldest value of each side, to send as a pair; `nil` while a side has none.
    mutating func takePair() -> (A, B)? {
        switch state {
        case .priming:
            return nil
        case .pairing(var first, var second):
            guard !first.isEmpty, !second.isEmpty else { return nil }
            state = .modifying
            let pair = (first.removeFirst(), second.removeFirst())
            state = .pairing(first: first, second: second)
            return pair
        case .modifying:
            preconditionFailure("A zip's lists are changed by one event at a time")
        }
    }

    /// How many values of each side wait for a partner.
    var waiting: (first: Int, second: Int) {
        guard case .pairing(let first, let second) = state else { return (0, 0) }
        return (first.count, second.count)
    }
}

/// One side of a `zip`: its values that wait for partners — none before pairing starts (while
/// `zip` is being made, what the sources give at once does not count), then each value in order.
/// The side's source thread reports values (`arrived`); the arrivals' one delivering thread takes
/// them (`takeOldest`), after it has seen that every side has one (`hasValue`).
struct ZipStateMachine<Value> {
    private enum State {
        /// `zip` is being made: the source's current value and replay are not paired.
        case priming
        /// The values that wait for a partner, oldest first.
        case pairing([Value])
        /// Only inside an event, while it changes the list: it stays uniquely referenced, so
        /// that it changes in place.
        case modifying
    }

    private var state = State.priming

    /// What the source gave until now is not paired; from now on its values wait for partners.
    mutating func startPairing() {
        guard case .priming = state else { preconditionFailure("A zip starts pairing once") }
        state = .pairing([])
    }

    /// A value of this side arrived.
    mutating func arrived(_ value: Value) {
        switch state {
        case .priming:
            break  // not paired: it came while `zip` was being made
        case .pairing(var values):
            state = .modifying
            values.append(value)
            state = .pairing(values)
        case .modifying:
            preconditionFailure("A zip side's list is changed by one event at a time")
        }
    }

    /// Whether a value waits for partners.
    var hasValue: Bool {
        waiting > 0
    }

    /// The oldest value, taken for a tuple; only after `hasValue` said there is one.
    mutating func takeOldest() -> Value {
        guard case .pairing(var values) = state, !values.isEmpty else {
            preconditionFailure("A zip side gives a value only when it has one")
        }
        state = .modifying
        let oldest = values.removeFirst()
        state = .pairing(values)
        return oldest
    }

    /// How many values wait for partners.
    var waiting: Int {
        guard case .pairing(let values) = state else { return 0 }
        return values.count
    }
}

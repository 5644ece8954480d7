/// A two-way binding's numbering: each value that starts on one side gets the next number, and
/// each side keeps the value it took last with its number, so that both sides agree on the
/// newest. `First` and `Second` are the two sides' value types; an event names its side by key
/// path (`\.first`, `\.second`). Values an event displaces are returned, to be released once
/// the lock is.
struct BindingStateMachine<First, Second> {
    /// What one side has taken last.
    struct Side<Value> {
        /// The value, and the number it was given; nil before the side took a value.
        fileprivate(set) var latest: (number: Int, value: Value)?
    }

    /// What a side does with a value from its partner.
    enum Arrival<Value> {
        /// Take it; `displaced`, the value it replaces, is released after the lock.
        case take(displaced: Value?)
        /// It is older than what this side took last: send that, `number`, again, so that the
        /// partner takes it too.
        case resend(Value, number: Int)
    }

    /// The number last given to a value.
    private(set) var count = 0
    var first = Side<First>()
    var second = Side<Second>()

    init() {}

    /// A value started on `side`: returns its number, and the value it displaced there.
    mutating func numberOutgoing<Value>(_ value: Value, on side: WritableKeyPath<Self, Side<Value>>)
        -> (number: Int, displaced: Value?) {
        count += 1
        let displaced = self[keyPath: side].latest?.value
        self[keyPath: side].latest = (count, value)
        assertInvariants()
        return (count, displaced)
    }

    /// The partner's value `number` arrived on `side`.
    mutating func arriveFromPartner<Value>(_ value: Value, number: Int, on side: WritableKeyPath<Self, Side<Value>>)
        -> Arrival<Value> {
        guard number <= count else {
            preconditionFailure("a binding's value arrived with a number it has not given")
        }
        if let latest = self[keyPath: side].latest, latest.number > number {
            return .resend(latest.value, number: latest.number)
        }
        let displaced = self[keyPath: side].latest?.value
        self[keyPath: side].latest = (number, value)
        assertInvariants()
        return .take(displaced: displaced)
    }

    /// No side holds a number not given yet.
    private func assertInvariants() {
        assert((first.latest?.number ?? 0) <= count, "a side holds a number not given yet")
        assert((second.latest?.number ?? 0) <= count, "a side holds a number not given yet")
    }
}

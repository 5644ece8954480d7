/// An operator's subscription to one of its sources, with the closure it attaches there: what
/// `Feed.connect` takes.
///
/// The closure is an immutable property of the object a delivery reads anyway (for the cancelled
/// flag), so the delivery calls it through an unretained reference to that object, which the
/// compiler knows nothing can change during the call. Called out of the slot instead, whose
/// memory it cannot know is unchanged by the call, its context would be retained and released
/// around every call: two atomic read-modify-writes a value at every operator stage. It lives as
/// long as its slot does, and so does the closure — what holds an operator (`Feed`, a
/// `TiedSubscription`) holds it weakly, since the closure holds the operator.
///
/// Only operators make them: a subscriber's own `Subscription` is held by the caller, and its
/// closure must not live as long as that.
@usableFromInline final class Subscriber<Value>: Subscription, @unchecked Sendable {
    // @unchecked as `Subscription`: `block` is immutable, and is only called by the thread whose
    // turn it is to deliver.

    /// What the operator does with each value, given the isolation the delivery runs in — the
    /// delivery's own argument, passed on at +0.
    @usableFromInline let block: (Value, _ isolation: (any Actor)?) -> Void

    @usableFromInline init(to host: any SubscriptionHost, file: StaticString, line: UInt,
                           _ block: @escaping (Value, _ isolation: (any Actor)?) -> Void) {
        self.block = block
        super.init(host: host, isOperatorPart: true, file: file, line: line)
    }
}

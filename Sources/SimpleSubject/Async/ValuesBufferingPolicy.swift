/// What one iteration of ``SubjectBase/values`` keeps while its consumer is busy.
///
/// ```swift
/// for await reading in sensor.values(bufferingPolicy: .bufferingNewest(1)) {
///     await upload(reading)   // a slow upload sees only the newest reading
/// }
/// ```
public enum ValuesBufferingPolicy: Sendable, Hashable {
    /// Drops nothing (the default): values wait for the consumer in order, at most 1,024 of them
    /// while it keeps up. Then the thread delivering the subject waits until the consumer takes
    /// one — so a consumer slower than its senders holds them to its pace, and senders to the
    /// subject queue behind that thread, and wait in turn, as a subject's queue makes them. A
    /// wait lasts at most 100 ms, and none happens in the consumer's own task or on its actor
    /// (a loop that sends into the subject it reads): no wait can close a cycle. A wait in which
    /// the consumer took nothing lets values queue without waiting until it takes one — so a
    /// consumer that spends more than 100 ms on a value is not held to its pace.
    case dropsNothing
    /// Keeps the newest `count` values: an arriving value pushes out the oldest waiting one.
    /// Sends never wait. With 0 (or less), only a consumer already waiting gets a value — even a
    /// ``Subject``'s current value, when the iteration starts.
    case bufferingNewest(Int)
    /// Keeps the oldest `count` values: a value that arrives while `count` wait is dropped.
    /// Sends never wait. With 0 (or less), only a consumer already waiting gets a value.
    case bufferingOldest(Int)
}

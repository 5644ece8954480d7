/// What one iteration of ``SubjectBase/values`` keeps while its consumer is busy.
///
/// ```swift
/// for await reading in sensor.values(bufferingPolicy: .bufferingNewest(1)) {
///     await upload(reading)   // a slow upload sees only the newest reading
/// }
/// ```
public enum ValuesBufferingPolicy: Sendable, Hashable {
    /// Drops nothing (the default): values wait for the consumer in order, at most 1,024 of them
    /// while it keeps up. The thread delivering the subject then waits for the consumer to take
    /// half of them — so senders to the subject queue behind it, and wait in turn, as a subject's
    /// queue makes them — but never more than 100 ms at a time, and never when it runs on the
    /// consumer's own actor: a wait cannot close a cycle. A consumer that lets 100 ms pass
    /// without taking a value lets values queue over the bound until it has made room again.
    case dropsNothing
    /// Keeps the newest `count` values: an arriving value pushes out the oldest waiting one.
    /// Sends never wait. With 0, only a consumer already waiting gets a value.
    case bufferingNewest(Int)
    /// Keeps the oldest `count` values: a value that arrives while `count` wait is dropped.
    /// Sends never wait. With 0, only a consumer already waiting gets a value.
    case bufferingOldest(Int)
}

/// What every shape's subscriber does with a value: `sum += x`, as in RxSwift's benchmarks.
///
/// One thread sends and receives in these runs, so the sum needs no lock; the runs check it at
/// the end, which also keeps the optimizer from dropping the work.
final class Tally: @unchecked Sendable {
    var sum = 0

    func add(_ value: Int) { sum &+= value }

    /// Stops the program when a run lost or repeated values.
    func expect(_ expected: Int, _ shape: String) {
        precondition(sum == expected, "\(shape): the subscriber got \(sum), expected \(expected)")
    }
}

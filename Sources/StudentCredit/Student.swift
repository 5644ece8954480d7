import SimpleSubject

/// The seed's `SMStudent`: a student whose credit is a ``SimpleSubject/Subject`` that views
/// subscribe to.
///
/// Every setter returns the student, so a student is built in one chain:
///
/// ```swift
/// let student = Student.create()
///     .name("ming").gender(.male).studentNumber(345)
///     .filterIsASatisfyCredit { $0 >= 70 }
/// student.creditSubject.subscribeNext { print("credit:", $0) }
/// student.addCredit(5)   // credit: 5
/// ```
///
/// The credit never goes below 0 and never overflows: sums stop at `Int.max`.
public final class Student {
    /// The student's name; set it with ``name(_:)``.
    public private(set) var name = ""
    /// The student's gender; set it with ``gender(_:)``.
    public private(set) var gender = Gender.male
    /// The student number; set it with ``studentNumber(_:)``.
    public private(set) var number = 0
    /// The credit, which starts at 0; everything that shows it subscribes here.
    public let creditSubject = Subject(0)
    /// The satisfy block's verdict on the current credit (`false` until a block is set).
    public var isSatisfyCredit: Bool { isSatisfy?(credit) ?? false }
    private var isSatisfy: (@Sendable (Int) -> Bool)?

    /// The current credit: ``creditSubject``'s value.
    public var credit: Int { creditSubject.value }

    /// Creates a student named "" with credit 0, as the seed's `+create` does.
    public static func create() -> Student { Student() }

    private init() {}

    /// Sets the name.
    @discardableResult public func name(_ name: String) -> Student { self.name = name; return self }

    /// Sets the gender.
    @discardableResult public func gender(_ gender: Gender) -> Student { self.gender = gender; return self }

    /// Sets the student number.
    @discardableResult public func studentNumber(_ number: Int) -> Student { self.number = number; return self }

    /// Sets the rule for ``isSatisfyCredit``, which applies it to the current credit each time it
    /// is read — so it always agrees with ``credit``, whichever thread sent the credit. It is
    /// `@Sendable`, so that any thread may read the verdict (a plain rule such as `{ $0 >= 70 }`).
    @discardableResult
    public func filterIsASatisfyCredit(_ isSatisfy: @escaping @Sendable (Int) -> Bool) -> Student {
        self.isSatisfy = isSatisfy
        return self
    }

    /// Computes a new credit from the current one and sends it on ``creditSubject``; a result
    /// below 0 is sent as 0.
    ///
    /// ```swift
    /// student.sendCredit { $0 + 5 }
    /// ```
    ///
    /// Sent from the caller's isolation: a `@MainActor` screen that calls it sees its own
    /// subscribers called before it returns.
    @discardableResult
    public func sendCredit(isolation: isolated (any Actor)? = #isolation, _ update: (Int) -> Int) -> Student {
        creditSubject.sendNext(max(0, update(credit)), isolation: isolation)
        return self
    }

    /// Adds `points` (negative points take credit away, stopping at 0; sums stop at `Int.max`).
    @discardableResult
    public func addCredit(_ points: Int, isolation: isolated (any Actor)? = #isolation) -> Student {
        sendCredit(isolation: isolation) { credit in
            let (sum, overflow) = credit.addingReportingOverflow(points)
            return overflow ? (points > 0 ? .max : 0) : sum
        }
    }
}

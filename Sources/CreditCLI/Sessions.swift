import SimpleSubject
import StudentCredit

/// A student, its view model and the rules, as the command line describes them.
public func makeViewModel(_ options: Options) -> CreditViewModel {
    let student = Student.create()
        .name(options.name).gender(options.gender).studentNumber(options.number)
        .filterIsASatisfyCredit { [passMark = options.policy.passMark] in $0 >= passMark }
    return CreditViewModel(student: student, policy: options.policy, language: options.language)
}

/// Scripted mode without the I/O: feed it lines; it prints one line per change.
///
/// On the main actor, as a screen in an app is: its subscriber is then called at once, on the
/// main thread, by every change the session makes.
@MainActor
public final class ScriptSession {
    /// The student and what its labels show.
    public let viewModel: CreditViewModel
    private let bag = SubscriptionBag()

    /// - Parameters:
    ///   - output: Gets one line (no newline) per change of the credit.
    public init(options: Options, painter: Painter, output: @escaping (String) -> Void) {
        viewModel = makeViewModel(options)
        // Changes only: skip(1) drops the value the student starts with.
        viewModel.display.skip(1).subscribeNext { output(scriptLine($0, painter: painter)) }.store(in: bag)
    }

    /// Carries out one command (`quit` is the caller's to act on). Returns what the user should
    /// be told on stderr, if anything: an `add` that would take the credit past the largest whole
    /// number stops there, and says so.
    @discardableResult
    public func run(_ command: ScriptCommand) -> ScriptError? {
        let student = viewModel.student
        switch command {
        case .add(let points):
            let points = points ?? viewModel.policy.step
            let overflows = student.credit.addingReportingOverflow(points).overflow
            student.addCredit(points)
            guard overflows else { return nil }
            return ScriptError(message: "the credit cannot go above \(Int.max); it stops there")
        case .set(let credit):
            student.sendCredit { _ in credit }
        case .reset:
            student.sendCredit { _ in 0 }
        case .quit:
            break
        }
        return nil
    }
}

/// What a key press in interactive mode means.
public enum KeyAction: Equatable, Sendable {
    /// Space, Enter or `+`: add one step.
    case add
    /// `-`: take one step away (never below 0).
    case takeAway
    /// `r`: back to 0.
    case reset
    /// Quit with this exit status.
    case quit(Int32)
    /// Ctrl-Z: stop until `fg`, as outside raw mode (the terminal's business, not the session's).
    case suspend
    /// A key that does nothing: the screen shows a hint naming it.
    case unknown(String)
}

/// What a single byte typed means (``KeyDecoder`` recognises escape sequences before this).
public func keyAction(for byte: UInt8) -> KeyAction {
    switch byte {
    case UInt8(ascii: " "), UInt8(ascii: "+"), UInt8(ascii: "\r"), UInt8(ascii: "\n"): .add
    case UInt8(ascii: "-"): .takeAway
    case UInt8(ascii: "r"), UInt8(ascii: "R"): .reset
    case UInt8(ascii: "q"), UInt8(ascii: "Q"), 0x1B, 0x04: .quit(0)
    case 0x03: .quit(130)
    case 0x1A: .suspend
    case 0x21...0x7E: .unknown("'\(Character(Unicode.Scalar(byte)))'")
    default: .unknown("")
    }
}

/// Interactive mode without the I/O: feed it keys; it redraws through `write` only when the
/// screen changes.
///
/// On the main actor, as a screen in an app is (see ``ScriptSession``).
@MainActor
public final class InteractiveSession {
    /// The student and what its labels show.
    public let viewModel: CreditViewModel
    private let screen: Screen
    private let write: (String) -> Void
    private let willShow: (CreditDisplay) -> Void
    private let usesCursorControl: Bool
    private var hint: String?
    private var shown: [String]?
    private let bag = SubscriptionBag()
    /// The terminal's width in columns.
    public var width: Int

    /// - Parameters:
    ///   - usesCursorControl: Redraw in place with ANSI cursor movement; otherwise each changed
    ///     screen is written below the last (for `TERM=dumb`).
    ///   - willShow: Gets the state each screen shows just before the screen is written, so that
    ///     whatever keeps it (the ``ExitLine``) is never behind the terminal.
    ///   - write: Gets the text that draws a screen.
    public init(options: Options, painter: Painter, width: Int, usesCursorControl: Bool,
                willShow: @escaping (CreditDisplay) -> Void = { _ in }, write: @escaping (String) -> Void) {
        viewModel = makeViewModel(options)
        screen = Screen(options: options, painter: painter)
        self.width = width
        self.usesCursorControl = usesCursorControl
        self.write = write
        self.willShow = willShow
        viewModel.display.subscribeNext(owner: self) { session, _ in session.redraw() }.store(in: bag)
    }

    /// Acts on a key; returns the exit status when the key quits.
    public func press(_ action: KeyAction) -> Int32? {
        let student = viewModel.student, step = viewModel.policy.step
        switch action {
        case .quit(let status): return status
        case .suspend: return nil
        default: hint = nil
        }
        switch action {
        case .add: student.addCredit(step)
        case .takeAway: student.addCredit(-step)
        case .reset: student.sendCredit { _ in 0 }
        case .unknown(let key): hint = screen.unknownKeyHint(key)
        case .quit, .suspend: break
        }
        redraw()
        return nil
    }

    /// Writes the screen if it differs from what the terminal shows, or always with `force`
    /// (after a resize, the terminal may have reflowed it).
    public func redraw(force: Bool = false) {
        let display = viewModel.display.value
        let lines = screen.lines(for: display, hint: hint, width: width)
        guard force || lines != shown else { return }
        willShow(display)
        if usesCursorControl {
            write("\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\n") + "\u{1B}[J")
        } else {
            write((shown == nil ? "" : "\n") + lines.joined(separator: "\n") + "\n")
        }
        shown = lines
    }
}

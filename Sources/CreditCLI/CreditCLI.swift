import StudentCredit

/// Runs credit-cli with `arguments` (without the program name); returns the exit status.
@MainActor
public func runCreditCLI(arguments: [String]) -> Int32 {
    let environment = Terminal.environment()
    let invocation: Invocation
    do {
        invocation = try parseArguments(arguments, environment: environment)
    } catch {
        Terminal.write("credit-cli: \(error.message)\nTry 'credit-cli --help' for more information.\n", to: 2)
        return 64
    }
    switch invocation {
    case .help:
        Terminal.write(usage)
        return 0
    case .version:
        Terminal.write("credit-cli \(version)\n")
        return 0
    case .graph(let options):
        // The screen's session, made but not run: its subscriptions are part of the picture.
        let session = InteractiveSession(options: options, painter: Painter(isOn: false), width: 80,
                                         usesCursorControl: false, write: { _ in })
        Terminal.write(session.viewModel.student.creditSubject.debugGraph(.dot) + "\n")
        return 0
    case .run(let options):
        let stdoutIsTerminal = Terminal.isTerminal(1)
        let painter = Painter(isOn: options.color.isOn(stdoutIsTerminal: stdoutIsTerminal, environment: environment))
        guard Terminal.isTerminal(0) else { return runScripted(options, painter: painter) }
        let cursorControl = stdoutIsTerminal && environment["TERM"] != "dumb"
        return runInteractive(options, painter: painter, cursorControl: cursorControl)
    }
}

/// Reads keys until one quits; see ``KeyAction``.
@MainActor
private func runInteractive(_ options: Options, painter: Painter, cursorControl: Bool) -> Int32 {
    var session: InteractiveSession?
    let status = Terminal.inRawMode(fullScreen: cursorControl) {
        let screen = InteractiveSession(
            options: options, painter: painter, width: Terminal.width(), usesCursorControl: cursorControl,
            willShow: { ExitLine.set(finalLine($0, options: options, painter: painter)) },
            write: { Terminal.write($0) })
        session = screen
        return readKeys(into: screen)
    }
    // Leave the final state in the scrollback, where the screen was.
    if let session { Terminal.write(finalLine(session.viewModel.display.value, options: options, painter: painter) + "\n") }
    return status
}

/// The line left in the scrollback on the way out: `ming: 35 purple Fail`.
private func finalLine(_ display: CreditDisplay, options: Options, painter: Painter) -> String {
    "\(options.name): \(scriptLine(display, painter: painter))"
}

/// Feeds the keys typed to `screen` until one quits (its status) or input ends (0), and redraws
/// it all when the ``WakePipe`` says so (a resize, a return from a stop).
@MainActor
private func readKeys(into screen: InteractiveSession) -> Int32 {
    var decoder = KeyDecoder()
    var bytes = [UInt8](repeating: 0, count: 256)
    while true {
        var actions: [KeyAction] = []
        switch Terminal.waitForEvent(timeout: decoder.timeout ?? -1) {
        case .redraw?:
            screen.width = Terminal.width()
            screen.redraw(force: true)
        case nil:  // the rest of an escape sequence did not come
            actions = decoder.timedOut().map { [$0] } ?? []
        case .endOfInput?:
            return 0
        case .input?:
            let count = Terminal.read(into: &bytes, count: bytes.count)
            if count == 0 { return 0 }
            actions = bytes[..<count].compactMap { decoder.decode($0) }
        }
        for action in actions {
            if action == .suspend { Terminal.suspend() }  // the redraw comes through the wake-up pipe
            if let status = screen.press(action) { return status }
        }
    }
}

/// Reads commands, one a line, until `quit` or end of input. Bad lines get a message on stderr
/// and change nothing.
@MainActor
private func runScripted(_ options: Options, painter: Painter) -> Int32 {
    let session = ScriptSession(options: options, painter: painter) { Terminal.write($0 + "\n") }
    var reader = LineReader()
    var chunk = [UInt8](repeating: 0, count: 4_096)
    while true {
        let count = Terminal.read(into: &chunk, count: chunk.count)
        let lines = count == 0 ? reader.finish() : reader.feed(chunk[..<count])
        for line in lines {
            switch line.command {
            case .success(.quit): return 0
            case .success(let command): session.run(command)
            case .failure(let error):
                Terminal.write("credit-cli: line \(line.number): \(line.quoted): \(error.message)\n", to: 2)
            }
        }
        if count == 0 { return 0 }
    }
}

import StudentCredit

/// Runs credit-cli with `arguments` (without the program name); returns the exit status: 1 when
/// a read or a write failed (stdout is closed by then, so that a deferred write error counts).
@MainActor
public func runCreditCLI(arguments: [String]) -> Int32 {
    let environment = Terminal.environment()
    let invocation: Invocation
    do {
        invocation = try parseArguments(arguments, environment: environment)
    } catch {
        Terminal.report("\(error.message)\nTry 'credit-cli --help' for more information.")
        return 64
    }
    do {
        let status = try run(invocation, environment: environment)
        try Terminal.closeOutput()
        return status
    } catch {
        Terminal.report(error.message)
        return 1
    }
}

@MainActor
private func run(_ invocation: Invocation, environment: [String: String]) throws(IOError) -> Int32 {
    switch invocation {
    case .help:
        try Terminal.write(usage)
        return 0
    case .version:
        try Terminal.write("credit-cli \(version)\n")
        return 0
    case .graph(let options):
        // The screen's session, made but not run: its subscriptions are part of the picture.
        let session = InteractiveSession(options: options, painter: Painter(isOn: false), width: 80,
                                         usesCursorControl: false, write: { _ in })
        try Terminal.write(session.viewModel.student.creditSubject.debugGraph(.dot) + "\n")
        return 0
    case .run(let options):
        let stdoutIsTerminal = Terminal.isTerminal(1)
        let painter = Painter(isOn: options.color.isOn(stdoutIsTerminal: stdoutIsTerminal, environment: environment))
        guard Terminal.isTerminal(0) else {
            Terminal.quitsByDefault()
            return try runScripted(options, painter: painter)
        }
        let cursorControl = stdoutIsTerminal && environment["TERM"] != "dumb"
        return try runInteractive(options, painter: painter, cursorControl: cursorControl)
    }
}

/// Reads keys until one quits; see ``KeyAction``. A screen that cannot be written (the terminal
/// is gone) ends it with the error, once the terminal is put back as far as it can be.
@MainActor
private func runInteractive(_ options: Options, painter: Painter, cursorControl: Bool) throws(IOError) -> Int32 {
    let output = Output()
    var session: InteractiveSession?
    let status = try Terminal.inRawMode(fullScreen: cursorControl) { () throws(IOError) -> Int32 in
        let screen = InteractiveSession(
            options: options, painter: painter, width: Terminal.width(), usesCursorControl: cursorControl,
            willShow: { ExitLine.set(finalLine($0, options: options, painter: painter)) },
            write: output.write)
        session = screen
        return try readKeys(into: screen, output: output)
    }
    // Leave the final state in the scrollback, where the screen was.
    if let session { output.write(finalLine(session.viewModel.display.value, options: options, painter: painter) + "\n") }
    try output.check()
    return status
}

/// The line left in the scrollback on the way out: `ming: 35 purple Fail`.
private func finalLine(_ display: CreditDisplay, options: Options, painter: Painter) -> String {
    "\(options.name): \(scriptLine(display, painter: painter))"
}

/// Feeds the keys typed to `screen` until one quits (its status) or input ends (0), and redraws
/// it all when the ``WakePipe`` says so (a resize, a return from a stop); throws when `output`
/// failed to take a screen, or reading failed.
@MainActor
private func readKeys(into screen: InteractiveSession, output: Output) throws(IOError) -> Int32 {
    var decoder = KeyDecoder()
    var bytes = [UInt8](repeating: 0, count: 256)
    while true {
        try output.check()
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
            let count = try Terminal.read(into: &bytes, count: bytes.count)
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
/// and change nothing; the first failed read or write ends it with the error.
@MainActor
private func runScripted(_ options: Options, painter: Painter) throws(IOError) -> Int32 {
    let output = Output()
    let session = ScriptSession(options: options, painter: painter) { output.write($0 + "\n") }
    var reader = LineReader()
    var chunk = [UInt8](repeating: 0, count: 4_096)
    while true {
        let count = try Terminal.read(into: &chunk, count: chunk.count)
        let lines = count == 0 ? reader.finish() : reader.feed(chunk[..<count])
        for line in lines {
            switch line.command {
            case .success(.quit): return 0
            case .success(let command):
                if let note = session.run(command) {
                    Terminal.report("line \(line.number): \(line.quoted): \(note.message)")
                }
            case .failure(let error):
                Terminal.report("line \(line.number): \(line.quoted): \(error.message)")
            }
            try output.check()
        }
        if count == 0 { return 0 }
    }
}

import CreditCLI
import StudentCredit
import Testing

@MainActor @Suite struct ScreenTests {
    let plain = Painter(isOn: false)

    @Test(arguments: [("abc", 3), ("学分", 4), ("不合格", 6), ("ming 男", 7), ("", 0), ("é", 1)])
    func chineseCharactersTakeTwoColumns(text: String, width: Int) {
        #expect(displayWidth(text) == width)
    }

    @Test func theScreenShowsTheStudentTheCreditTheStatusAndTheKeys() {
        let screen = Screen(options: Options(), painter: plain)
        let lines = screen.lines(for: CreditDisplay(credit: 35), hint: nil)
        #expect(lines.contains("  Name     ming"))
        #expect(lines.contains("  Gender   male"))
        #expect(lines.contains("  Number   345"))
        #expect(lines.contains("  Credit   35"))
        #expect(lines.contains("  Status   Fail"))
        #expect(lines.contains("space/Enter/+ add 5   - take 5 away   r reset   q quit"))
    }

    @Test func chineseLabelsLineUp() {
        var options = Options()
        options.language = .chinese
        let lines = Screen(options: options, painter: plain).lines(for: CreditDisplay(credit: 70, language: .chinese), hint: nil)
        let rows = lines.filter { $0.hasPrefix("  ") }
        #expect(rows.count == 5)
        // Every value starts in the same terminal column.
        let valueColumns = rows.map { row in
            let label = row.dropFirst(2).prefix(while: { $0 != " " })
            let gap = row.dropFirst(2 + label.count).prefix(while: { $0 == " " })
            return 2 + displayWidth(String(label)) + gap.count
        }
        #expect(Set(valueColumns) == [9])
        #expect(rows.contains("  学分   70"))
        #expect(rows.contains("  状态   合格"))
        #expect(rows.contains("  性别   男"))
    }

    @Test(arguments: [(0, "90", "90"), (29, "90", "90"), (30, "35", "90"), (69, "35", "90"), (70, "31", "31")])
    func colouredCreditAndStatusAtTheThresholds(credit: Int, creditCode: String, statusCode: String) {
        let screen = Screen(options: Options(), painter: Painter(isOn: true))
        let lines = screen.lines(for: CreditDisplay(credit: credit), hint: nil)
        #expect(lines.contains("  Credit   \u{1B}[\(creditCode)m\(credit)\u{1B}[39m"))
        #expect(lines.contains { $0.hasPrefix("  Status   \u{1B}[\(statusCode)m") })
    }

    @Test func aNarrowTerminalCutsLinesInsteadOfWrappingThem() {
        let lines = Screen(options: Options(), painter: plain).lines(for: CreditDisplay(credit: 0), hint: nil, width: 20)
        #expect(lines.allSatisfy { displayWidth($0) < 20 })
    }

    @Test func aKeyThatChangesNothingWritesNothing() {
        var writes: [String] = []
        let session = InteractiveSession(options: Options(), painter: plain, width: 80, usesCursorControl: true) {
            writes.append($0)
        }
        #expect(writes.count == 1)  // the first screen
        #expect(session.press(.takeAway) == nil)  // at 0: nothing changes
        #expect(writes.count == 1)
        #expect(session.press(.add) == nil)
        #expect(writes.count == 2)
        #expect(writes[1].contains("Credit   5"))
        #expect(session.press(.unknown("'x'")) == nil)
        #expect(writes.count == 3)
        #expect(writes[2].contains("Unknown key 'x': press space to add 5, q to quit"))
        #expect(session.press(.unknown("'x'")) == nil)  // the same hint again: same screen
        #expect(writes.count == 3)
        #expect(session.press(.reset) == nil)
        #expect(writes.count == 4)
        #expect(!writes[3].contains("Unknown key"))
        session.redraw(force: true)  // after a resize
        #expect(writes.count == 5)
    }

    @Test(arguments: [
        (UInt8(ascii: " "), KeyAction.add), (UInt8(ascii: "+"), .add), (0x0D, .add), (0x0A, .add),
        (UInt8(ascii: "-"), .takeAway), (UInt8(ascii: "r"), .reset), (UInt8(ascii: "q"), .quit(0)),
        (0x1B, .quit(0)), (0x04, .quit(0)), (0x03, .quit(130)), (0x1A, .suspend), (UInt8(ascii: "x"), .unknown("'x'")),
        (0xE4, .unknown("")), (0x00, .unknown("")),
    ])
    func keys(byte: UInt8, action: KeyAction) {
        #expect(keyAction(for: byte) == action)
    }

    @Test func theStateIsHandedOnBeforeTheScreenShowingItIsWritten() {
        var events: [String] = []
        let session = InteractiveSession(
            options: Options(), painter: plain, width: 80, usesCursorControl: true,
            willShow: { events.append("will show \($0.creditText)") }, write: { _ in events.append("write") })
        _ = session.press(.add)
        _ = session.press(.takeAway)
        _ = session.press(.takeAway)  // at 0: nothing to show
        #expect(events == ["will show 0", "write", "will show 5", "write", "will show 0", "write"])
    }

    @Test func quittingReturnsItsStatus() {
        let session = InteractiveSession(options: Options(), painter: plain, width: 80, usesCursorControl: false) { _ in }
        #expect(session.press(.quit(130)) == 130)
    }
}

import CreditCLI
import Testing

@Suite struct KeyDecoderTests {
    /// What each byte of `text`, fed one at a time, completes.
    func decode(_ text: String, with decoder: inout KeyDecoder) -> [KeyAction?] {
        text.utf8.map { decoder.decode($0) }
    }

    @Test func plainKeysAreKeysAtOnce() {
        var decoder = KeyDecoder()
        #expect(decode(" -rq", with: &decoder) == [.add, .takeAway, .reset, .quit(0)])
        #expect(decoder.timeout == nil)
    }

    @Test func aControlSequenceOfAnyLengthIsOneKey() {
        var decoder = KeyDecoder()
        let sequence = "\u{1B}[" + Array(repeating: "1", count: 500).joined(separator: ";") + " q"
        let actions = decode(sequence, with: &decoder)
        #expect(actions.dropLast().allSatisfy { $0 == nil })
        #expect(actions.last == .unknown(""))
        #expect(decode("+", with: &decoder) == [.add])
    }

    @Test func aSequenceSplitAcrossReadsIsStillOneKey() {
        var decoder = KeyDecoder()
        #expect(decode("\u{1B}[1;5", with: &decoder) == [nil, nil, nil, nil, nil])
        #expect(decoder.timeout == KeyDecoder.sequenceTimeout)
        #expect(decode("A ", with: &decoder) == [.unknown(""), .add])
    }

    @Test func ss3AndAltKeysAreOneKey() {
        var decoder = KeyDecoder()
        #expect(decode("\u{1B}OA", with: &decoder) == [nil, nil, .unknown("")])
        #expect(decode("\u{1B}q", with: &decoder) == [nil, .unknown("")])
    }

    @Test func aLoneEscQuitsOnceNothingFollowsInTime() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(0x1B) == nil)
        #expect(decoder.timeout == KeyDecoder.escapeTimeout)
        #expect(decoder.timedOut() == .quit(0))
        #expect(decoder.timeout == nil)
    }

    @Test func aSequenceCutShortIsOneUnknownKey() {
        var decoder = KeyDecoder()
        #expect(decode("\u{1B}[12", with: &decoder) == [nil, nil, nil, nil])
        #expect(decoder.timedOut() == .unknown(""))
        #expect(decode("q", with: &decoder) == [.quit(0)])
    }

    @Test func aControlByteInsideASequenceIsTheKeyItIs() {
        var decoder = KeyDecoder()
        #expect(decode("\u{1B}[12\u{03}", with: &decoder) == [nil, nil, nil, nil, .quit(130)])
        #expect(decode("\u{1B}[1\u{1B}[A", with: &decoder) == [nil, nil, nil, nil, nil, .unknown("")])
    }
}

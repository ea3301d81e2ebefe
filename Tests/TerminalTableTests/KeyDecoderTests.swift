import Testing

@testable import TerminalTable

/// A byte sequence and the keys it must decode to, however it is split.
struct DecoderCase: Sendable, CustomStringConvertible {
    let bytes: [UInt8]
    let keys: [Key]
    init(_ text: String, _ keys: [Key]) {
        self.bytes = Array(text.utf8)
        self.keys = keys
    }
    init(bytes: [UInt8], _ keys: [Key]) {
        self.bytes = bytes
        self.keys = keys
    }
    var description: String { bytes.map { String($0, radix: 16) }.joined(separator: " ") }
}

let decoderCases: [DecoderCase] = [
    DecoderCase("\u{1B}[A", [.up]),
    DecoderCase("\u{1B}[B", [.down]),
    DecoderCase("\u{1B}[C", [.right]),
    DecoderCase("\u{1B}[D", [.left]),
    DecoderCase("\u{1B}OA", [.up]),
    DecoderCase("\u{1B}OB", [.down]),
    DecoderCase("\u{1B}OC", [.right]),
    DecoderCase("\u{1B}OD", [.left]),
    DecoderCase("\u{1B}OH", [.home]),
    DecoderCase("\u{1B}OF", [.end]),
    DecoderCase("\u{1B}[H", [.home]),
    DecoderCase("\u{1B}[F", [.end]),
    DecoderCase("\u{1B}[1~", [.home]),
    DecoderCase("\u{1B}[7~", [.home]),
    DecoderCase("\u{1B}[4~", [.end]),
    DecoderCase("\u{1B}[8~", [.end]),
    DecoderCase("\u{1B}[5~", [.pageUp]),
    DecoderCase("\u{1B}[6~", [.pageDown]),
    DecoderCase("\u{1B}[1;5A", [.up]),
    DecoderCase("\u{1B}[1;2B", [.down]),
    DecoderCase("\u{1B}[5;5~", [.pageUp]),
    DecoderCase("\u{1B}[3~", [.delete]),
    DecoderCase("\u{1B}[15~", [.unknown]),
    DecoderCase("\u{1B}OP", [.unknown]),
    DecoderCase("\u{1B}[<64;10;5M", [.mouseWheelUp(row: 4, column: 9)]),
    DecoderCase("\u{1B}[<65;1;1M", [.mouseWheelDown(row: 0, column: 0)]),
    DecoderCase("\u{1B}[<0;120;40M", [.mouseClick(row: 39, column: 119)]),
    DecoderCase("\u{1B}[<0;3;4m", []),  // release
    DecoderCase("\u{1B}[<32;3;4M", []),  // drag
    DecoderCase("\u{1B}[<2;3;4M", []),  // right button
    DecoderCase("\u{1B}[<80;3;4M", [.mouseWheelUp(row: 3, column: 2)]),  // wheel + ctrl
    DecoderCase(bytes: [0x1B, 0x5B, 0x4D, 32, 33 + 4, 33 + 2], [.mouseClick(row: 2, column: 4)]),  // X10
    DecoderCase(bytes: [0x1B, 0x5B, 0x4D, 96, 33, 33], [.mouseWheelUp(row: 0, column: 0)]),
    DecoderCase("abc", [.char("a"), .char("b"), .char("c")]),
    DecoderCase("é", [.char("é")]),
    DecoderCase("東京", [.char("東"), .char("京")]),
    DecoderCase("😀", [.char("😀")]),
    DecoderCase("x😀y", [.char("x"), .char("😀"), .char("y")]),
    DecoderCase("\u{3}", [.ctrl("c")]),
    DecoderCase("\u{1}\u{1A}", [.ctrl("a"), .ctrl("z")]),
    DecoderCase("\r", [.enter]),
    DecoderCase("\n", [.enter]),
    DecoderCase("\t", [.tab]),
    DecoderCase("\u{7F}", [.backspace]),
    DecoderCase("\u{8}", [.backspace]),
    DecoderCase("\u{1B}[A\u{1B}[B", [.up, .down]),
    DecoderCase("j\u{1B}[6~k", [.char("j"), .pageDown, .char("k")]),
    DecoderCase("\u{1B}[<64;10;5M\u{1B}[<65;10;5M", [.mouseWheelUp(row: 4, column: 9), .mouseWheelDown(row: 4, column: 9)]),
    DecoderCase("\u{1B}\u{1B}[A", [.escape, .up]),
    DecoderCase("\u{1B}x", [.escape, .char("x")]),
    DecoderCase("q\u{1B}OBé\r", [.char("q"), .down, .char("é"), .enter]),
    // Late replies to TerminalProbe are no keys.
    DecoderCase("\u{1B}P>|kitty(0.26.5)\u{1B}\\q", [.char("q")]),
    DecoderCase("x\u{1B}_Gi=31;OK\u{1B}\\y", [.char("x"), .char("y")]),
    DecoderCase("\u{1B}[?64;1;2;6;8;9;15;17;18;21;22;28cj", [.char("j")]),
    DecoderCase("\u{1B}[6;20;10t\u{1B}[A", [.up]),
    // Alt+P and Alt+_ still decode as Escape and the letter.
    DecoderCase("\u{1B}Px", [.escape, .char("P"), .char("x")]),
    DecoderCase("\u{1B}_\u{1B}[B", [.escape, .char("_"), .down]),
]

@Suite struct KeyDecoderTests {
    @Test(arguments: decoderCases)
    func wholeSequence(_ testCase: DecoderCase) {
        var decoder = KeyDecoder()
        #expect(decoder.feed(testCase.bytes) == testCase.keys)
        #expect(!decoder.hasPendingInput)
    }

    @Test(arguments: decoderCases)
    func splitAtEveryBoundary(_ testCase: DecoderCase) {
        for split in 0...testCase.bytes.count {
            var decoder = KeyDecoder()
            let keys = decoder.feed(Array(testCase.bytes[..<split])) + decoder.feed(Array(testCase.bytes[split...]))
            #expect(keys == testCase.keys, "split at \(split)")
        }
    }

    @Test(arguments: decoderCases)
    func oneByteAtATime(_ testCase: DecoderCase) {
        var decoder = KeyDecoder()
        var keys: [Key] = []
        for byte in testCase.bytes { keys += decoder.feed([byte]) }
        #expect(keys == testCase.keys)
    }

    @Test(arguments: decoderCases)
    func splitIntoThreePieces(_ testCase: DecoderCase) {
        let count = testCase.bytes.count
        guard count >= 2 else { return }
        for first in 0...count {
            for second in first...count {
                var decoder = KeyDecoder()
                let keys =
                    decoder.feed(Array(testCase.bytes[..<first]))
                    + decoder.feed(Array(testCase.bytes[first..<second]))
                    + decoder.feed(Array(testCase.bytes[second...]))
                #expect(keys == testCase.keys, "split at \(first), \(second)")
            }
        }
    }

    @Test func loneEscapeWaitsForFlush() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([esc]) == [])
        #expect(decoder.hasPendingInput)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.hasPendingInput)
        #expect(decoder.flush() == [])
    }

    @Test func altPWaitsForFlushLikeEscape() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(bytes("\u{1B}P")) == [])
        #expect(decoder.hasPendingInput)
        #expect(decoder.flush() == [.escape, .char("P")])
        #expect(!decoder.hasPendingInput)
    }

    @Test func replyCutShortIsDroppedOnFlush() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(bytes("\u{1B}P>|tmux 3")) == [])
        #expect(decoder.flush() == [])
        #expect(decoder.feed(bytes("a")) == [.char("a")])
    }

    @Test func escapeThenLaterSequenceAfterFlush() {
        var decoder = KeyDecoder()
        _ = decoder.feed([esc])
        #expect(decoder.flush() == [.escape])
        #expect(decoder.feed(bytes("\u{1B}[A")) == [.up])
    }

    @Test func incompleteSequenceFlushesAsUnknown() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(bytes("\u{1B}[1;")) == [])
        #expect(decoder.flush() == [.unknown])
        #expect(decoder.feed(bytes("a")) == [.char("a")])
    }

    @Test func utf8SplitAcrossFeeds() {
        var decoder = KeyDecoder()
        let euro = Array("€".utf8)  // E2 82 AC
        #expect(decoder.feed([euro[0]]) == [])
        #expect(decoder.feed([euro[1]]) == [])
        #expect(decoder.feed([euro[2]]) == [.char("€")])
    }

    @Test func brokenUTF8RecoversOnNextCharacter() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0xE2, 0x82, 0x61]) == [.unknown, .char("a")])
        #expect(decoder.feed([0x80]) == [.unknown])
        #expect(decoder.feed([0xFF, 0x62]) == [.unknown, .char("b")])
    }

    @Test func controlByteInsideCSIAbortsSequence() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(bytes("\u{1B}[1\r")) == [.unknown, .enter])
    }

    @Test func overlongCSIIsDropped() {
        var decoder = KeyDecoder()
        let garbage = "\u{1B}[" + String(repeating: "1", count: 40)
        let keys = decoder.feed(bytes(garbage))
        #expect(keys.first == .unknown)
        #expect(decoder.feed(bytes("x")).last == .char("x"))
    }

    @Test func hugeMouseCoordinatesDoNotCrash() {
        var decoder = KeyDecoder()
        let keys = decoder.feed(bytes("\u{1B}[<0;99999999999999999999;5M"))
        #expect(keys.count == 1)
    }

    @Test func allControlLetters() {
        var decoder = KeyDecoder()
        for byte in UInt8(1)...26 where ![8, 9, 10, 13].contains(byte) {
            let expected = Character(Unicode.Scalar(byte + 0x60))
            #expect(decoder.feed([byte]) == [.ctrl(expected)])
        }
    }
}

import Testing

@testable import TerminalTable

/// A terminal's replies and what the parser must read from them.
struct ReplyCase: Sendable, CustomStringConvertible {
    let name: String
    let text: String
    let expected: ProbeReplies
    var description: String { name }
}

let replyCases: [ReplyCase] = [
    ReplyCase(
        name: "kitty 0.26.5", text: RealReplies.kitty0265,
        expected: ProbeReplies(
            terminalVersion: TerminalVersion("kitty(0.26.5)"), deviceAttributes: [62], kittyGraphics: true,
            cellSize: PixelSize(width: 8, height: 17), textAreaPixels: PixelSize(width: 1280, height: 816),
            textAreaCells: TerminalSize(width: 160, height: 48))),
    ReplyCase(
        name: "xterm -ti vt340", text: RealReplies.xtermVT340,
        expected: ProbeReplies(
            terminalVersion: TerminalVersion("XTerm(390)"), deviceAttributes: [63, 1, 2, 3, 4, 6, 8, 9, 15, 17, 22, 28],
            cellSize: PixelSize(width: 6, height: 13))),
    ReplyCase(
        name: "WezTerm", text: RealReplies.wezterm,
        expected: ProbeReplies(
            terminalVersion: TerminalVersion("WezTerm 20240203-110809-5046fc22"), deviceAttributes: [65, 4, 6, 18, 22], kittyGraphics: true,
            cellSize: PixelSize(width: 11, height: 22), textAreaPixels: PixelSize(width: 1760, height: 1056),
            textAreaCells: TerminalSize(width: 160, height: 48))),
    ReplyCase(
        name: "tmux 3.4 with passthrough", text: RealReplies.tmux34KittyPassthrough,
        expected: ProbeReplies(
            terminalVersion: TerminalVersion("tmux 3.4"), deviceAttributes: [1, 2, 4], kittyGraphics: true,
            cellSize: PixelSize(width: 10, height: 20), textAreaPixels: PixelSize(width: 1600, height: 940),
            textAreaCells: TerminalSize(width: 160, height: 47))),
    ReplyCase(name: "Linux console", text: RealReplies.linuxConsole, expected: ProbeReplies(deviceAttributes: [6])),
]

@Suite struct ProbeReplyParserTests {
    @Test(arguments: replyCases)
    func readsRealReplies(_ testCase: ReplyCase) {
        var parser = ProbeReplyParser()
        #expect(parser.feed(Array(testCase.text.utf8)) == [])
        #expect(parser.isComplete)
        #expect(!parser.hasPendingInput)
        #expect(parser.replies == testCase.expected)
    }

    @Test(arguments: replyCases)
    func splitAtEveryByte(_ testCase: ReplyCase) {
        let bytes = Array(testCase.text.utf8)
        for split in 0...bytes.count {
            var parser = ProbeReplyParser()
            let other = parser.feed(Array(bytes[..<split])) + parser.feed(Array(bytes[split...]))
            #expect(other == [], "split at \(split)")
            #expect(parser.replies == testCase.expected, "split at \(split)")
        }
        var parser = ProbeReplyParser()
        for byte in bytes { #expect(parser.feed([byte]) == []) }
        #expect(parser.replies == testCase.expected)
    }

    @Test func keysTypedMeanwhileComeBackIntact() {
        // Letters, an arrow, a mouse click, UTF-8, Enter and Alt+P between the replies.
        let keys = ["j", "\u{1B}[A", "\u{1B}[<0;3;4M", "é", "\r", "\u{1B}Px", "\u{1B}[6~", "\u{1B}[4~", "q"]
        let replies = [
            "\u{1B}P>|foot(1.16.2)\u{1B}\\", "\u{1B}_Gi=31;OK\u{1B}\\", "\u{1B}[6;20;10t", "\u{1B}[4;960;1600t", "\u{1B}[8;48;160t",
            "\u{1B}[?62;4;22c",
        ]
        var text = ""
        for index in 0..<max(keys.count, replies.count) {
            if index < keys.count { text += keys[index] }
            if index < replies.count { text += replies[index] }
        }
        let bytes = Array(text.utf8)
        let typed = Array(keys.joined().utf8)
        for split in 0...bytes.count {
            var parser = ProbeReplyParser()
            let other = parser.feed(Array(bytes[..<split])) + parser.feed(Array(bytes[split...])) + parser.finish()
            #expect(other == typed, "split at \(split)")
            #expect(parser.replies.terminalVersion == TerminalVersion("foot(1.16.2)"), "split at \(split)")
            #expect(parser.replies.deviceAttributes == [62, 4, 22])
            #expect(parser.replies.kittyGraphics == true)
            #expect(parser.replies.cellPixelSize == PixelSize(width: 10, height: 20))
        }
    }

    @Test func altKeysThatLookLikeAStartAreGivenBack() {
        var parser = ProbeReplyParser()
        #expect(parser.feed(Array("\u{1B}P".utf8)) == [])
        #expect(parser.hasPendingInput)
        #expect(parser.finish() == Array("\u{1B}P".utf8))
        #expect(parser.feed(Array("\u{1B}_x\u{1B}P>x".utf8)) == Array("\u{1B}_x\u{1B}P>x".utf8))
        #expect(parser.feed(Array("\u{1B}\u{1B}[B".utf8)) == Array("\u{1B}\u{1B}[B".utf8))
        #expect(parser.replies.isEmpty)
    }

    @Test func anUnmistakableReplyCutShortIsDropped() {
        var parser = ProbeReplyParser()
        #expect(parser.feed(Array("\u{1B}P>|kit".utf8)) == [])
        #expect(parser.finish() == [])
        // A reply whose terminator went missing: the next sequence still counts.
        #expect(parser.feed(Array("\u{1B}P>|kitty\u{1B}[A".utf8)) == Array("\u{1B}[A".utf8))
        #expect(parser.feed(Array("\u{1B}_Gi=31;OK\rk".utf8)) == Array("\rk".utf8))
    }

    @Test func belEndsAReplyToo() {
        var parser = ProbeReplyParser()
        #expect(parser.feed(Array("\u{1B}P>|WezTerm 20240203\u{07}x".utf8)) == [UInt8(ascii: "x")])
        #expect(parser.replies.terminalVersion?.name == "WezTerm")
    }

    @Test func kittyErrorsAndOtherIdsAreNoSupport() {
        var parser = ProbeReplyParser()
        _ = parser.feed(Array("\u{1B}_Gi=7;OK\u{1B}\\".utf8))
        #expect(parser.replies.kittyGraphics == nil, "another program's image")
        _ = parser.feed(Array("\u{1B}_Gi=31;ENOTSUPPORTED:no direct transmission\u{1B}\\".utf8))
        #expect(parser.replies.kittyGraphics == false)
    }

    @Test func lateRepliesAreStripped() {
        let late = "j\u{1B}P>|tmux 3.4\u{1B}\\k\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?1;2;4cl\u{1B}[6;20;10t\u{1B}[Dm"
        #expect(ProbeReplyParser.strippingReplies(from: Array(late.utf8)) == Array("jkl\u{1B}[Dm".utf8))
        #expect(ProbeReplyParser.strippingReplies(from: Array("\u{1B}".utf8)) == [0x1B])
    }

    @Test func otherSequencesAreNotHeld() {
        // Keys come back as soon as they cannot be replies, not when they end.
        var parser = ProbeReplyParser()
        #expect(parser.feed(Array("\u{1B}[<0;99999".utf8)) == Array("\u{1B}[<0;99999".utf8))
        #expect(!parser.hasPendingInput)
        #expect(parser.feed(Array("\u{1B}[1".utf8)) == Array("\u{1B}[1".utf8))
        #expect(parser.feed(Array("\u{1B}[6".utf8)) == [])
        #expect(parser.feed(Array("~".utf8)) == Array("\u{1B}[6~".utf8))
        // Only the three size reports end in `t`.
        #expect(parser.feed(Array("\u{1B}[5;1;2t".utf8)) == Array("\u{1B}[5;1;2t".utf8))
    }

    @Test func cellSizeComesFromTheTextAreaWhenNotReported() {
        let replies = RealReplies.replies("\u{1B}[4;960;1600t\u{1B}[8;48;160t\u{1B}[?62c")
        #expect(replies.cellSize == nil)
        #expect(replies.cellPixelSize == PixelSize(width: 10, height: 20))
        // tmux reports 0 × 0 when its outer terminal never told it.
        #expect(RealReplies.replies("\u{1B}[6;0;0t\u{1B}[4;0;0t\u{1B}[8;24;80t\u{1B}[?1;2c").cellPixelSize == nil)
    }

    @Test func sixelIsAttributeFourAfterTheClass() {
        #expect(RealReplies.replies(RealReplies.xtermVT340).hasSixel)
        #expect(RealReplies.replies(RealReplies.tmux34).hasSixel)
        #expect(!RealReplies.replies(RealReplies.xterm).hasSixel)
        #expect(!RealReplies.replies("\u{1B}[?4;6c").hasSixel, "a VT132, not sixel")
        #expect(!ProbeReplies().hasSixel)
    }

    @Test func queryAsksEverythingWithDeviceAttributesLast() {
        let plain = String(decoding: TerminalProbe.query(inTmux: false), as: UTF8.self)
        #expect(plain == "\u{1B}[>0q\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[16t\u{1B}[14t\u{1B}[18t\u{1B}[c")
        let tmux = String(decoding: TerminalProbe.query(environment: ["TMUX": "/tmp/tmux-1000/default,1,0"]), as: UTF8.self)
        #expect(tmux.contains("\u{1B}Ptmux;\u{1B}\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\u{1B}\\\u{1B}\\"))
        #expect(tmux.hasSuffix("\u{1B}[c"))
        let console = String(decoding: TerminalProbe.query(environment: ["TERM": "linux"]), as: UTF8.self)
        #expect(!console.contains("\u{1B}_G"))
        #expect(console.hasSuffix("\u{1B}[c"))
    }
}

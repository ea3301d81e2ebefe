import Testing

@testable import TerminalTable

/// One row of the decision table: a terminal (its environment and replies), and what must
/// be chosen for it.
struct ChoiceCase: Sendable, CustomStringConvertible {
    var name: String
    var environment: [String: String]
    var replies: String
    var tmuxVersion: String?
    var tmuxClient: String?
    var override: ImageProtocol?
    var expected: ImageProtocol
    var passthrough = false
    /// Words the reasons must contain.
    var because: String
    var description: String { name }
}

private let insideTmux = ["TMUX": "/tmp/tmux-1000/default,4242,0", "TERM": "tmux-256color", "TERM_PROGRAM": "tmux"]

let choiceCases: [ChoiceCase] = [
    ChoiceCase(
        name: "kitty 0.26.5", environment: ["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"], replies: RealReplies.kitty0265,
        expected: .kittyDirect,
        because: "XTVERSION says kitty(0.26.5): no Unicode placeholders before 0.28 → kitty graphics, direct placement"),
    ChoiceCase(
        name: "kitty 0.35", environment: ["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"], replies: RealReplies.kitty035, expected: .kitty,
        because: "kitty(0.35.2): Unicode placeholders since 0.28"),
    ChoiceCase(
        name: "kitty over ssh (TERM lost)", environment: ["TERM": "xterm-256color"], replies: RealReplies.kitty0265, expected: .kittyDirect,
        because: "XTVERSION says kitty(0.26.5)"),
    ChoiceCase(
        name: "Ghostty", environment: ["TERM": "xterm-ghostty", "TERM_PROGRAM": "ghostty"], replies: RealReplies.ghostty, expected: .kitty,
        because: "Ghostty draws Unicode placeholders"),
    ChoiceCase(
        name: "WezTerm", environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"], replies: RealReplies.wezterm, expected: .iterm,
        because: "its kitty graphics have no Unicode placeholders"),
    ChoiceCase(
        name: "iTerm2", environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"], replies: RealReplies.iTerm2, expected: .iterm,
        because: "XTVERSION says iTerm2 3.5.0 → iTerm2 inline images"),
    ChoiceCase(
        name: "iTerm2 over ssh, probe timed out", environment: ["TERM": "xterm-256color", "LC_TERMINAL": "iTerm2"], replies: "",
        expected: .iterm, because: "LC_TERMINAL=iTerm2"),
    ChoiceCase(
        name: "xterm -ti vt340", environment: ["TERM": "xterm"], replies: RealReplies.xtermVT340, expected: .sixel,
        because: "DA1 lists 4: sixel; cells are 6×13 px"),
    ChoiceCase(
        name: "xterm without sixel", environment: ["TERM": "xterm"], replies: RealReplies.xterm, expected: .halfBlocks,
        because: "DA1 lacks 4: no sixel (XTerm has it when started with -ti vt340)"),
    ChoiceCase(
        name: "mlterm", environment: ["TERM": "mlterm"], replies: RealReplies.mlterm, expected: .sixel,
        because: "mlterm(3.9.3); DA1 lists 4"),
    ChoiceCase(
        name: "foot", environment: ["TERM": "foot"], replies: RealReplies.foot, expected: .sixel, because: "foot(1.16.2); DA1 lists 4"),
    ChoiceCase(
        name: "foot, probe timed out (no cell size)", environment: ["TERM": "foot"], replies: "", expected: .halfBlocks,
        because: "sixel needs the cell size in pixels"),
    ChoiceCase(
        name: "tmux 3.3a around foot", environment: insideTmux.merging(["TERM_PROGRAM_VERSION": "3.3a"]) { $1 },
        replies: RealReplies.tmux33a,
        tmuxClient: "foot(1.16.2)\t256,RGB,clipboard,sixel,sync", expected: .halfBlocks,
        because: "tmux 3.3a draws no sixel (3.4 and later do)"
    ),
    ChoiceCase(
        name: "tmux 3.4 around foot", environment: insideTmux.merging(["TERM_PROGRAM_VERSION": "3.4"]) { $1 }, replies: RealReplies.tmux34,
        tmuxVersion: "tmux 3.4", tmuxClient: "foot(1.16.2)\t256,RGB,clipboard,sixel,sync", expected: .sixel,
        because: "tmux 3.4 draws sixel itself on a terminal that has it; cells are 10×20 px"),
    ChoiceCase(
        name: "tmux 3.4 around foot, client not asked", environment: insideTmux, replies: RealReplies.tmux34, expected: .halfBlocks,
        because: "whether the terminal outside draws sixel is unknown"),
    ChoiceCase(
        name: "tmux 3.4 built without sixel", environment: insideTmux, replies: RealReplies.tmux34WithoutSixel,
        tmuxClient: "foot(1.16.2)\tsixel", expected: .halfBlocks, because: "built without sixel"),
    ChoiceCase(
        name: "tmux 3.4 around a terminal without sixel", environment: insideTmux, replies: RealReplies.tmux34,
        tmuxClient: "XTerm(390)\t256,RGB,title", expected: .halfBlocks, because: "tmux found no sixel in the terminal outside"),
    ChoiceCase(
        name: "tmux around kitty, passthrough allowed", environment: insideTmux.merging(["KITTY_WINDOW_ID": "3"]) { $1 },
        replies: RealReplies.tmux34KittyPassthrough, expected: .kitty, passthrough: true,
        because: "the kitty query came back through tmux, so allow-passthrough is on"),
    ChoiceCase(
        name: "tmux around kitty, passthrough off", environment: insideTmux.merging(["KITTY_WINDOW_ID": "3"]) { $1 },
        replies: RealReplies.tmux34,
        expected: .halfBlocks, because: "allow-passthrough is off (set -g allow-passthrough on)"),
    ChoiceCase(
        name: "tmux around kitty 0.26.5", environment: insideTmux, replies: RealReplies.tmux34KittyPassthrough,
        tmuxClient: "kitty(0.26.5)\t256,RGB", expected: .halfBlocks, because: "direct placement cannot follow tmux's cursor"),
    ChoiceCase(
        name: "tmux around iTerm2", environment: insideTmux.merging(["LC_TERMINAL": "iTerm2"]) { $1 }, replies: RealReplies.tmux33a,
        expected: .halfBlocks, because: "no reply can confirm"),
    ChoiceCase(
        name: "ssh from inside tmux (no TMUX here)", environment: ["TERM": "screen-256color"], replies: RealReplies.tmux34,
        tmuxClient: "foot(1.16.2)\tsixel", expected: .sixel, because: "XTVERSION says tmux 3.4"),
    ChoiceCase(
        name: "VS Code, images off", environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "vscode"], replies: RealReplies.vsCode,
        expected: .halfBlocks, because: "terminal.integrated.enableImages"),
    ChoiceCase(
        name: "VS Code, images on", environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "vscode"], replies: RealReplies.vsCodeImages,
        expected: .sixel, because: "its image addon is on"),
    ChoiceCase(
        name: "Apple Terminal", environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "Apple_Terminal"],
        replies: RealReplies.appleTerminal,
        expected: .halfBlocks, because: "TERM_PROGRAM=Apple_Terminal: no graphics protocol"),
    ChoiceCase(
        name: "Linux console", environment: ["TERM": "linux"], replies: RealReplies.linuxConsole, expected: .halfBlocks,
        because: "TERM=linux: no graphics protocol"),
    ChoiceCase(
        name: "unknown terminal, no replies", environment: ["TERM": "xterm-256color"], replies: "", expected: .halfBlocks,
        because: "no reply to the probe"),
    ChoiceCase(
        name: "kitty by environment, probe timed out", environment: ["TERM": "xterm-kitty"], replies: "", expected: .kitty,
        because: "version unknown, taken as 0.28 or later"),
    ChoiceCase(
        name: "GNU screen", environment: ["TERM": "screen", "STY": "1234.pts-0.host"], replies: RealReplies.appleTerminal,
        expected: .halfBlocks, because: "GNU screen"),
    ChoiceCase(
        name: "unknown terminal answering the kitty query", environment: ["TERM": "xterm-256color"],
        replies: "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;22c", expected: .kittyDirect, because: "not known to draw Unicode placeholders"),

    // The user's choice.
    ChoiceCase(
        name: "override kitty on kitty 0.26.5", environment: ["TERM": "xterm-kitty"], replies: RealReplies.kitty0265, override: .kitty,
        expected: .kittyDirect, because: "the user asked for kitty → kitty graphics, direct placement"),
    ChoiceCase(
        name: "override kitty", environment: ["TERM": "xterm"], replies: RealReplies.xtermVT340, override: .kitty, expected: .kitty,
        because: "the user asked for kitty"),
    ChoiceCase(
        name: "override kitty-direct", environment: ["TERM": "xterm-kitty"], replies: RealReplies.kitty035, override: .kittyDirect,
        expected: .kittyDirect, because: "the user asked for kitty-direct"),
    ChoiceCase(
        name: "override iterm", environment: ["TERM": "xterm"], replies: RealReplies.xtermVT340, override: .iterm, expected: .iterm,
        because: "the user asked for iterm → iTerm2 inline images"),
    ChoiceCase(
        name: "override iterm in tmux", environment: insideTmux, replies: RealReplies.tmux34, override: .iterm, expected: .iterm,
        passthrough: true, because: "set -g allow-passthrough on"),
    ChoiceCase(
        name: "override sixel", environment: ["TERM": "xterm-kitty"], replies: RealReplies.kitty035, override: .sixel, expected: .sixel,
        because: "the user asked for sixel → sixel"),
    ChoiceCase(
        name: "override sixel without a cell size", environment: ["TERM": "xterm"], replies: "", override: .sixel, expected: .sixel,
        because: "the caller must assume one"),
    ChoiceCase(
        name: "override sixel in tmux 3.3a", environment: insideTmux, replies: RealReplies.tmux33a, override: .sixel, expected: .sixel,
        because: "tmux 3.3a draws no sixel"),
    ChoiceCase(
        name: "override blocks", environment: ["TERM": "xterm-kitty"], replies: RealReplies.kitty035, override: .halfBlocks,
        expected: .halfBlocks, because: "the user asked for blocks → block symbols (text)"),
    ChoiceCase(
        name: "override none", environment: ["TERM": "xterm-kitty"], replies: RealReplies.kitty035, override: .disabled,
        expected: .disabled,
        because: "the user asked for none → no pictures"),
]

@Suite struct GraphicsChoiceTests {
    @Test(arguments: choiceCases)
    func decisionTable(_ testCase: ChoiceCase) throws {
        let client = try testCase.tmuxClient.map { try #require(TmuxClient(displayOutput: $0)) }
        let choice = GraphicsChoice.decide(
            environment: testCase.environment, replies: RealReplies.replies(testCase.replies), tmuxVersion: testCase.tmuxVersion,
            tmuxClient: client, override: testCase.override)
        #expect(choice.imageProtocol == testCase.expected)
        #expect(choice.usesPassthrough == testCase.passthrough)
        #expect(choice.reasons.contains { $0.contains(testCase.because) }, "\(choice.reasons)")
        // The last reason names the choice.
        #expect(choice.reasons.last?.hasSuffix("→ \(GraphicsChoice.label(choice.imageProtocol))") == true, "\(choice.reasons)")
    }

    @Test func tmuxIsSeenAndSixelIsNeverWrapped() throws {
        let client = try #require(TmuxClient(displayOutput: "foot(1.16.2)\tRGB,sixel"))
        let choice = GraphicsChoice.decide(environment: insideTmux, replies: RealReplies.replies(RealReplies.tmux34), tmuxClient: client)
        #expect(choice.imageProtocol == .sixel)
        #expect(choice.isInTmux)
        #expect(!choice.usesPassthrough)
        #expect(choice.cellSize == PixelSize(width: 10, height: 20))
    }

    @Test func tmuxVersionComesFromTheBestSource() {
        let replies = RealReplies.replies(RealReplies.tmux33a)
        let fromDashV = GraphicsChoice.decide(environment: insideTmux, replies: replies, tmuxVersion: "tmux 3.4\n")
        #expect(fromDashV.reasons.first?.hasPrefix("inside tmux 3.4 (TMUX is set)") == true, "\(fromDashV.reasons)")
        let fromReply = GraphicsChoice.decide(environment: insideTmux, replies: replies)
        #expect(fromReply.reasons.first?.hasPrefix("inside tmux 3.3a") == true)
        let fromEnvironment = GraphicsChoice.decide(
            environment: insideTmux.merging(["TERM_PROGRAM_VERSION": "3.2a"]) { $1 }, replies: ProbeReplies())
        #expect(fromEnvironment.reasons.contains { $0.hasPrefix("inside tmux 3.2a (TMUX is set)") }, "\(fromEnvironment.reasons)")
    }

    @Test func oldXTermAndFootReadSixelDisplayModeTheOtherWay() {
        let old = GraphicsChoice.decide(environment: ["TERM": "xterm"], replies: RealReplies.replies(RealReplies.xterm368VT340))
        #expect(old.imageProtocol == .sixel)
        #expect(old.invertedSixelDisplayMode)
        #expect(EscapeSequence.enableSixelScrolling(invertedDisplayMode: old.invertedSixelDisplayMode) == "\u{1B}[?80h")
        let current = GraphicsChoice.decide(environment: ["TERM": "xterm"], replies: RealReplies.replies(RealReplies.xtermVT340))
        #expect(!current.invertedSixelDisplayMode)
        #expect(EscapeSequence.enableSixelScrolling(invertedDisplayMode: current.invertedSixelDisplayMode) == "\u{1B}[?80l")
        let oldFoot = GraphicsChoice.decide(
            environment: ["TERM": "foot"], replies: RealReplies.replies(RealReplies.foot.replacingOccurrences(of: "1.16.2", with: "1.8.1")))
        #expect(oldFoot.invertedSixelDisplayMode)
        #expect(
            !GraphicsChoice.decide(environment: ["TERM": "foot"], replies: RealReplies.replies(RealReplies.foot)).invertedSixelDisplayMode)
    }

    @Test func kittyBefore027LeavesPicturesAtTheRegionBottom() {
        let environment = ["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"]
        func choice(_ version: String, override: ImageProtocol? = nil) -> GraphicsChoice {
            let replies = RealReplies.kitty0265.replacingOccurrences(of: "0.26.5", with: version)
            return GraphicsChoice.decide(environment: environment, replies: RealReplies.replies(replies), override: override)
        }
        #expect(choice("0.26.5").imageProtocol == .kittyDirect)
        #expect(choice("0.26.5").picturesAtRegionBottomStay)
        #expect(choice("0.26.5", override: .kittyDirect).picturesAtRegionBottomStay)
        #expect(choice("0.26.5", override: .kitty).picturesAtRegionBottomStay)
        // 0.27 fixed it; it still places directly (no placeholders before 0.28).
        #expect(choice("0.27.1").imageProtocol == .kittyDirect)
        #expect(!choice("0.27.1").picturesAtRegionBottomStay)
        // Placeholders are text: nothing to leave behind.
        #expect(
            !GraphicsChoice.decide(environment: environment, replies: RealReplies.replies(RealReplies.kitty035)).picturesAtRegionBottomStay)
        #expect(!choice("0.26.5", override: .halfBlocks).picturesAtRegionBottomStay)
    }

    @Test func sixelSessionsSwitchScrollingOnAndBackOff() {
        let sixel = GraphicsChoice.decide(environment: ["TERM": "xterm"], replies: RealReplies.replies(RealReplies.xtermVT340))
        #expect(sixel.enterSequence == "\u{1B}[?80l\u{1B}[?8452h")
        #expect(sixel.leaveSequence == "\u{1B}[?8452l")
        let old = GraphicsChoice.decide(environment: ["TERM": "xterm"], replies: RealReplies.replies(RealReplies.xterm368VT340))
        #expect(old.enterSequence == "\u{1B}[?80h\u{1B}[?8452h")
        let kitty = GraphicsChoice.decide(environment: ["TERM": "xterm-kitty"], replies: RealReplies.replies(RealReplies.kitty035))
        #expect(kitty.enterSequence.isEmpty && kitty.leaveSequence.isEmpty)
    }

    @Test func everyUserChoiceIsHonoured() {
        let replies = RealReplies.replies(RealReplies.xtermVT340)
        for requested in ImageProtocol.allCases {
            let choice = GraphicsChoice.decide(environment: ["TERM": "xterm"], replies: replies, override: requested)
            #expect(choice.imageProtocol == requested)
            #expect(!choice.usesPassthrough)
        }
    }

    @Test func tmuxClientOutputIsRead() throws {
        let client = try #require(TmuxClient(displayOutput: "kitty(0.35.2)\t256,RGB,extkeys,sync\n"))
        #expect(client.terminal == TerminalVersion("kitty(0.35.2)"))
        #expect(client.features == ["256", "RGB", "extkeys", "sync"])
        #expect(!client.hasSixel)
        #expect(TmuxClient(displayOutput: "\tsixel")?.terminal == nil)
        #expect(TmuxClient(displayOutput: "#{client_termtype}\t#{client_termfeatures}") == nil)
        #expect(TmuxClient(displayOutput: "") == nil)
    }
}

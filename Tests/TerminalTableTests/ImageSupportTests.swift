import Testing

@testable import TerminalTable

@Suite struct ImageSupportTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var environment: [String: String]
        var expected: ImageProtocol
        var testDescription: String { environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(environment: ["TERM": "xterm-kitty"], expected: .kitty),
        Case(environment: ["TERM": "xterm-256color", "KITTY_WINDOW_ID": "3"], expected: .kitty),
        Case(environment: ["TERM": "xterm-256color", "KITTY_WINDOW_ID": ""], expected: .halfBlocks),
        Case(environment: ["TERM": "xterm-ghostty", "TERM_PROGRAM": "ghostty"], expected: .kitty),
        Case(environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "ghostty"], expected: .kitty),
        Case(environment: ["TERM": "xterm-ghostty"], expected: .kitty),
        Case(environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"], expected: .halfBlocks),
        Case(environment: ["TERM": "xterm-kitty", "TERM_PROGRAM": "WezTerm"], expected: .halfBlocks),
        Case(environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"], expected: .halfBlocks),
        Case(environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "Apple_Terminal"], expected: .halfBlocks),
        Case(environment: ["TERM": "xterm-256color", "KONSOLE_VERSION": "230804"], expected: .halfBlocks),
        Case(environment: ["TERM": "linux"], expected: .halfBlocks),
        Case(environment: [:], expected: .halfBlocks),
        // Inside tmux TERM and TERM_PROGRAM name tmux; the terminal's own variables survive.
        Case(
            environment: ["TERM": "tmux-256color", "TERM_PROGRAM": "tmux", "TMUX": "/tmp/tmux-0/default,1,0", "KITTY_WINDOW_ID": "1"],
            expected: .kitty),
        Case(
            environment: [
                "TERM": "screen-256color", "TERM_PROGRAM": "tmux", "TMUX": "/tmp/tmux-0/default,1,0",
                "GHOSTTY_RESOURCES_DIR": "/usr/share/ghostty",
            ], expected: .kitty),
        Case(environment: ["TERM": "tmux-256color", "TERM_PROGRAM": "tmux", "TMUX": "/tmp/tmux-0/default,1,0"], expected: .halfBlocks),
    ]

    @Test(arguments: cases)
    func detectsFromEnvironment(_ testCase: Case) {
        let support = ImageSupport.detect(environment: testCase.environment)
        #expect(support.imageProtocol == testCase.expected)
        #expect(support.isInTmux == (testCase.environment["TMUX"] != nil))
    }

    @Test func overrideBeatsDetection() {
        let kitty = ["TERM": "xterm-kitty", "TMUX": "/tmp/tmux-0/default,1,0"]
        #expect(ImageSupport.detect(environment: kitty, override: .halfBlocks) == ImageSupport(imageProtocol: .halfBlocks, isInTmux: true))
        #expect(ImageSupport.detect(environment: kitty, override: .disabled).imageProtocol == .disabled)
        #expect(
            ImageSupport.detect(environment: ["TERM_PROGRAM": "WezTerm"], override: .kitty)
                == ImageSupport(imageProtocol: .kitty, isInTmux: false))
        #expect(ImageSupport.detect(environment: kitty, override: nil).imageProtocol == .kitty)
    }

    @Test func emptyTmuxVariableIsNotTmux() {
        #expect(!ImageSupport.detect(environment: ["TMUX": ""]).isInTmux)
    }

    @Test func parsesOverrideArguments() {
        #expect(ImageProtocol(argument: "kitty") == .kitty)
        #expect(ImageProtocol(argument: " Blocks ") == .halfBlocks)
        #expect(ImageProtocol(argument: "NONE") == .disabled)
        #expect(ImageProtocol(argument: "auto") == nil)
        #expect(ImageProtocol(argument: "") == nil)
        for value in ImageProtocol.allCases {
            #expect(ImageProtocol(argument: value.argument) == value)
        }
    }
}

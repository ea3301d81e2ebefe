import Testing

@testable import TerminalTable

@Suite struct TerminalVersionTests {
    @Test func splitsNameAndVersion() {
        let cases: [(String, String, String, [Int])] = [
            ("kitty(0.26.5)", "kitty", "0.26.5", [0, 26, 5]),
            ("XTerm(390)", "XTerm", "390", [390]),
            ("ghostty 1.1.3", "ghostty", "1.1.3", [1, 1, 3]),
            ("WezTerm 20240203-110809-5046fc22", "WezTerm", "20240203-110809-5046fc22", [20_240_203]),
            ("tmux 3.3a", "tmux", "3.3a", [3, 3]),
            ("tmux next-3.5", "tmux", "next-3.5", [3, 5]),
            ("tmux master", "tmux", "master", []),
            ("3.4", "", "3.4", [3, 4]),
            ("foot", "foot", "", []),
        ]
        for (text, name, version, numbers) in cases {
            let parsed = TerminalVersion(text)
            #expect(parsed.name == name, "\(text)")
            #expect(parsed.version == version, "\(text)")
            #expect(parsed.numbers == numbers, "\(text)")
        }
    }

    @Test func comparesVersions() {
        #expect(!TerminalVersion("kitty(0.26.5)").isAtLeast(0, 28))
        #expect(TerminalVersion("kitty(0.28.0)").isAtLeast(0, 28))
        #expect(TerminalVersion("kitty(0.35.2)").isAtLeast(0, 28))
        #expect(!TerminalVersion("tmux 3.3a").isAtLeast(3, 4))
        #expect(TerminalVersion("tmux 3.4").isAtLeast(3, 4))
        #expect(TerminalVersion("tmux 3.10").isAtLeast(3, 4))
        #expect(!TerminalVersion("tmux master").isAtLeast(0))
        #expect(TerminalVersion("KITTY(1.0)").isNamed("kitty"))
    }
}

import Testing

@testable import TerminalTable

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct TTYTerminalTests {
    /// Under CI (or `swift test | tee`) stdin/stdout are not terminals; the driver must
    /// refuse with a clear error instead of drawing into a pipe.
    @Test(.enabled(if: isatty(STDIN_FILENO) != 1 || isatty(STDOUT_FILENO) != 1))
    func refusesWithoutATerminal() {
        #expect(throws: TerminalError.notATerminal) {
            _ = try TTYTerminal()
        }
    }

    @Test func errorMessagesSayWhatIsWrong() {
        #expect(TerminalError.notATerminal.description.contains("TTY"))
        #expect(TerminalError.systemCall(call: "tcgetattr", code: 25).description.contains("tcgetattr"))
    }
}

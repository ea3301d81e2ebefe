import ChildProcess
import Foundation
import TerminalTable

/// What tmux says of itself and of the terminal outside it, for `GraphicsChoice`: its
/// version (`tmux -V`) and the client's terminal type and features (`TmuxClient`).
/// Asked only inside tmux, each within a second; nil where tmux did not answer.
enum TmuxQuery {
    static func version() async -> String? {
        await output(["tmux", "-V"])
    }

    static func client() async -> TmuxClient? {
        await output(["tmux", "display-message", "-p", TmuxClient.displayFormat]).flatMap(TmuxClient.init(displayOutput:))
    }

    private static func output(_ argv: [String]) async -> String? {
        guard let child = try? ChildProcess(argv, stdout: .capture, stderr: .null) else { return nil }
        guard case .exited(0) = try? await child.wait(timeout: 1) else {
            _ = child.terminate(grace: 0.2)
            return nil
        }
        let text = child.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}

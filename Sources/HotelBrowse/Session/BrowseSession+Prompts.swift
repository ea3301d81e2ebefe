import Foundation
import TerminalTable

/// Prompts: keys go to the line editor until Enter hands the line to its purpose or Esc
/// drops it.
extension BrowseSession {
    func handlePromptKey(_ key: Key, prompt: BrowsePrompt) {
        var prompt = prompt
        switch prompt.editor.handle(key) {
        case .editing:
            mode = .prompt(prompt)
        case .cancelled:
            mode = .table
        case .accepted(let line):
            mode = .table
            accept(line, for: prompt.purpose)
        }
    }

    private func accept(_ line: String, for purpose: BrowsePrompt.Purpose) {
        let text = line.trimmingCharacters(in: .whitespaces)
        switch purpose {
        case .name:
            settings.query.name = text.isEmpty ? nil : text
            startNewQuery()
        case .filter:
            applyFilter(text)
        case .file:
            guard !text.isEmpty else {
                notice = "no file name: nothing written"
                return
            }
            startExport(to: text)
        }
    }
}

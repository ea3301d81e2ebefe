import Foundation
import TerminalTable

/// `f`: narrowing the search on the server, kept apart from it so that clearing the
/// filter gives back the search's own result.
extension BrowseSession {
    /// Parses `line` and, if it is valid, queries again with the new filter; otherwise
    /// the status line says what is wrong and the filter stays as it was.
    func applyFilter(_ line: String) {
        let parsed: BrowseFilter
        do {
            parsed = try BrowseFilter.parse(line)
        } catch {
            notice = "filter not changed: \(error.description)"
            return
        }
        guard parsed != filter else { return }
        filter = parsed
        startNewQuery()
    }
}

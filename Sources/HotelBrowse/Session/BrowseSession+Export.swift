import Foundation
import HotelClient
import HotelSOAP
import TerminalTable

#if canImport(Glibc)
    import Glibc
#endif

/// `y` copies the selected row and `w` writes the whole result, both as the CSV that
/// `hotels search --format csv` prints (same columns, same bytes: both write the header of
/// `RowEncoder.columns` and each row with `RowEncoder.csv`).
extension BrowseSession {
    /// `y`: the selected row as one CSV line (no header, no line end) on the clipboard
    /// through OSC 52: the terminal does the copying, so it works over ssh and, with
    /// `set-clipboard on`, through tmux. Every column is copied, hidden or not.
    func copySelectedRow() {
        let index = state.selectedIndex
        guard let hotel = hotel(atRow: index) else {
            notice = "row \(index + 1) is not loaded yet: nothing copied"
            return
        }
        terminal.write(Array(EscapeSequence.copyToClipboard(Self.csvLine(hotel)).utf8))
        notice = "copied row \(PriceText.grouped(String(index + 1))) as CSV"
    }

    /// One hotel as `hotels search --format csv` writes it, without the line end.
    static func csvLine(_ hotel: HotelInfo) -> [UInt8] {
        var bytes: [UInt8] = []
        RowEncoder.csv(hotel, into: &bytes)
        if bytes.last == 0x0A { bytes.removeLast() }
        return bytes
    }

    /// `w`: walks every page of the current query (search and filter) in a task of its
    /// own and writes the CSV, header and rows, to a temporary file beside `path`, renamed
    /// to `path` once complete: a failure or quitting midway never leaves a partial file
    /// under the name asked for. Rows are in the service's order: `S` is not applied.
    func startExport(to path: String) {
        let url = Self.fileURL(for: path)
        let shown = url.path
        export = Export(path: shown, wasReversed: order.isReversed)
        notice = nil
        exportTasks.start(0) { [client, inbox, describe, query = effectiveQuery] token in
            do {
                let rows = try await Self.writeCSV(query, to: url, client: client) { rows, total in
                    inbox.send(.export(token: token, .progress(rows: rows, total: total)))
                }
                inbox.send(.export(token: token, .finished(rows: rows)))
            } catch {
                inbox.send(.export(token: token, .failed(describe(error))))
            }
        }
    }

    func receiveExport(_ event: ExportEvent, token: Int) {
        guard exportTasks.isCurrent(0, token: token), let current = export else { return }
        switch event {
        case .progress(let rows, let total):
            export?.rows = rows
            export?.total = total
        case .finished(let rows):
            _ = exportTasks.complete(0, token: token)
            export = nil
            notice =
                "wrote \(PriceText.grouped(String(rows))) rows to \(current.path)"
                + (current.wasReversed ? " (in the service's order, not reversed)" : "")
        case .failed(let message):
            _ = exportTasks.complete(0, token: token)
            export = nil
            lastErrorText = "writing \(current.path) failed after \(PriceText.grouped(String(current.rows))) rows: \(message)"
            notice = "⚠ writing \(current.path) failed (e shows why)"
        }
    }

    static func fileFailure(_ message: String) -> Failure {
        Failure(message: message)
    }

    /// `~` is the home directory; a relative path is taken from the working directory.
    static func fileURL(for path: String) -> URL {
        var path = path
        if path == "~" || path.hasPrefix("~/") {
            let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
            path = home + path.dropFirst()
        }
        return URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL
    }

    /// The export itself, off the loop: returns the rows written. `progress` is told
    /// after each chunk, at most about ten times a second.
    static func writeCSV(
        _ query: HotelQuery, to url: URL, client: HotelSearchClient, progress: @escaping @Sendable (Int, Int?) -> Void
    ) async throws -> Int {
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString.prefix(8)).part")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Self.fileFailure("cannot create a file in \(directory.path): \(String(cString: strerror(errno)))") }
        var isOpen = true
        defer { if isOpen { close(fd) } }
        do {
            let sink = OutputSink(fd: fd)
            // The header first: the file is renamed into place only once complete, so it
            // never shows without its rows (as `hotels search` writes it with the first row).
            try sink.write(RowEncoder.columns.joined(separator: ",") + "\n")
            var rows = 0
            var total: Int?
            // The first chunk is reported at once: a slow service shows progress from the start.
            var lastReport = ContinuousClock.now - .seconds(1)
            try await client.walk(query, limit: .max, pageSize: HotelQuery.maxLimit) { hotel in
                try sink.append { RowEncoder.csv(hotel, into: &$0) }
                rows += 1
            } afterChunk: {
                try sink.flush()
                try Task.checkCancellation()
                let now = ContinuousClock.now
                if now - lastReport >= .milliseconds(100) {
                    lastReport = now
                    progress(rows, total)
                }
            } onTotal: {
                total = $0
                progress(rows, $0)
            }
            try sink.flush()
            progress(rows, total)
            guard fsync(fd) == 0 else { throw Self.fileFailure("writing failed: \(String(cString: strerror(errno)))") }
            isOpen = false
            close(fd)
            guard rename(temporary.path, url.path) == 0 else {
                throw Self.fileFailure("cannot rename the finished file to \(url.path): \(String(cString: strerror(errno)))")
            }
            return rows
        } catch {
            unlink(temporary.path)
            throw error
        }
    }
}

import Foundation
import HotelCatalogs

/// An import's reading and validation, on a thread of its own, writing COPY text into
/// ``CopyChunks`` for the tasks that send it (``PostgresImport``): into one stream for the
/// staging table, or three for a new catalog's tables.
///
/// ```swift
/// let reading = ReadingThread(importer: importer, currencies: rates, chunks: chunks) { rows in }
/// let rows = try await reading.result()      // the rows read, or the bad row's error
/// ```
final class ReadingThread<Outcome: Sendable>: Sendable {
    private let task: Task<(rows: Int, outcome: Outcome), any Error>

    /// Feeds `importer`'s rows into the writer `makeWriter` makes on the thread; then
    /// `finish` (the writer's last text, what it counted), and `end` in every case (the
    /// streams end, so the COPYs do).
    init<Writer: InventoryWriter>(
        importer: InventoryImporter, makeWriter: @escaping @Sendable () -> Writer,
        finish: @escaping @Sendable (Writer) throws -> Outcome, end: @escaping @Sendable () -> Void,
        progress: @escaping @Sendable (Int) -> Void
    ) {
        // The importer and its inputs are used by this thread alone from here on.
        let handed = Handed(importer: importer)
        task = Task {
            try await withCheckedThrowingContinuation { continuation in
                let thread = Thread {
                    let writer = makeWriter()
                    var rows = 0
                    let result = Result { () throws -> (rows: Int, outcome: Outcome) in
                        _ = try handed.importer.feed(writer) { count in
                            rows = count
                            progress(count)
                        }
                        return (rows: rows, outcome: try finish(writer))
                    }
                    end()
                    continuation.resume(with: result)
                }
                thread.start()
            }
        }
    }

    /// The rows read, once the thread is done; the bad row's error, or the stop it saw.
    func result() async throws -> Int { try await task.value.rows }

    /// What `finish` returned, once the thread is done.
    func outcome() async throws -> Outcome { try await task.value.outcome }

    /// The thread's own error (a bad row, an unreadable input), nil when it read everything
    /// or only stopped because the sending side did.
    func ownError() async -> (any Error)? {
        switch await task.result {
        case .success: return nil
        case .failure(let error): return error is CopyChunks.Stopped ? nil : error
        }
    }
}

extension ReadingThread where Outcome == Void {
    /// Into one stream of staging-table text (``PostgresInventoryWriter``).
    convenience init(
        importer: InventoryImporter, currencies: [String: CurrencyInfo], chunks: CopyChunks, progress: @escaping @Sendable (Int) -> Void
    ) {
        self.init(
            importer: importer, makeWriter: { PostgresInventoryWriter(currencies: currencies, chunks: chunks) },
            finish: { try $0.flush() }, end: { chunks.finish() }, progress: progress)
    }
}

/// The importer, used by the reading thread alone from when it starts.
private struct Handed: @unchecked Sendable {
    let importer: InventoryImporter
}

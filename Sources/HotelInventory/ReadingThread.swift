import Foundation
import HotelCatalogs

/// An import's reading and validation, on a thread of its own, writing COPY text into
/// ``CopyChunks`` for the task that sends it (``PostgresImport``).
///
/// ```swift
/// let reading = ReadingThread(importer: importer, currencies: rates, chunks: chunks) { rows in }
/// let rows = try await reading.result()      // the rows read, or the bad row's error
/// ```
final class ReadingThread: Sendable {
    private let task: Task<Int, any Error>

    init(
        importer: InventoryImporter, currencies: [String: CurrencyInfo], chunks: CopyChunks,
        progress: @escaping @Sendable (Int) -> Void
    ) {
        // The importer and its inputs are used by this thread alone from here on.
        let handed = Handed(importer: importer)
        task = Task {
            try await withCheckedThrowingContinuation { continuation in
                let thread = Thread {
                    let writer = PostgresInventoryWriter(currencies: currencies, chunks: chunks)
                    var rows = 0
                    let result = Result {
                        _ = try handed.importer.feed(writer) { count in
                            rows = count
                            progress(count)
                        }
                        try writer.flush()
                        return rows
                    }
                    chunks.finish()
                    continuation.resume(with: result)
                }
                thread.start()
            }
        }
    }

    /// The number of rows read, once the thread is done; or why it stopped.
    func result() async throws -> Int { try await task.value }

    /// The reading's own error, if it failed for a reason other than the sending side
    /// stopping (``CopyChunks/Stopped``).
    func ownError() async -> (any Error)? {
        switch await task.result {
        case .success: return nil
        case .failure(let error): return error is CopyChunks.Stopped ? nil : error
        }
    }
}

/// The importer and its inputs, used by the reading thread alone from when it starts.
private struct Handed: @unchecked Sendable {
    let importer: InventoryImporter
}

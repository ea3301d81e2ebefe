import Foundation
import HotelCatalogs

/// The hand-over between an SQLite import's reading thread, which reads and validates rows,
/// and the thread that writes them: batches of rows, at most ``capacity`` waiting, so the
/// two halves of the row phase run on two cores and memory stays flat.
///
/// ```swift
/// // reading thread                         // writing thread
/// try batches.send(rows)                   while let rows = try batches.next() {
/// batches.finish(nil)                          for row in rows { try writer.write(row) }
///                                          }
/// ```
final class RowBatches: @unchecked Sendable {
    static let capacity = 4
    /// Rows per batch: enough that the hand-over costs nothing per row.
    static let batchSize = 512

    private let condition = NSCondition()
    private var queued: [[InventoryRow]] = []
    /// Set once by the reading side: nil when it read everything, else why it stopped.
    private var ended: (any Error)??
    private var stopped = false

    /// Thrown on the reading side once the writing side stopped (its own error is the one
    /// to report).
    struct Stopped: Error {}

    /// Waits for a free place, then queues `rows`.
    func send(_ rows: [InventoryRow]) throws {
        condition.lock()
        defer { condition.unlock() }
        while queued.count >= Self.capacity && !stopped { condition.wait() }
        if stopped { throw Stopped() }
        queued.append(rows)
        condition.broadcast()
    }

    /// The reading side is done: `error` is nil when every row was sent.
    func finish(_ error: (any Error)?) {
        condition.lock()
        ended = .some(error)
        condition.broadcast()
        condition.unlock()
    }

    /// The writing side takes no more: a waiting ``send(_:)`` throws ``Stopped``.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next batch; nil after the last. Throws the reading side's error (a bad row) once
    /// the batches before it are taken.
    func next() throws -> [InventoryRow]? {
        condition.lock()
        defer { condition.unlock() }
        while queued.isEmpty && ended == nil { condition.wait() }
        if !queued.isEmpty {
            let rows = queued.removeFirst()
            condition.broadcast()
            return rows
        }
        if case .some(.some(let error)) = ended { throw error }
        return nil
    }
}

/// What the reading thread hands ``InventoryImporter/feed(_:progress:)``: it only batches.
final class BatchingWriter: InventoryWriter {
    let currencies: [String: CurrencyInfo]
    private let batches: RowBatches
    private var rows: [InventoryRow] = []

    init(currencies: [String: CurrencyInfo], batches: RowBatches) {
        self.currencies = currencies
        self.batches = batches
        rows.reserveCapacity(RowBatches.batchSize)
    }

    func write(_ row: InventoryRow) throws {
        rows.append(row)
        if rows.count == RowBatches.batchSize { try flush() }
    }

    func flush() throws {
        guard !rows.isEmpty else { return }
        try batches.send(rows)
        rows.removeAll(keepingCapacity: true)
    }
}

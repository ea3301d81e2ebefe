import Foundation
import HotelCatalogs
import Logging

/// `hotels import`: the rows of every input, read as they stream (never a whole file in
/// memory), validated, checked for a HotelId given twice, and handed to an
/// ``InventoryWriter`` inside its one transaction: all of them or, at the first bad row,
/// none.
///
/// ```swift
/// let inputs = try ["hotels.csv"].map { try InventoryInput.open($0, format: nil) }
/// let importer = InventoryImporter(inputs: inputs, options: .init(deleteMissing: true))
/// let summary = try importer.importIntoSQLite(at: "mine.sqlite") { rows in print(rows) }
/// print(summary.counts)      // 3 new, 2 changed, 995 unchanged, 1 deleted
/// ```
public struct InventoryImporter {
    public struct Options: Sendable {
        /// Delete the catalog's hotels that no input lists: the catalog becomes the input.
        public var deleteMissing: Bool
        /// Validate and count; write nothing.
        public var dryRun: Bool
        /// What to do with a catalog already at the destination.
        public var ifCatalogExists: IfCatalogExists

        public init(deleteMissing: Bool = false, dryRun: Bool = false, ifCatalogExists: IfCatalogExists = .update) {
            self.deleteMissing = deleteMissing
            self.dryRun = dryRun
            self.ifCatalogExists = ifCatalogExists
        }
    }

    /// What an import does to a catalog already at the destination.
    public enum IfCatalogExists: Sendable {
        /// Upsert into it (`hotels import`).
        case update
        /// Refuse, with ``HotelCatalogs/CatalogError`` `database` naming `--force` (`hotels seed`).
        case refuse
        /// Build a new catalog in its place; the old one serves until the new one is
        /// complete where the catalog allows it (SQLite: a rename), else it is dropped first
        /// (`hotels seed --force`).
        case replace
    }

    /// Where the rows come from.
    public enum Source {
        /// Files, read as they stream and validated.
        case inputs([InventoryInput])
        /// Rows built in memory (`hotels seed`).
        case rows(any InventoryRowSource)
    }

    /// What an import did.
    public struct Summary: Sendable {
        public var counts: ImportCounts
        /// Rows read, over every input.
        public var rows: Int
        /// Whether the catalog was created.
        public var created: Bool
        /// Whether new hotels out of HotelId order made the catalog renumber its rows.
        public var renumbered: Bool
    }

    /// A line number's bits in `seen`'s packed places; the input's index above them.
    private static let lineBits = 40

    /// How often `progress` is called, in rows.
    public static let progressInterval = 10_000

    public let source: Source
    public let options: Options

    public init(inputs: [InventoryInput], options: Options = Options()) {
        self.source = .inputs(inputs)
        self.options = options
    }

    public init(source: some InventoryRowSource, options: Options = Options()) {
        self.source = .rows(source)
        self.options = options
    }

    /// What the new catalog's `meta` says made it.
    var origin: CatalogOrigin {
        switch source {
        case .inputs: return .files
        case .rows(let rows): return rows.origin
        }
    }

    /// Imports into the SQLite catalog at `path`, creating it when absent.
    ///
    /// - Parameter progress: called with the rows read so far, every ``progressInterval``.
    /// - Throws: ``InventoryError`` for a row, a header or an input (the catalog is left as
    ///   it was); ``HotelCatalogs/CatalogError`` for the catalog.
    public func importIntoSQLite(at path: String, progress: @escaping (Int) -> Void = { _ in }) throws -> Summary {
        var rows = 0
        let outcome = try SQLiteInventoryWriter.importing(
            into: path, dryRun: options.dryRun, ifCatalogExists: options.ifCatalogExists, origin: origin
        ) { writer in
            // A second thread only for a new catalog: into a served catalog the import
            // leaves the second core to the server (issue 32 point 5).
            let kept: Set<String>
            if writer.isNew && !writer.dryRun {
                (kept, rows) = try feedOnAThread(writer, progress: progress)
            } else {
                kept = try feed(writer) { count in
                    rows = count
                    progress(count)
                }
            }
            return try writer.finish(keeping: options.deleteMissing ? kept : nil)
        }
        return Summary(counts: outcome.counts, rows: rows, created: outcome.created, renumbered: outcome.renumbered)
    }

    /// Imports into the PostgreSQL database at `url` (``PostgresImport``), creating the
    /// catalog when it holds none: one transaction, `COPY` into a staging table, a merge
    /// in SQL.
    ///
    /// - Parameter progress: called from the reading thread with the rows read so far.
    /// - Throws: ``InventoryError`` for a row, a header or an input (nothing was written);
    ///   ``HotelCatalogs/CatalogError`` for the database (`invalidLocation`, `schemaMismatch`,
    ///   `notACatalog`, `database`).
    public func importIntoPostgres(url: String, logger: Logger, progress: @escaping @Sendable (Int) -> Void = { _ in }) async throws
        -> Summary
    {
        let (outcome, rows) = try await PostgresImport.run(self, url: url, logger: logger, progress: progress)
        return Summary(counts: outcome.counts, rows: rows, created: outcome.created, renumbered: outcome.renumbered)
    }

    /// ``feed(_:progress:)`` on a thread of its own, handing batches to this one, which
    /// writes them: reading and checking rows costs about as much as inserting them, so
    /// the two halves overlap on two cores. The first error on either side stops both.
    ///
    /// `progress` escapes: the thread lets go of it only after it said it was done, a
    /// moment after this returns (so it cannot be a non-escaping closure's stack context).
    func feedOnAThread(_ writer: SQLiteInventoryWriter, progress: @escaping (Int) -> Void) throws -> (kept: Set<String>, rows: Int) {
        let batches = RowBatches()
        let done = DispatchSemaphore(value: 0)
        let reading = ReadingResult()
        let handed = Handed(importer: self, progress: progress)
        let currencies = writer.currencies
        let thread = Thread {
            let batching = BatchingWriter(currencies: currencies, batches: batches)
            do {
                reading.kept = try handed.importer.feed(batching) { count in
                    reading.rows = count
                    handed.progress(count)
                }
                try batching.flush()
                batches.finish(nil)
            } catch {
                batches.finish(error)
            }
            done.signal()
        }
        thread.start()
        // The inputs and `progress` belong to the thread until it is done.
        defer { done.wait() }
        do {
            while let rows = try batches.next() {
                for row in rows { try writer.write(row) }
            }
        } catch {
            batches.stop()
            throw error
        }
        return (reading.kept, reading.rows)
    }

    /// Every row into `writer`, in order. Returns the HotelIds seen (deletions too).
    /// `progress` gets the count every ``progressInterval`` rows and once at the end.
    public func feed(_ writer: some InventoryWriter, progress: (Int) -> Void) throws -> Set<String> {
        // Where each HotelId was first seen (input index and line, packed), to name it when
        // it comes again.
        var seen: [String: Int] = [:]
        var rows = 0
        func accept(_ row: InventoryRow, input index: Int, path: String, paths: [String]) throws {
            let line: Int
            switch row {
            case .hotel(let record): line = record.line
            case .deletion(_, _, let at): line = at
            }
            if let first = seen.updateValue(index << Self.lineBits | line, forKey: row.hotelID) {
                seen[row.hotelID] = first
                let (firstInput, firstLine) = (paths[first >> Self.lineBits], first & (1 << Self.lineBits - 1))
                let place = firstInput == path ? "line \(firstLine)" : "\(firstInput):\(firstLine)"
                throw InventoryError.invalidData(
                    file: path, line: line, column: InventoryColumn.hotelID.name,
                    "\(row.hotelID) is given twice, first at \(place): each hotel once per import")
            }
            try writer.write(row)
            rows += 1
            if rows % Self.progressInterval == 0 { progress(rows) }
        }
        switch source {
        case .inputs(let inputs):
            let paths = inputs.map(\.path)
            for (index, input) in inputs.enumerated() {
                let validator = RecordValidator(currencies: writer.currencies, input: input)
                try forEachRow(of: input, validator: validator) { row in
                    try accept(row, input: index, path: input.path, paths: paths)
                }
            }
        case .rows(let source):
            // Named once: a source's origin may be computed, and this runs for every row.
            let name = source.origin.generator
            let paths = [name]
            try source.forEachRow { row in try accept(row, input: 0, path: name, paths: paths) }
        }
        progress(rows)
        return Set(seen.keys)
    }

    /// Each row of one input, validated.
    private func forEachRow(of input: InventoryInput, validator: RecordValidator, _ body: (InventoryRow) throws -> Void) throws {
        switch input.format {
        case .csv:
            let reader = CSVRecordReader(input: input)
            guard let first = try reader.next() else { return }
            let header = try CSVHeader(names: first.fields, file: input.path, line: first.line)
            reader.columnNames = first.fields
            while let record = try reader.next() {
                try body(try validator.row(try header.values(of: record), line: record.line))
            }
        case .jsonl:
            let reader = JSONLineReader(input: input)
            while let object = try reader.next() {
                try body(try validator.row(try validator.values(of: object), line: object.line))
            }
        }
    }
}

/// What the reading thread of ``InventoryImporter/feedOnAThread(_:progress:)`` leaves for
/// the writing one, read only after it is done.
private final class ReadingResult: @unchecked Sendable {
    var kept: Set<String> = []
    var rows = 0
}

/// The importer (its inputs) and `progress`, used by the reading thread alone from when it
/// starts. A plain struct on purpose: a generic `@unchecked Sendable` box holding the pair
/// as a tuple crashed every import here with an over-release (Swift 6.3, debug build).
private struct Handed: @unchecked Sendable {
    let importer: InventoryImporter
    let progress: (Int) -> Void
}

import Foundation
import HotelTestSupport

@testable import HotelInventory

/// A temporary folder of one test's files, removed when the value goes.
final class Scratch {
    let directory: URL

    init() throws { directory = try TempDirectory.make("inventory") }

    deinit { try? FileManager.default.removeItem(at: directory) }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Writes `text` (or `bytes`) to `name` and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try write(name, bytes: Array(text.utf8))
    }

    @discardableResult
    func write(_ name: String, bytes: [UInt8]) throws -> String {
        let path = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Every record of a CSV file, read `chunkSize` bytes at a time.
    static func records(_ path: String, chunkSize: Int) throws -> [CSVRecordReader.Record] {
        let reader = CSVRecordReader(input: try InventoryInput.open(path, format: .csv), chunkSize: chunkSize)
        var records: [CSVRecordReader.Record] = []
        while let record = try reader.next() { records.append(record) }
        return records
    }
}

extension CSVRecordReader.Record: Equatable {
    public static func == (a: Self, b: Self) -> Bool { a.line == b.line && a.fields == b.fields }
}

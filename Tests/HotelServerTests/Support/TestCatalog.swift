import Foundation
import HotelCatalogs
import HotelSeeder
import HotelServer

/// One real SQLite catalog per test process, seeded deterministically.
enum TestCatalog {
    static let count = 2_000
    static let seed: UInt64 = 42

    static let path: String = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hotels-tests-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("catalog.sqlite").path
        if !FileManager.default.fileExists(atPath: file) {
            try! CatalogSeeder.seed(count: count, seed: seed, to: file) { _ in }
        }
        return file
    }()

    /// A private copy, for tests that damage their catalog.
    static func copy() throws -> String {
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("hotels-copy-\(UUID().uuidString).sqlite").path
        try FileManager.default.copyItem(atPath: path, toPath: target)
        return target
    }

    static func open(_ file: String = path) throws -> SQLiteCatalog {
        try SQLiteCatalog(path: file, baseURL: "")
    }
}

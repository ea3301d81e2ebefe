import Foundation

/// The repository's own folders (`Samples/`, `scripts/`, `Tests/Fixtures/`, `BENCHMARKS.md`),
/// found from this file's path: every test target that reads them finds them the same way.
package enum Repository {
    /// The package root: this file is `Tests/HotelTestSupport/Repository.swift`.
    package static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // HotelTestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// The path of `relative` under the root, e.g. `path("scripts/pg-temp")`.
    package static func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }
}

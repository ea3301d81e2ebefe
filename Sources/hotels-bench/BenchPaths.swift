import Foundation

/// Where the harness finds its programs and keeps its inputs.
struct BenchPaths {
    /// Generated inputs (responses, the seeded catalog, wrk scripts), kept between runs:
    /// seeding 100,000 hotels is the slowest step and its result never changes.
    let directory: URL
    /// The `hotels` binary of the same build (release for the full run, debug for the test).
    let hotels: String
    /// The checkout, for BENCHMARKS.md.
    let repositoryRoot: URL
    /// The build folder this harness was built in (`.build` unless `--scratch-path`), and
    /// its configuration ("release" or "debug"), from the harness's own path:
    /// `<scratch>/<triple>/<configuration>/hotels-bench`.
    let scratchPath: String
    let configuration: String

    init(quick: Bool) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(quick ? "hotels-bench-quick" : "hotels-bench")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        hotels = exe.deletingLastPathComponent().appendingPathComponent("hotels").path
        configuration = exe.deletingLastPathComponent().lastPathComponent
        scratchPath = exe.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        // Sources/hotels-bench/BenchPaths.swift → the checkout.
        repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    func file(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Makes `name` once with `make(temporaryPath)`, then renames it into place, so an
    /// interrupted run never leaves a half-written input that a later run would trust.
    func cached(_ name: String, _ make: (String) throws -> Void) throws -> String {
        let path = file(name)
        if FileManager.default.fileExists(atPath: path) { return path }
        let temporary = file(".partial-\(getpid())-\(name)")
        try? FileManager.default.removeItem(atPath: temporary)
        try make(temporary)
        guard rename(temporary, path) == 0 else { throw BenchError("cannot rename \(temporary) to \(path)") }
        return path
    }
}

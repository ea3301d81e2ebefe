import ChildProcess
import Foundation
import Imaging

/// A temporary folder for an import or export test: its input files, its catalogs, and
/// the `hotels` binary run inside it (so relative paths in commands resolve there).
final class InventoryScratch {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("hotels-inventory-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try write(name, bytes: Array(text.utf8))
    }

    @discardableResult
    func write(_ name: String, bytes: [UInt8]) throws -> String {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        return url.path
    }

    func read(_ name: String) throws -> Data { try Data(contentsOf: directory.appendingPathComponent(name)) }

    /// `hotels ARGUMENTS` in this folder, `stdin` fed to it.
    func hotels(_ arguments: [String], stdin: String? = nil) async throws -> HotelsBinary.Result {
        HotelsBinary.Result(
            try await ChildProcess.run(
                [HotelsBinary.url.path] + arguments, stdin: stdin.map { .data(Data($0.utf8)) } ?? .null,
                environment: HotelsBinary.environment([:]), directory: directory.path))
    }

    /// `hotels seed --count N` into `name`.
    func seed(_ name: String, count: Int = 200) async throws -> String {
        let result = try await hotels(["seed", "--count", String(count), "--seed", "11", "--output", name])
        guard result.status == 0 else { throw SpawnError("seeding failed: \(result.stderr)") }
        return path(name)
    }

    /// `hotels export` of a catalog: its hotels, compared before and after to show a
    /// refused import changed nothing.
    func export(_ catalog: String, _ extra: [String] = []) async throws -> String {
        let result = try await hotels(["export", "--catalog", catalog] + extra)
        guard result.status == 0 else { throw SpawnError("export failed: \(result.stderr)") }
        return result.stdout
    }

    /// A solid PNG of that size.
    static func png(width: Int, height: Int, _ color: RGBAColor) throws -> [UInt8] {
        try PNGEncoder.encode(RGBAImage(width: width, height: height, fill: color))
    }
}

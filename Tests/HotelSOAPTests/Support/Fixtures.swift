import Foundation
import Testing

/// Paths of the repository's shared fixtures (`Samples/`, `WSDL/`), found from this file.
enum Fixtures {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static let samples = root.appendingPathComponent("Samples")
    static let wsdl = root.appendingPathComponent("WSDL/HotelSearch.wsdl")

    static func sample(_ relative: String) throws -> Data {
        try Data(contentsOf: samples.appendingPathComponent(relative))
    }

    struct ManifestEntry: Decodable, Sendable, CustomTestStringConvertible {
        let file: String
        let schema: String
        let why: String
        var testDescription: String { file }
    }

    static let manifest: [ManifestEntry] = {
        guard let data = try? Data(contentsOf: samples.appendingPathComponent("manifest.json")),
            let entries = try? JSONDecoder().decode([ManifestEntry].self, from: data)
        else { return [] }
        return entries
    }()

    /// Every file under `Samples/responses` and `Samples/requests` with an `.expected.json` beside it.
    static func expectedResults(in folder: String) -> [String] {
        let dir = samples.appendingPathComponent(folder)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return files.filter { !$0.hasSuffix(".expected.json") && files.contains(expectedName(for: $0)) }
            .sorted().map { "\(folder)/\($0)" }
    }

    static func expectedName(for file: String) -> String {
        let base = (file as NSString).deletingPathExtension
        return base + ".expected.json"
    }
}

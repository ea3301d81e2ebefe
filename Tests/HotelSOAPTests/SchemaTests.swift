import Foundation
import Testing

/// The WSDL's schema against the samples that claim to be valid (and invalid).
@Suite("WSDL schema")
struct SchemaTests {
    static let checked = Fixtures.manifest.filter { $0.schema == "valid" || $0.schema == "invalid" }

    @Test("the manifest lists every sample file and nothing else")
    func manifestComplete() throws {
        let listed = Set(Fixtures.manifest.map(\.file))
        var onDisk: Set<String> = []
        for folder in ["responses", "requests"] {
            let dir = Fixtures.samples.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) where !name.hasSuffix(".json") {
                onDisk.insert("\(folder)/\(name)")
            }
        }
        #expect(listed == onDisk)
        #expect(Self.checked.count >= 15)
    }

    @Test("valid samples validate, invalid ones fail", arguments: checked)
    func validate(_ entry: Fixtures.ManifestEntry) throws {
        let validator = try SchemaValidator(wsdl: Fixtures.wsdl)
        let data = try Fixtures.sample(entry.file)
        if entry.schema == "valid" {
            #expect(try validator.validateMessage(data) >= 1)
        } else {
            #expect(throws: ValidationError.self) { try validator.validateMessage(data) }
        }
    }
}

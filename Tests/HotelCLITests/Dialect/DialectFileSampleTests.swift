import Foundation
import HotelTestSupport
import Testing

/// The shipped dialect files against the built-in dialects they restate (issue 30, point 4):
/// `hotels parse SAMPLE --dialect Dialects/X.yaml --format csv` must print the bytes
/// `hotels parse SAMPLE --format csv` prints, and exit with the same code, on every saved
/// response of that dialect. What a file cannot say is listed in `knownDifferences`, by
/// sample and with its reason (Dialects/README.md says the same at length): such a sample
/// is expected to differ, so one that stops differing fails too, and the list stays true.
@Suite("dialect files: the same csv as the built-in dialects on every saved sample")
struct DialectFileSampleTests {
    /// Every response sample, relative to `Samples/`: our contract's from the manifest (faults,
    /// broken and non-XML ones included: the exit code must match too), OpenTravel's from
    /// its folder (every `OTA_HotelAvailRS`; the `*-request-*` files are requests).
    static func samples() -> [String] {
        var samples: [String] = []
        if let data = FileManager.default.contents(atPath: HotelsBinary.sample("manifest.json")),
            let entries = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
        {
            samples += entries.compactMap { $0["file"] as? String }.filter { $0.hasPrefix("responses/") }
        }
        let ota = (try? FileManager.default.contentsOfDirectory(atPath: HotelsBinary.sample("ota"))) ?? []
        samples += ota.filter { $0.hasSuffix(".xml") && !$0.contains("request") }.map { "ota/\($0)" }
        return samples.sorted()
    }

    /// The dialect file a sample belongs to.
    static func dialectFile(for sample: String) -> String {
        Repository.path(sample.hasPrefix("ota/") ? "Dialects/ota-avail.yaml" : "Dialects/hotel-search.yaml")
    }

    /// Samples the file cannot read as the built-in does, and why (see Dialects/README.md).
    /// Empty since alternatives, `join` and `take: min` (the two OpenTravel samples that
    /// differed are equal now); kept so a difference found later is listed with its reason.
    static let knownDifferences: [String: String] = [:]

    @Test("the sample list is whole: both dialects, every known difference a sample of it")
    func sampleList() throws {
        let samples = Self.samples()
        #expect(samples.filter { $0.hasPrefix("responses/") }.count >= 30, "\(samples)")
        #expect(samples.filter { $0.hasPrefix("ota/") }.count >= 12, "\(samples)")
        let readme = try String(contentsOfFile: Repository.path("Dialects/README.md"), encoding: .utf8)
        for sample in Self.knownDifferences.keys {
            #expect(samples.contains(sample), "\(sample) is listed as a known difference but is no sample")
            let name = URL(fileURLWithPath: sample).deletingPathExtension().lastPathComponent
            #expect(readme.contains(name), "Dialects/README.md does not explain \(name)")
        }
    }

    @Test("parse --dialect Dialects/X.yaml --format csv: the built-in's bytes and exit code", arguments: samples())
    func sameAsBuiltIn(_ sample: String) async throws {
        let path = HotelsBinary.sample(sample)
        let builtIn = try await HotelsBinary.run(["parse", path, "--format", "csv"])
        let file = try await HotelsBinary.run(["parse", path, "--dialect", Self.dialectFile(for: sample), "--format", "csv"])
        // Not a test of the sample: the file must have been read (missing 66, refused 78).
        #expect(file.status != 66 && file.status != 78, "\(file.stderr)")
        if let reason = Self.knownDifferences[sample] {
            withKnownIssue(Comment(rawValue: reason)) {
                #expect(file.stdout == builtIn.stdout && file.status == builtIn.status)
            }
            return
        }
        #expect(file.status == builtIn.status, "built-in: \(builtIn.stderr) file: \(file.stderr)")
        #expect(file.stdout == builtIn.stdout)
    }
}

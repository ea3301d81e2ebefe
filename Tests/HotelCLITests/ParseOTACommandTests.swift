import Foundation
import Testing

/// `hotels parse` on OpenTravel responses: the dialect is picked by the Body's element.
@Suite("hotels parse: OpenTravel")
struct ParseOTACommandTests {
    static let samples = [
        "avail-default-ns-pos-tpa-soap11", "avail-several-roomstays-soap12", "avail-before-tax-soap11", "avail-warnings-soap11",
        "avail-empty-soap11", "avail-response-soap11", "avail-response-soap12",
    ]

    @Test("CSV is exactly the sample's .expected.csv", arguments: samples)
    func expectedCSV(_ name: String) async throws {
        let result = try await HotelsBinary.run(["parse", HotelsBinary.sample("ota/\(name).xml"), "--format", "csv"])
        let expected = try String(contentsOfFile: HotelsBinary.sample("ota/\(name).expected.csv"), encoding: .utf8)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == expected)
    }

    @Test("Errors only: exit 3 (as a SOAP fault), one line on stderr, no rows")
    func errors() async throws {
        let result = try await HotelsBinary.run(["parse", HotelsBinary.sample("ota/avail-errors-soap11.xml"), "--format", "csv"])
        #expect(result.status == 3)
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("404") && result.stderr.contains("must be after Start"), "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count <= 1)
    }

    @Test("Warnings beside Success: exit 0, the rows on stdout, the warning on stderr")
    func warnings() async throws {
        let result = try await HotelsBinary.run(["parse", HotelsBinary.sample("ota/avail-warnings-soap11.xml")])
        #expect(result.status == 0)
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("warning: 321 Rates not final: Rates for 2027-03-02 are provisional"), "\(result.stderr)")
        #expect(result.stdout.contains("NYC5,Hudson Loft"))
    }

    @Test("standard input, one byte at a time is not needed: the sniffed prefix is replayed")
    func stdin() async throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: HotelsBinary.sample("ota/avail-several-roomstays-soap12.xml")))
        let result = try await HotelsBinary.run(["parse", "-"], stdin: data)
        let expected = try String(contentsOfFile: HotelsBinary.sample("ota/avail-several-roomstays-soap12.expected.csv"), encoding: .utf8)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == expected)
    }

    @Test("our own responses still go to our dialect")
    func ours() async throws {
        let result = try await HotelsBinary.run(["parse", HotelsBinary.sample("responses/search-ours-soap11.xml")])
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").count == 4)
    }

    @Test("OTA_HotelAvailRS in another namespace is not OpenTravel: exit 65, naming what the Body holds")
    func wrongNamespace() async throws {
        let sample = try String(contentsOfFile: HotelsBinary.sample("ota/avail-warnings-soap11.xml"), encoding: .utf8)
        let foreign = sample.replacingOccurrences(of: "http://www.opentravel.org/OTA/2003/05", with: "urn:not-ota")
        #expect(foreign != sample)
        let result = try await HotelsBinary.run(["parse", "-"], stdin: Data(foreign.utf8))
        #expect(result.status == 65)
        #expect(result.stderrLines.count == 1 && result.stderr.contains("urn:not-ota"), "\(result.stderr)")
    }

    @Test("a prefix bound to the OTA namespace on the envelope is enough (the choice is by URI)")
    func prefixOnEnvelope() async throws {
        let result = try await HotelsBinary.run(["parse", HotelsBinary.sample("ota/avail-several-roomstays-soap12.xml"), "--format", "tsv"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 3)
    }
}

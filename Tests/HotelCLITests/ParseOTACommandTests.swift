import Foundation
import Testing

/// `hotels parse` on OpenTravel responses: the dialect is picked by the Body's element.
@Suite("hotels parse: OpenTravel")
struct ParseOTACommandTests {
    /// The samples with an `X.expected.csv` (or `.json`) beside `X.xml`, by base name.
    static func samples(expected suffix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: HotelsBinary.sample("ota"))) ?? []
        return names.filter { $0.hasSuffix(".expected.\(suffix)") }.map { String($0.dropLast(".expected.\(suffix)".count)) }.sorted()
    }

    @Test("every response sample with hotels has its .expected.csv; those with several RoomStays a hotel, their .expected.json")
    func everySampleHasExpectations() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: HotelsBinary.sample("ota"))
        let responses = names.filter { $0.hasSuffix(".xml") && !$0.contains("request") && !$0.contains("errors") }
            .map { String($0.dropLast(4)) }
        #expect(Set(responses) == Set(Self.samples(expected: "csv")))
        let several = [
            "avail-several-roomstays-soap12", "avail-response-soap11", "avail-response-soap12", "avail-ota-prefix-soapenv-soap11",
            "avail-interleaved-soap11", "avail-interleaved-prefixes-soap12",
        ]
        for name in several {
            #expect(Self.samples(expected: "json").contains(name), "\(name) has no .expected.json")
        }
    }

    @Test("CSV is exactly the sample's .expected.csv", arguments: samples(expected: "csv"))
    func expectedCSV(_ name: String) async throws {
        let result = try await HotelsBinary.run(["parse", HotelsBinary.sample("ota/\(name).xml"), "--format", "csv"])
        let expected = try String(contentsOfFile: HotelsBinary.sample("ota/\(name).expected.csv"), encoding: .utf8)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == expected)
    }

    @Test("JSON is exactly the sample's .expected.json: every room and rate of each hotel", arguments: samples(expected: "json"))
    func expectedJSON(_ name: String) async throws {
        let result = try await HotelsBinary.run(["parse", HotelsBinary.sample("ota/\(name).xml"), "--format", "json"])
        let expected = try String(contentsOfFile: HotelsBinary.sample("ota/\(name).expected.json"), encoding: .utf8)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == expected)
        // The rows csv prints are the hotels json lists, and only json has the rooms.
        let csv = try String(contentsOfFile: HotelsBinary.sample("ota/\(name).expected.csv"), encoding: .utf8)
        #expect(csv.split(separator: "\n").count - 1 == expected.split(separator: "\n").count)
        #expect(!csv.contains("rooms") && expected.split(separator: "\n").allSatisfy { $0.contains(",\"rooms\":[{") })
    }

    @Test("our own responses' JSON has no rooms: the contract's lines are as they were")
    func oursHasNoRooms() async throws {
        let result = try await HotelsBinary.run(["parse", HotelsBinary.sample("responses/search-ours-soap11.xml"), "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.isEmpty && !result.stdout.contains("\"rooms\""))
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

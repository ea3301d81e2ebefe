import Foundation
import Testing

/// `hotels search` speaking OpenTravel to the real server's `/ota`, as a user runs it.
@Suite("hotels search --dialect ota")
struct OTASearchCommandTests {
    /// The ids and names of a CSV, header dropped: what both dialects must agree on
    /// (prices differ: OpenTravel's is the cheapest room for the stay).
    static func idsAndNames(_ csv: String) -> [String] {
        csv.split(separator: "\n").dropFirst().map { line in line.split(separator: ",", maxSplits: 2).prefix(2).joined(separator: ",") }
    }

    @Test("--all walks MoreDataEchoToken: the same hotels, in the same order, as our own contract gives")
    func walkAll() async throws {
        let server = try await LiveServer.shared()
        let ota = try await HotelsBinary.run([
            "search", "--endpoint", server.url + "/ota", "--dialect", "ota", "--city", "Seoul", "--all", "--page-size", "9",
            "--format", "csv",
        ])
        let ours = try await HotelsBinary.run(["search", "--endpoint", server.endpoint, "--city", "Seoul", "--all", "--format", "csv"])
        #expect(ota.status == 0, "\(ota.stderr)")
        #expect(ota.stderr.isEmpty, "\(ota.stderr)")
        let rows = Self.idsAndNames(ota.stdout)
        #expect(rows.count > 3 * 9, "the walk must cross several pages")
        #expect(rows == Self.idsAndNames(ours.stdout))
        #expect(Set(rows).count == rows.count, "a hotel came twice")
    }

    @Test("--wsdl of /ota picks the dialect and the endpoint: the same bytes as --dialect ota")
    func fromWSDL() async throws {
        let server = try await LiveServer.shared()
        let flags = ["--city", "Seoul", "--min-stars", "3", "--sort", "name", "--limit", "20", "--format", "tsv"]
        let detected = try await HotelsBinary.run(["search", "--wsdl", server.url + "/ota?wsdl"] + flags)
        let told = try await HotelsBinary.run(["search", "--endpoint", server.url + "/ota", "--dialect", "ota"] + flags)
        #expect(detected.status == 0, "\(detected.stderr)")
        #expect(detected.stdout == told.stdout)
        #expect(detected.stdout.split(separator: "\n").count == 21)
        // Our own WSDL still means our own contract.
        let ours = try await HotelsBinary.run(["search", "--wsdl", server.url + "/wsdl"] + flags)
        #expect(ours.status == 0, "\(ours.stderr)")
        #expect(ours.stdout != told.stdout, "prices are per night on /soap, per stay on /ota")
        #expect(
            Self.idsAndNames(ours.stdout.replacingOccurrences(of: "\t", with: ","))
                == Self.idsAndNames(told.stdout.replacingOccurrences(of: "\t", with: ",")))
    }

    @Test("A criterion OTA cannot carry: exit 64 naming it, nothing sent, nothing printed")
    func cannotSay() async throws {
        let server = try await LiveServer.shared()
        for (flags, words) in [
            (["--sort", "stars"], "sort order stars"), (["--amenity", "sauna"], "amenity sauna"),
            (["--city-code", "PARIS-CDG-ORY"], "city code"),
        ] {
            let result = try await HotelsBinary.run(["search", "--endpoint", server.url + "/ota", "--dialect", "ota"] + flags)
            #expect(result.status == 64, "\(flags): \(result.stderr)")
            #expect(result.stderrLines.count == 1 && result.stderr.contains(words), "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        let ours = try await HotelsBinary.run(["search", "--endpoint", server.endpoint, "--city-code", "PAR"])
        #expect(ours.status == 64 && ours.stderr.contains("SearchHotels takes a City name"), "\(ours.stderr)")
    }

    @Test("OTA Errors: exit 3 and the partner's error on one line, as a fault")
    func errors() async throws {
        let server = try await LiveServer.shared()
        let result = try await HotelsBinary.run([
            "search", "--endpoint", server.url + "/ota", "--dialect", "ota", "--city", "Atlantis", "--format", "csv",
        ])
        #expect(result.status == 3)
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("320") && result.stderr.contains("Atlantis"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("OTA Warnings beside Success: the rows on stdout, each warning once on stderr, exit 0")
    func warnings() async throws {
        let server = try await ScriptedServer("file", HotelsBinary.sample("ota/avail-warnings-soap11.xml"))
        let result = try await HotelsBinary.run([
            "search", "--endpoint", server.url, "--dialect", "ota", "--city", "New York", "--format", "csv",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let expected = try String(contentsOfFile: HotelsBinary.sample("ota/avail-warnings-soap11.expected.csv"), encoding: .utf8)
        #expect(result.stdout == expected)
        #expect(!result.stderrLines.isEmpty && result.stderrLines.allSatisfy { $0.hasPrefix("hotels: warning: ") }, "\(result.stderr)")
        // The request on the wire was OpenTravel's.
        #expect(server.log.contains("SOAPAction: \"http://www.opentravel.org/OTA/2003/05/OTA_HotelAvailRQ\""), "\(server.log)")
    }
}

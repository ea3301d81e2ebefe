import Foundation
import HotelTestSupport
import Testing

/// `--dialect FILE` and `hotels dialect check` end to end, through the built binary: a file
/// is read before anything is sent and refused with its place in it; our contract as a
/// file walks the real `hotels serve` exactly as the built-in dialect does.
@Suite("dialect files on the command line", .serialized)
struct DialectFileCommandTests {
    /// The smallest file that reads our responses: the four fields a file must map.
    static let parseOnly = """
        dialect: 1
        name: Parse only
        namespaces:
          h: urn:hotel-search:v1
        response:
          root: h:SearchHotelsResponse
          hotel: h:Hotel
          fields:
            id: h:HotelId
            name: h:Name
            price: h:Price
            currency: h:Price/@currency

        """

    /// A dialect file with `text`, in a folder of its own; removed when `body` returns.
    static func withFile<R>(_ text: String, name: String = "d.yaml", _ body: (String) async throws -> R) async throws -> R {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dialect-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(name).path
        try #require(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
        return try await body(path)
    }

    /// Nothing listens on the discard port: a command that sent anything would exit 69.
    static let deadEndpoint = "http://127.0.0.1:9/soap"

    static let oursSample = HotelsBinary.sample("responses/search-ours-soap11.xml")

    // MARK: Refused before anything is sent

    /// A mistake in a file: the lines its report may name (the node's, or a line inside a
    /// block scalar), and a word the message must hold.
    struct Mistake: Sendable, CustomTestStringConvertible {
        let what: String
        let yaml: String
        let lines: ClosedRange<Int>
        let word: String
        var testDescription: String { what }
    }

    static let mistakes: [Mistake] = [
        Mistake(what: "an unknown field", yaml: parseOnly + "    colour: h:Colour\n", lines: 13...13, word: "colour"),
        Mistake(
            what: "a prefix not in namespaces", yaml: parseOnly.replacingOccurrences(of: "name: h:Name", with: "name: x:Name"),
            lines: 10...10, word: "x"),
        Mistake(
            what: "a position [0]", yaml: parseOnly.replacingOccurrences(of: "name: h:Name", with: "name: h:Name[0]"),
            lines: 10...10, word: "0"),
        Mistake(
            what: "a template placeholder that does not exist",
            yaml: parseOnly + """
                request:
                  action: "urn:hotel-search:v1#SearchHotels"
                  body: |
                    <h:SearchHotels xmlns:h="urn:hotel-search:v1">
                      <h:City>{{town}}</h:City>
                    </h:SearchHotels>

                """,
            lines: 15...17, word: "town"),
        Mistake(
            what: "a required field missing", yaml: parseOnly.replacingOccurrences(of: "    price: h:Price\n", with: ""), lines: 1...12,
            word: "price"),
        // Yams reports an unclosed flow sequence where it gives up: at the file's end.
        Mistake(
            what: "not YAML", yaml: parseOnly.replacingOccurrences(of: "  fields:\n", with: "  fields: [\n"), lines: 1...16, word: "YAML"),
    ]

    /// The one stderr line `hotels: FILE:LINE:COLUMN: message`, taken apart.
    static func place(in stderr: String, file: String) -> (line: Int, column: Int, message: Substring)? {
        guard let range = stderr.range(of: "\(file):") else { return nil }
        let parts = stderr[range.upperBound...].split(separator: ":", maxSplits: 2)
        guard parts.count == 3, let line = Int(parts[0]), let column = Int(parts[1]) else { return nil }
        return (line, column, parts[2])
    }

    @Test("a file with a mistake: exit 78, one line FILE:LINE:COLUMN: what is wrong, before any request", arguments: mistakes)
    func refused(_ mistake: Mistake) async throws {
        try await Self.withFile(mistake.yaml) { path in
            for command in [
                ["parse", Self.oursSample, "--dialect", path],
                ["search", "--endpoint", Self.deadEndpoint, "--dialect", path, "--retries", "0"],
                ["dialect", "check", path],
            ] {
                let result = try await HotelsBinary.run(command)
                #expect(result.status == 78, "\(command[0]): \(result.stderr)")
                #expect(result.stderrLines.count == 1, "\(command[0]): \(result.stderr)")
                #expect(result.stdout.isEmpty, "\(command[0]): \(result.stdout)")
                let place = try #require(Self.place(in: result.stderr, file: path), "\(command[0]): \(result.stderr)")
                #expect(mistake.lines.contains(place.line), "\(command[0]): \(result.stderr)")
                #expect(place.column >= 1, "\(result.stderr)")
                #expect(place.message.contains(mistake.word), "\(command[0]): \(result.stderr)")
            }
        }
    }

    @Test("a dialect file that is not there: exit 66, FILE: no such file", arguments: ["parse", "search", "check"])
    func missing(_ command: String) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("none-\(UUID().uuidString)/d.yaml").path
        let arguments: [String] =
            switch command {
            case "parse": ["parse", Self.oursSample, "--dialect", path]
            case "search": ["search", "--endpoint", Self.deadEndpoint, "--dialect", path, "--retries", "0"]
            default: ["dialect", "check", path]
            }
        let result = try await HotelsBinary.run(arguments)
        #expect(result.status == 66, "\(result.stderr)")
        #expect(result.stderr == "hotels: \(path): no such file\n")
    }

    @Test("a value that is neither a built-in name nor a file: exit 64")
    func unknownName() async throws {
        let result = try await HotelsBinary.run(["parse", Self.oursSample, "--dialect", "soap"])
        #expect(result.status == 64, "\(result.stderr)")
    }

    @Test("search or browse with a file that has no request section: exit 64, it can only parse")
    func parseOnlyCannotSearch() async throws {
        try await Self.withFile(Self.parseOnly) { path in
            let search = try await HotelsBinary.run(["search", "--endpoint", Self.deadEndpoint, "--dialect", path, "--retries", "0"])
            #expect(search.status == 64, "\(search.stderr)")
            #expect(search.stderrLines.count == 1 && search.stderr.contains("can only parse"), "\(search.stderr)")
            // The same file reads a saved response.
            let parse = try await HotelsBinary.run(["parse", Self.oursSample, "--dialect", path])
            #expect(parse.status == 0, "\(parse.stderr)")
            #expect(parse.stdout.contains("\nH000101,Hotel Spreeblick Mitte,") && parse.stdout.contains(",189.00,EUR,"), "\(parse.stdout)")
        }
    }

    // MARK: Our contract as a file, against the real service

    @Test(
        "search --dialect Dialects/hotel-search.yaml --all: the built-in dialect's bytes, page after page",
        arguments: [
            [],
            ["--page-size", "37", "--city", "Paris"],
            ["--near", "48.8566,2.3522", "--radius", "800", "--sort", "distance", "--page-size", "120"],
            ["--min-stars", "3", "--amenity", "wifi", "--max-price", "300", "--currency", "EUR", "--sort", "price"],
        ] as [[String]])
    func liveSearch(_ flags: [String]) async throws {
        let server = try await LiveServer.shared()
        let common = ["search", "--endpoint", server.endpoint, "--all", "--format", "csv", "--no-cache"] + flags
        let builtIn = try await HotelsBinary.run(common)
        let file = try await HotelsBinary.run(common + ["--dialect", Repository.path("Dialects/hotel-search.yaml")])
        #expect(builtIn.status == 0, "\(builtIn.stderr)")
        #expect(file.status == 0, "\(file.stderr)")
        #expect(builtIn.stdout.split(separator: "\n").count > 2, "the query must find hotels")
        #expect(file.stdout == builtIn.stdout)
        #expect(file.stderr == builtIn.stderr)
    }

    // MARK: hotels dialect check

    @Test("dialect check FILE: ok, with what the file can do")
    func checkFile() async throws {
        let ours = Repository.path("Dialects/hotel-search.yaml")
        let result = try await HotelsBinary.run(["dialect", "check", ours])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "\(ours): ok (HotelSearch; search: yes; details: yes; paging: offset)\n")
        let ota = Repository.path("Dialects/ota-avail.yaml")
        let otaResult = try await HotelsBinary.run(["dialect", "check", ota])
        #expect(otaResult.status == 0, "\(otaResult.stderr)")
        #expect(otaResult.stdout == "\(ota): ok (OpenTravel; search: yes; details: no; paging: token)\n")
        try await Self.withFile(Self.parseOnly) { path in
            let parseOnly = try await HotelsBinary.run(["dialect", "check", path])
            #expect(parseOnly.status == 0, "\(parseOnly.stderr)")
            // No paging key: one page.
            #expect(parseOnly.stdout == "\(path): ok (Parse only; search: no; details: no; paging: none)\n", "\(parseOnly.stdout)")
        }
    }

    @Test("dialect check FILE RESPONSE: every row, each field with its value and the path it came from")
    func checkResponse() async throws {
        let ours = Repository.path("Dialects/hotel-search.yaml")
        let result = try await HotelsBinary.run(["dialect", "check", ours, Self.oursSample])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "\(ours): ok (HotelSearch; search: yes; details: yes; paging: offset)")
        #expect(lines.filter { $0.hasPrefix("row ") } == ["row 1", "row 2", "row 3"])
        func fieldLine(_ field: String, _ value: String, _ path: String) -> Bool {
            lines.contains { line in
                let words = line.split(separator: " ", omittingEmptySubsequences: true)
                return line.hasPrefix("  \(field) ") && line.hasSuffix(" \(path)") && line.contains(" \(value) ")
                    && words.first.map(String.init) == field
            }
        }
        #expect(fieldLine("id", "H000101", "h:HotelId"), "\(result.stdout)")
        #expect(fieldLine("name", "Kurfürstendamm Grand Hotel", "h:Name"), "\(result.stdout)")
        #expect(fieldLine("currency", "EUR", "h:Price/@currency"), "\(result.stdout)")
        #expect(fieldLine("amenities", "wifi, spa, pool, parking", "h:Amenity"), "\(result.stdout)")
        // No DistanceKm in this response: the path matched nothing.
        #expect(fieldLine("distance", "(empty)", "h:DistanceKm"), "\(result.stdout)")
        #expect(lines.last == "3 rows; 57 in all; next page: offset 3")
    }

    @Test("dialect check on a grouped, token-paged response: one row per hotel, the token shown")
    func checkGrouped() async throws {
        let ota = Repository.path("Dialects/ota-avail.yaml")
        let result = try await HotelsBinary.run(["dialect", "check", ota, HotelsBinary.sample("ota/avail-response-soap11.xml")])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("row ") } == ["row 1", "row 2"])
        #expect(lines.contains { $0.hasPrefix("  price ") && $0.contains(" 297.50 ") && $0.hasSuffix(" ota:Total/@AmountAfterTax") })
        #expect(lines.last?.hasPrefix("2 rows; next page: token AQAAAAAAAAAC") == true, "\(result.stdout)")
    }

    @Test("dialect check names the alternative each value came from, per row")
    func checkAlternatives() async throws {
        let ota = Repository.path("Dialects/ota-avail.yaml")
        let result = try await HotelsBinary.run(["dialect", "check", ota, HotelsBinary.sample("ota/avail-ota-prefix-soapenv-soap11.xml")])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let prices = lines.filter { $0.hasPrefix("  price ") }
        // MUC4711: its cheapest stay has no Total, so its cheapest RoomRate after tax;
        // MUC0815: only a RoomRate before tax. Both in one response, each named as it was read.
        #expect(prices.count == 2, "\(result.stdout)")
        #expect(
            prices.first?.contains(" 266.43 ") == true
                && prices.first?.hasSuffix(" ota:RoomRates/ota:RoomRate/ota:Total/@AmountAfterTax") == true)
        #expect(
            prices.last?.contains(" 174.00 ") == true
                && prices.last?.hasSuffix(" ota:RoomRates/ota:RoomRate/ota:Total/@AmountBeforeTax") == true)
        #expect(lines.contains { $0.hasPrefix("  address ") && $0.contains("Westenriederstraße 8, 2. Stock") })
    }

    @Test("dialect check exits as parse would: 3 with the business error's text, 65 for a broken response")
    func checkExitCodes() async throws {
        let ota = Repository.path("Dialects/ota-avail.yaml")
        let errors = try await HotelsBinary.run(["dialect", "check", ota, HotelsBinary.sample("ota/avail-errors-soap11.xml")])
        #expect(errors.status == 3, "\(errors.stderr)")
        #expect(errors.stderrLines.count == 1 && errors.stderr.contains("must be after Start"), "\(errors.stderr)")
        let ours = Repository.path("Dialects/hotel-search.yaml")
        let broken = try await HotelsBinary.run(["dialect", "check", ours, HotelsBinary.sample("responses/malformed-mismatched-tag.xml")])
        #expect(broken.status == 65, "\(broken.stderr)")
        let fault = try await HotelsBinary.run(["dialect", "check", ours, HotelsBinary.sample("responses/fault-soap11-client.xml")])
        #expect(fault.status == 3, "\(fault.stderr)")
        // The business error through parse, too.
        let parse = try await HotelsBinary.run(["parse", HotelsBinary.sample("ota/avail-errors-soap11.xml"), "--dialect", ota])
        #expect(parse.status == 3 && parse.stderrLines.count == 1, "\(parse.stderr)")
    }
}

import ChildProcess
import Foundation
import HotelDialectFiles
import HotelTestSupport
import Testing

/// Issue 30, points 4(c), 4(d) and 5: two services no built-in dialect reads, an OpenTravel
/// property search (`Dialects/ota-hotel-search.yaml`) and Acme Stays, an attribute-only
/// SOAP 1.2 shape (`Dialects/acme-stays.yaml`), both spoken live by
/// `Support/Scripts/dialect_servers.py` over one fixed list of 120 hotels. Through the built
/// binary: `hotels search --all` gives every hotel once with its logo, city ERR is a
/// business error (exit 3), and every saved response in `Samples/dialects/` parses to its
/// expected csv byte for byte; and the browse table opens on a dialect file's rows and
/// fetches the logos of the rows it shows.
@Suite("dialect files against live foreign servers")
struct DialectForeignServerTests {
    /// A foreign shape: its dialect file, its path on the server, its samples' folder.
    struct Shape: Sendable, CustomTestStringConvertible {
        let file: String
        let path: String
        var dialect: String { Repository.path("Dialects/\(file).yaml") }
        var samples: String { HotelsBinary.sample("dialects/\(file)") }
        var testDescription: String { file }
    }

    static let shapes = [Shape(file: "ota-hotel-search", path: "ota-search"), Shape(file: "acme-stays", path: "acme")]

    /// What `dialect_servers.py` holds (its TOTAL).
    static let total = 120

    /// `dialect_servers.py` on a free port, killed when the value goes (`MisbehavingServer`
    /// starts any script here that prints its port first).
    struct Servers {
        let process: MisbehavingServer
        let base: String

        init() async throws {
            process = try await MisbehavingServer("", script: "dialect_servers.py")
            base = String(process.url.dropLast("/soap".count))
        }

        func endpoint(_ shape: Shape) -> String { "\(base)/\(shape.path)" }

        /// `GET /stats`: requests served so far, by kind (img, ota-search, acme).
        func stats() async throws -> [String: Int] {
            let script = "import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1], timeout=10).read().decode())"
            let outcome = try await ChildProcess.run(["python3", "-c", script, "\(base)/stats"])
            try #require(outcome.status == 0, "GET /stats: \(outcome.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))
            return try #require(object as? [String: Int], "GET /stats: \(outcome.stdout)")
        }
    }

    /// The csv's data rows, each split at commas (no value the server writes has one).
    static func rows(_ csv: String) -> [[Substring]] {
        csv.split(separator: "\n").filter { !$0.hasPrefix("hotel_id,") }.map { $0.split(separator: ",", omittingEmptySubsequences: false) }
    }

    // MARK: hotels search

    @Test("search --all: every hotel exactly once, each with its logo, five token pages of 25", arguments: shapes)
    func searchAll(_ shape: Shape) async throws {
        let servers = try await Servers()
        let result = try await HotelsBinary.run([
            "search", "--endpoint", servers.endpoint(shape), "--dialect", shape.dialect, "--all", "--page-size", "25", "--format", "csv",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let header = "hotel_id,name,address,city,country,latitude,longitude,stars,price,currency,distance_km,logo_url\n"
        #expect(result.stdout.hasPrefix(header))
        let rows = Self.rows(result.stdout)
        #expect(rows.count == Self.total)
        let ids = rows.map { String($0[0]) }
        #expect(Set(ids).count == Self.total, "an id twice: \(ids)")
        for row in rows {
            #expect(row.count == 12, "\(row)")
            let logo = row.last.map { String($0) } ?? ""
            #expect(logo == "\(servers.base)/img/\(row[0]).png", "\(row)")
        }
        // 120 at 25 a page: five requests, the last one's answer without a next token.
        #expect(try await servers.stats()[shape.path] == 5)
    }

    @Test("search --city ERR: the business error's text on stderr, exit 3, no rows", arguments: shapes)
    func businessError(_ shape: Shape) async throws {
        let servers = try await Servers()
        let result = try await HotelsBinary.run([
            "search", "--endpoint", servers.endpoint(shape), "--dialect", shape.dialect, "--city", "ERR", "--all", "--format", "csv",
        ])
        #expect(result.status == 3, "\(result.stderr)")
        let message = shape.path == "acme" ? "unknown city ERR: no stays are sold there" : "City ERR is not served by this property search"
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(Self.rows(result.stdout).isEmpty, "\(result.stdout)")
    }

    @Test("search --city: only that city's hotels, across pages", arguments: shapes)
    func cityFilter(_ shape: Shape) async throws {
        let servers = try await Servers()
        let result = try await HotelsBinary.run([
            "search", "--endpoint", servers.endpoint(shape), "--dialect", shape.dialect, "--city", "Lisbon", "--all", "--page-size", "7",
            "--format", "csv",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = Self.rows(result.stdout)
        // Six cities in turn: every sixth of 120 hotels is in Lisbon.
        #expect(rows.count == 20)
        #expect(rows.allSatisfy { $0.count == 12 && $0[3] == "Lisbon" }, "\(rows)")
        #expect(try await servers.stats()[shape.path] == 3)
    }

    // MARK: hotels parse on the saved samples

    /// Every saved response of a shape: `X.xml` with `X.expected.csv` (exit 0, those bytes)
    /// or `X.expected.exit` (its first line the exit code, its second a text stderr holds).
    static func samples(_ shape: Shape) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: shape.samples).filter { $0.hasSuffix(".xml") }.sorted()
    }

    @Test("every shape has at least three samples, a business error among them, each with its expectation", arguments: shapes)
    func sampleList(_ shape: Shape) throws {
        let samples = try Self.samples(shape)
        #expect(samples.count >= 3, "\(samples)")
        var errors = 0
        for sample in samples {
            let stem = "\(shape.samples)/\(sample.dropLast(".xml".count))"
            let csv = FileManager.default.fileExists(atPath: stem + ".expected.csv")
            let exit = FileManager.default.fileExists(atPath: stem + ".expected.exit")
            #expect(csv != exit, "\(sample): exactly one of .expected.csv and .expected.exit")
            if exit { errors += 1 }
        }
        #expect(errors >= 1)
    }

    @Test("parse --dialect: each saved sample gives its expected csv byte for byte, or its exit code and message", arguments: shapes)
    func samplesParse(_ shape: Shape) async throws {
        for sample in try Self.samples(shape) {
            let stem = "\(shape.samples)/\(sample.dropLast(".xml".count))"
            let result = try await HotelsBinary.run(["parse", "\(shape.samples)/\(sample)", "--dialect", shape.dialect, "--format", "csv"])
            if let expected = FileManager.default.contents(atPath: stem + ".expected.csv") {
                #expect(result.status == 0, "\(sample): \(result.stderr)")
                #expect(result.stdout == String(decoding: expected, as: UTF8.self), "\(sample)")
            } else {
                let lines = try String(contentsOfFile: stem + ".expected.exit", encoding: .utf8).split(separator: "\n")
                let code = try #require(lines.first.flatMap { Int32($0) }, "\(sample).expected.exit: no exit code")
                #expect(result.status == code, "\(sample): \(result.stderr)")
                if lines.count > 1 { #expect(result.stderr.contains(lines[1]), "\(sample): \(result.stderr)") }
                #expect(Self.rows(result.stdout).isEmpty, "\(sample): \(result.stdout)")
            }
        }
    }

    // MARK: The browse table

    @Test("browse: Acme's first page in the table through DialectFile.load, logos fetched for the visible rows")
    func browseAcme() async throws {
        let servers = try await Servers()
        let acme = Self.shapes[1]
        // The order the service answers in, as search reads it.
        let listed = try await HotelsBinary.run([
            "search", "--endpoint", servers.endpoint(acme), "--dialect", acme.dialect, "--limit", "14", "--format", "csv",
        ])
        try #require(listed.status == 0, "\(listed.stderr)")
        let first = Self.rows(listed.stdout).map { (id: String($0[0]), name: String($0[1])) }
        try #require(first.count == 14)

        let requests = BrowseLoadingTests.Requests()
        var harness = BrowseHarness(endpoint: servers.endpoint(acme))
        harness.dialect = try DialectFile.load(contentsOf: acme.dialect)
        harness.onLogoRequest = { requests.append($0) }
        // The Python server is the slow part when the whole suite starts at once on two
        // cores (CI saw a batch of logos still loading after 30 s): this test is about
        // which logos are fetched, not how fast, so it waits longer than any one request.
        harness.timeout = 60
        _ = try await harness.run { terminal in
            try await terminal.waitUntil("the first rows with their logos", timeout: .seconds(120)) { _ in
                terminal.names().count == 14 && BrowseLoadingTests.rowsWithPictures(terminal) == 14
            }
            let names = terminal.names()
            for (shown, hotel) in zip(names, first) {
                // A name wider than its column ends in "…".
                let fits = shown == hotel.name || (shown.hasSuffix("…") && hotel.name.hasPrefix(String(shown.dropLast())))
                #expect(fits, "shown \(shown), the service's \(hotel.name)")
            }
            #expect(!terminal.statusText.contains("⚠"), "\(terminal.statusText)")
        }
        // Each visible row's logo was asked for, and the server served them.
        #expect(Set(first.map(\.id)).isSubset(of: Set(requests.ids)), "\(requests.ids)")
        #expect((try await servers.stats()["img"] ?? 0) >= 14)
    }
}

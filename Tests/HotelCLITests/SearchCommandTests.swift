import ChildProcess
import Foundation
import HotelCatalogs
import HotelSOAP
import HotelSeeder
import HotelServer
import HotelTestSupport
import Testing

/// `hotels search` end to end: the real binary against the real `hotels serve`.
@Suite("hotels search", .serialized)
struct SearchCommandTests {
    static let csvReader = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Support/Scripts/csv_to_json.py"
    ).path

    /// CSV read back by a real CSV reader (Python's csv module).
    func readCSV(_ text: String) async throws -> [[String: String]] {
        let result = try await ChildProcess.run(["python3", Self.csvReader], stdin: .data(Data(text.utf8)))
        return try JSONDecoder().decode([[String: String]].self, from: Data(result.stdout.utf8))
    }

    /// What the catalog itself says for `query`, page after page.
    func catalogRows(_ query: HotelQuery, upTo count: Int) async throws -> [HotelInfo] {
        let catalog = try SQLiteCatalog(path: try await LiveServer.catalogPath(), baseURL: "")
        var rows: [HotelInfo] = []
        var q = query
        q.offset = 0
        q.limit = 500
        while rows.count < count {
            let page = try await catalog.search(q)
            rows += page.hotels
            if page.hotels.isEmpty || rows.count >= page.totalCount { break }
            q.offset! += 500
        }
        return Array(rows.prefix(count))
    }

    func expectSame(_ csv: [[String: String]], _ hotels: [HotelInfo]) async throws {
        let serverURL = try await LiveServer.shared().url
        #expect(csv.count == hotels.count)
        for (row, hotel) in zip(csv, hotels) {
            #expect(row["hotel_id"] == hotel.id)
            #expect(row["name"] == hotel.name)
            #expect(row["address"] == hotel.address)
            #expect(row["city"] == hotel.city)
            #expect(row["country"] == hotel.country)
            #expect(Double(row["latitude"] ?? "") == hotel.latitude)
            #expect(Double(row["longitude"] ?? "") == hotel.longitude)
            #expect(Int(row["stars"] ?? "") == hotel.stars)
            #expect(Decimal(string: row["price"] ?? "") == hotel.price.amount)
            #expect(row["currency"] == hotel.price.currency)
            #expect(row["distance_km"].flatMap(Double.init) == hotel.distanceKm)
            #expect(row["logo_url"] == serverURL + (hotel.logoURL ?? ""))
        }
    }

    @Test(
        "exact results for several queries, read back with a real CSV reader",
        arguments: [
            (["--city", "Tokyo", "--sort", "price"], HotelQuery(city: "Tokyo", sortBy: .price)),
            (
                ["--min-stars", "4", "--amenity", "pool", "--sort", "stars", "--limit", "120"],
                HotelQuery(minStars: 4, amenities: ["pool"], sortBy: .stars)
            ),
            (
                ["--near", "37.5665,126.978", "--radius", "8", "--sort", "distance"],
                HotelQuery(near: GeoCircle(latitude: 37.5665, longitude: 126.978, radiusKm: 8), sortBy: .distance)
            ),
            (
                ["--name", "hotel", "--max-price", "200", "--currency", "EUR", "--sort", "name", "--limit", "30"],
                HotelQuery(name: "hotel", maxPrice: 200, currency: "EUR", sortBy: .name)
            ),
        ])
    func exactResults(_ arguments: [String], _ query: HotelQuery) async throws {
        let server = try await LiveServer.shared()
        let result = try await HotelsBinary.run(["search", "--endpoint", server.endpoint] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        let limit = arguments.firstIndex(of: "--limit").map { Int(arguments[$0 + 1])! } ?? 50
        let expected = try await catalogRows(query, upTo: limit)
        #expect(!expected.isEmpty, "the query should match hotels in the test catalog")
        try await expectSame(try await readCSV(result.stdout), expected)
    }

    @Test("--all walks more than 10 pages and prints the whole result")
    func allPages() async throws {
        let server = try await LiveServer.shared()
        let result = try await HotelsBinary.run(["search", "--endpoint", server.endpoint, "--all", "--page-size", "100", "--sort", "name"])
        #expect(result.status == 0, "\(result.stderr)")
        let expected = try await catalogRows(HotelQuery(sortBy: .name), upTo: .max)
        #expect(expected.count > 1000)
        try await expectSame(try await readCSV(result.stdout), expected)
    }

    @Test("SOAP 1.2 and --wsdl discovery give the same rows as SOAP 1.1")
    func soap12AndWSDL() async throws {
        let server = try await LiveServer.shared()
        let v11 = try await HotelsBinary.run(["search", "--endpoint", server.endpoint, "--city", "Paris"])
        let v12 = try await HotelsBinary.run(["search", "--wsdl", server.url + "/wsdl", "--soap-version", "1.2", "--city", "Paris"])
        #expect(v11.status == 0 && v12.status == 0, "\(v12.stderr)")
        #expect(v11.stdout == v12.stdout)
        #expect(v11.stdout.split(separator: "\n").count > 1)
    }

    @Test("json and tsv carry the same hotels as csv")
    func formats() async throws {
        let server = try await LiveServer.shared()
        let csv = try await HotelsBinary.run(["search", "--endpoint", server.endpoint, "--city", "Seoul"])
        let json = try await HotelsBinary.run(["search", "--endpoint", server.endpoint, "--city", "Seoul", "--format", "json"])
        let ids = try json.stdout.split(separator: "\n").map { line -> String in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            return object["hotel_id"] as! String
        }
        #expect(ids == (try await readCSV(csv.stdout)).map { $0["hotel_id"]! })
        let table = try await HotelsBinary.run(["search", "--endpoint", server.endpoint, "--city", "Seoul", "--format", "table"])
        #expect(table.status == 0 && table.stdout.contains("★"))
    }

    @Test("a SOAP fault: exit 3, code, reason and detail on one line")
    func fault() async throws {
        let result = try await HotelsBinary.run([
            "search", "--endpoint", try await LiveServer.shared().endpoint, "--max-price", "100", "--currency", "ZZZ",
        ])
        #expect(result.status == 3)
        #expect(result.stdout.isEmpty, "no CSV header before a failure: it would read as an empty result")
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("SOAP fault Client"))
        #expect(result.stderr.contains("Currency"))
    }

    @Test("no match: exit 0 and the header alone, in every format that has one")
    func noMatch() async throws {
        for (format, header) in [("csv", "hotel_id,name,"), ("tsv", "hotel_id\tname\t")] {
            let result = try await HotelsBinary.run([
                "search", "--endpoint", try await LiveServer.shared().endpoint, "--city", "Atlantis", "--format", format,
            ])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasPrefix(header), "\(format): \(result.stdout)")
            #expect(result.stdout.split(separator: "\n").count == 1)
        }
        let json = try await HotelsBinary.run([
            "search", "--endpoint", try await LiveServer.shared().endpoint, "--city", "Atlantis", "--format", "json",
        ])
        #expect(json.status == 0 && json.stdout.isEmpty)
    }

    @Test("server down: exit 69 after the retries, within seconds, saying what to do")
    func serverDown() async throws {
        let start = Date()
        let result = try await HotelsBinary.run(["search", "--endpoint", "http://127.0.0.1:9/soap", "--retries", "1"])
        // A refused connection is known at once: the wait is our backoff, not --timeout (30 s).
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(result.status == 69)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("cannot reach"))
        #expect(result.stderr.contains("hotels serve"))
    }

    @Test("an HTML 502 from a proxy: exit 76 naming the page")
    func html502() async throws {
        let proxy = try await MisbehavingServer("html502")
        let result = try await HotelsBinary.run(["search", "--endpoint", proxy.url])
        #expect(result.status == 76)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("HTTP 502"))
        #expect(result.stderr.contains("502 Bad Gateway"))
    }

    @Test("a stalled server: exit 75 after --timeout")
    func stall() async throws {
        let stalled = try await MisbehavingServer("stall")
        let start = Date()
        let result = try await HotelsBinary.run(["search", "--endpoint", stalled.url, "--timeout", "1"])
        #expect(result.status == 75, "\(result.stderr)")
        #expect(result.stderr.contains("no answer"))
        #expect(Date().timeIntervalSince(start) < 20)
    }

    @Test("503 is retried with backoff, then succeeds")
    func retries503() async throws {
        let flaky = try await MisbehavingServer("flaky503")
        let result = try await HotelsBinary.run(["search", "--endpoint", flaky.url, "--retries", "3"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Flaky Inn"))
    }

    @Test("a response cut off mid-hotel: exit 65, never a short result")
    func truncated() async throws {
        let cut = try await MisbehavingServer("truncate")
        let result = try await HotelsBinary.run(["search", "--endpoint", cut.url])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count <= 1)
    }

    @Test("the server dying during --all: non-zero, and the count of rows written")
    func diesMidway() async throws {
        let server = try await LiveServer.start()
        let search = try ChildProcess(
            [HotelsBinary.url.path, "search", "--endpoint", server.endpoint, "--all", "--page-size", "5", "--retries", "0"],
            stdout: .capture, stderr: .capture)
        // Let the first rows arrive, then stop the service under it.
        try await waitUntil("the first rows (or the search to end)", interval: .milliseconds(5), state: "stderr: " + search.stderr) {
            search.poll() != nil || !search.stdout.isEmpty
        }
        try await server.stop()
        let status = try await search.waitForExit().code
        let errors = search.stderr
        let rows = search.stdout.split(separator: "\n").count - 1
        if status == 0 {
            // The whole result made it out before the service went away: nothing to check.
            #expect(rows == 3000)
        } else {
            #expect([69, 65].contains(status), "\(errors)")
            #expect(errors.contains("\(rows) row(s) were written before the error"), "\(errors)")
        }
    }

    @Test(
        "usage errors: exit 64 with the flag named",
        arguments: [
            (["search"], "--endpoint"),
            (["search", "--endpoint", "ftp://x/soap"], "http"),
            (["search", "--endpoint", "http://x/soap", "--near", "91,0", "--radius", "1"], "--near"),
            (["search", "--endpoint", "http://x/soap", "--sort", "distance"], "--near"),
            (["search", "--endpoint", "http://x/soap", "--format", "xml"], "format"),
            (["search", "--endpoint", "http://x/soap", "--bogus"], "--bogus"),
            // The unknown flag, not the missing --endpoint: it is the mistake to fix first.
            (["search", "--bogus"], "unknown option '--bogus'"),
        ])
    func usage(_ arguments: [String], _ mentions: String) async throws {
        let result = try await HotelsBinary.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(mentions), "\(result.stderr)")
    }
}

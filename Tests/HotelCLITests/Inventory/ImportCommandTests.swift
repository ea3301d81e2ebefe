import ChildProcess
import Foundation
import HotelTestSupport
import Imaging
import Testing

/// `hotels import` as a user runs it: exit codes, the one error line, the summary, and a
/// catalog that is either changed as a whole or not at all.
@Suite("hotels import", .serialized)
struct ImportCommandTests {
    static let header = "hotel_id,name,address,city,country,latitude,longitude,stars,price,currency,phone,amenities,description,logo"
    /// Three hotels: a Korean name, a name with a comma and quotes, a description over two
    /// lines, a phone left out, a logo of its own.
    static let hotels =
        header + "\n"
        + "MY-001,서울 스테이 강남,\"123 Teheran-ro, Gangnam-gu\",Seoul,KR,37.501274,127.039585,4,185000,KRW,+82 2-555-0100,\"wifi,breakfast\",Near the station.,logos/seoul.png\n"
        + "MY-002,\"The \"\"Comma, Inn\"\"\",1 Rue de Rivoli,Paris,FR,48.8566,2.3522,3,129.5,EUR,,pool,\"Two lines:\nthe second.\",\n"
        + "MY-003,Zürich Zimmer,Bahnhofstrasse 1,Zürich,CH,47.3769,8.5417,2,99.90,CHF,+41 44 000 00 00,,,\n"

    static func prepared() throws -> InventoryScratch {
        let scratch = try InventoryScratch()
        try scratch.write("hotels.csv", hotels)
        try scratch.write(
            "logos/seoul.png", bytes: try InventoryScratch.png(width: 300, height: 300, RGBAColor(red: 0, green: 90, blue: 200)))
        return scratch
    }

    @Test("a CSV into a new catalog: a summary line on stderr, nothing on stdout; the server finds the hotels and serves the logo")
    func newCatalogServed() async throws {
        let scratch = try Self.prepared()
        let result = try await scratch.hotels(["import", "hotels.csv", "--into", "mine.sqlite"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.hasPrefix("imported 3 rows into mine.sqlite (created): 3 new, 0 changed, 0 unchanged, 0 deleted ("))

        let server = try await LiveServer.start(catalog: scratch.path("mine.sqlite"))
        defer { server.kill() }
        let seoul = try await HotelsBinary.run(["search", "--endpoint", server.endpoint, "--city", "seoul", "--format", "json"])
        #expect(seoul.status == 0, "\(seoul.stderr)")
        #expect(seoul.stdout.contains(#""hotel_id":"MY-001","name":"서울 스테이 강남""#), "\(seoul.stdout)")
        #expect(seoul.stdout.contains(#""price":"185000","currency":"KRW""#))
        let comma = try await HotelsBinary.run(["search", "--endpoint", server.endpoint, "--name", "comma", "--format", "csv"])
        #expect(
            comma.stdout.contains("MY-002,\"The \"\"Comma, Inn\"\"\",1 Rue de Rivoli,Paris,FR,48.8566,2.3522,3,129.50,EUR,"),
            "\(comma.stdout)")
        let near = try await HotelsBinary.run([
            "search", "--endpoint", server.endpoint, "--near", "47.3769,8.5417", "--radius", "1", "--max-price", "100", "--currency", "CHF",
        ])
        #expect(near.stdout.contains("MY-003,Zürich Zimmer"), "\(near.stdout)")

        let logo = try await ChildProcess.run([
            "/usr/bin/curl", "-s", "--max-time", "10", "-o", scratch.path("got.png"), server.url + "/logos/MY-001.png?size=128",
        ])
        #expect(logo.status == 0)
        let image = try ImageDecoder.decode(try scratch.read("got.png"))
        #expect((image.width, image.height) == (128, 128))
        // The stored logo, not a monogram: its colour, give or take the resampling's rounding.
        let pixel = image[64, 64]
        #expect(abs(Int(pixel.red) - 0) <= 1 && abs(Int(pixel.green) - 90) <= 1 && abs(Int(pixel.blue) - 200) <= 1, "\(pixel)")
    }

    @Test("the same file again changes nothing; a changed price changes one hotel; a dry run says so and writes nothing")
    func reimport() async throws {
        let scratch = try Self.prepared()
        _ = try await scratch.hotels(["import", "hotels.csv", "--into", "mine.sqlite"])
        let again = try await scratch.hotels(["import", "hotels.csv", "--into", "mine.sqlite"])
        #expect(again.status == 0)
        #expect(again.stderr.hasPrefix("imported 3 rows into mine.sqlite: 0 new, 0 changed, 3 unchanged, 0 deleted ("), "\(again.stderr)")

        try scratch.write("hotels.csv", Self.hotels.replacingOccurrences(of: "99.90,CHF", with: "89.90,CHF"))
        let before = try scratch.read("mine.sqlite")
        let dry = try await scratch.hotels(["import", "hotels.csv", "--into", "mine.sqlite", "--dry-run"])
        #expect(dry.status == 0)
        #expect(
            dry.stderr
                == "dry run: 3 rows checked, nothing written to mine.sqlite; an import would make 0 new, 1 changed, 2 unchanged, 0 deleted\n"
        )
        #expect(try scratch.read("mine.sqlite") == before)
        let real = try await scratch.hotels(["import", "hotels.csv", "--into", "mine.sqlite"])
        #expect(real.stderr.hasPrefix("imported 3 rows into mine.sqlite: 0 new, 1 changed, 2 unchanged, 0 deleted ("))
        #expect(try await scratch.export("mine.sqlite").contains(",89.90,CHF,"))
    }

    @Test("a deleted column removes single hotels; --delete-missing makes the catalog equal to the files")
    func deletions() async throws {
        let scratch = try Self.prepared()
        _ = try await scratch.hotels(["import", "hotels.csv", "--into", "mine.sqlite"])
        try scratch.write("gone.csv", "hotel_id,deleted\nMY-002,true\nNOT-THERE,1\n")
        let deleted = try await scratch.hotels(["import", "gone.csv", "--into", "mine.sqlite"])
        #expect(
            deleted.stderr.hasPrefix("imported 2 rows into mine.sqlite: 0 new, 0 changed, 1 unchanged, 1 deleted ("), "\(deleted.stderr)")
        let left = try await scratch.export("mine.sqlite")
        #expect(left.split(separator: "\n").map { $0.prefix(6) } == ["hotel_", "MY-001", "MY-003"])

        try scratch.write(
            "only.jsonl",
            #"{"hotel_id":"MY-003","name":"Zürich Zimmer","address":"Bahnhofstrasse 1","city":"Zürich","country":"CH","latitude":47.3769,"longitude":8.5417,"stars":2,"price":"99.90","currency":"CHF"}"#
                + "\n")
        let sync = try await scratch.hotels(["import", "only.jsonl", "--into", "mine.sqlite", "--delete-missing"])
        #expect(sync.stderr.hasPrefix("imported 1 row into mine.sqlite: 0 new, 0 changed, 1 unchanged, 1 deleted ("), "\(sync.stderr)")
        #expect(try await scratch.export("mine.sqlite").split(separator: "\n").map { $0.prefix(6) } == ["hotel_", "MY-003"])
    }

    /// A bad row of each kind, the line it must print, and the file it is in.
    static let refusals: [(file: String, text: String, line: String)] = [
        (
            "cols.csv", header + ",colour\n",
            "cols.csv:1: column colour: not a column: the columns are hotel_id, name, address, city, country, latitude, longitude, stars, price, currency, phone, amenities, description, logo, deleted, distance_km, logo_url"
        ),
        (
            "req.csv", header.replacingOccurrences(of: ",currency", with: "") + "\n",
            "req.csv:1: column currency: missing from the header: every hotel needs hotel_id, name, address, city, country, latitude, longitude, stars, price, currency"
        ),
        (
            "num.csv", header + "\nN-1,Inn,Road 1,Oslo,NO,59.9,10.7,three,900,NOK,,,,\n",
            "num.csv:2: column stars: \"three\" is not a whole number from 0 (unrated) to 5"
        ),
        (
            "lat.csv", header + "\nN-1,Inn,Road 1,Oslo,NO,95,10.7,3,900,NOK,,,,\n",
            "lat.csv:2: column latitude: 95 is out of range: latitude is -90 to 90"
        ),
        (
            "cur.jsonl",
            #"{"hotel_id":"N-1","name":"Inn","address":"Road 1","city":"Oslo","country":"NO","latitude":59.9,"longitude":10.7,"stars":3,"price":"900","currency":"NOX"}"#
                + "\n",
            "cur.jsonl:1: column currency: \"NOX\" is not a currency the catalog knows: AED, ARS, AUD, BRL, CAD, CHF, CLP, CNY, COP, CUP, CZK, DKK, EGP, EUR, FJD, GBP, HKD, INR, ISK, JPY, KES, KRW, MAD, MXN, NGN, NOK, NZD, PEN, PLN, RUB, SAR, SEK, SGD, THB, TRY, TWD, USD, VND, ZAR"
        ),
        (
            "dup.csv",
            header
                + "\nN-1,Inn,Road 1,Oslo,NO,59.9,10.7,3,900,NOK,,,,\nN-2,Inn,Road 2,Oslo,NO,59.9,10.7,3,900,NOK,,,,\nN-1,Inn,Road 3,Oslo,NO,59.9,10.7,3,900,NOK,,,,\n",
            "dup.csv:4: column hotel_id: N-1 is given twice, first at line 2: each hotel once per import"
        ),
        (
            "nologo.csv", header + "\nN-1,Inn,Road 1,Oslo,NO,59.9,10.7,3,900,NOK,,,,logos/none.png\n",
            "nologo.csv:2: column logo: logos/none.png: cannot read it: No such file or directory"
        ),
        (
            "badlogo.csv", header + "\nN-1,Inn,Road 1,Oslo,NO,59.9,10.7,3,900,NOK,,,,hotels.csv\n",
            "badlogo.csv:2: column logo: hotels.csv: not a PNG or JPEG image: give a PNG or JPEG file"
        ),
    ]

    /// Exit 65, the one line on standard error, nothing on standard output.
    static func expectRefused(_ result: HotelsBinary.Result, _ line: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 65, sourceLocation: sourceLocation)
        #expect(result.stderr == "hotels: \(line)\n", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
    }

    @Test(
        "a bad row: exit 65, one line FILE:LINE: column NAME: what is wrong, and the catalog's hotels and bytes as they were",
        arguments: refusals.indices)
    func refused(_ index: Int) async throws {
        let (file, text, line) = Self.refusals[index]
        let scratch = try Self.prepared()
        _ = try await scratch.hotels(["import", "hotels.csv", "--into", "mine.sqlite"])
        try scratch.write(file, text)
        // The first file's rows are written before the bad one is read: all of it must go.
        try scratch.write(
            "hotels.csv",
            Self.hotels.replacingOccurrences(of: "99.90,CHF", with: "89.90,CHF") + "MY-004,New Inn,Road 4,Oslo,NO,59.9,10.7,3,900,NOK,,,,\n"
        )
        let hotelsBefore = try await scratch.export("mine.sqlite")
        let bytesBefore = try scratch.read("mine.sqlite")
        Self.expectRefused(try await scratch.hotels(["import", "hotels.csv", file, "--into", "mine.sqlite"]), line)
        #expect(try await scratch.export("mine.sqlite") == hotelsBefore)
        #expect(try scratch.read("mine.sqlite") == bytesBefore)
    }

    @Test(
        "a bad row into a new catalog (rows read on a second thread): exit 65, the same line, no catalog and nothing beside it",
        arguments: refusals.indices)
    func refusedIntoNew(_ index: Int) async throws {
        let (file, text, line) = Self.refusals[index]
        let scratch = try Self.prepared()
        try scratch.write(file, text)
        // Three thousand good rows first: several batches have crossed to the inserting
        // thread when the reading one stops.
        var many = Self.header + "\n"
        for number in 1...3_000 { many += "MANY-\(number),Inn \(number),Road 1,Oslo,NO,59.9,10.7,3,900,NOK,,,,\n" }
        try scratch.write("many.csv", many)
        Self.expectRefused(try await scratch.hotels(["import", "many.csv", "hotels.csv", file, "--into", "new.sqlite"]), line)
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.directory.path).filter { $0.contains("new.sqlite") }
        #expect(left.isEmpty, "\(left)")
    }

    @Test("a missing input file: exit 66 before the catalog is touched; a file that is not a catalog: exit 66; - without --format: exit 64")
    func inputsAndCatalogs() async throws {
        let scratch = try Self.prepared()
        let missing = try await scratch.hotels(["import", "hotels.csv", "nowhere.csv", "--into", "mine.sqlite"])
        #expect(missing.status == 66)
        #expect(missing.stderr == "hotels: nowhere.csv: cannot read it: No such file or directory\n")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("mine.sqlite")))

        try scratch.write("text.sqlite", "just text, not a catalog")
        let notCatalog = try await scratch.hotels(["import", "hotels.csv", "--into", "text.sqlite"])
        #expect(notCatalog.status == 66)
        #expect(notCatalog.stderr == "hotels: text.sqlite is not a HotelSearch catalog: not an SQLite database\n")
        #expect(try scratch.read("text.sqlite") == Data("just text, not a catalog".utf8))

        let stdin = try await scratch.hotels(["import", "-", "--into", "mine.sqlite"], stdin: Self.hotels)
        #expect(stdin.status == 64)
        #expect(stdin.stderr.hasPrefix("hotels: standard input: cannot tell its format from its name"), "\(stdin.stderr)")
        let withFormat = try await scratch.hotels(["import", "-", "--format", "csv", "--into", "mine.sqlite"], stdin: Self.hotels)
        #expect(withFormat.status == 0, "\(withFormat.stderr)")

    }

    @Test("what `hotels search --all` writes (csv and json) imports back into the catalog it came from unchanged")
    func searchOutput() async throws {
        let scratch = try InventoryScratch()
        let catalog = try await scratch.seed("served.sqlite", count: 300)
        let server = try await LiveServer.start(catalog: catalog)
        defer { server.kill() }
        for format in ["csv", "json"] {
            let rows = try await HotelsBinary.run(["search", "--endpoint", server.endpoint, "--all", "--format", format])
            #expect(rows.status == 0)
            let file = try scratch.write("found.\(format)", rows.stdout)
            let result = try await scratch.hotels(["import", file, "--into", "served.sqlite"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(
                result.stderr.hasPrefix("imported 300 rows into served.sqlite: 0 new, 0 changed, 300 unchanged, 0 deleted ("),
                "\(result.stderr)")
        }
    }
}

/// The README's example file is the sample the README imports, and both samples do what the
/// README says.
@Suite("Your own hotels: the samples")
struct InventorySampleTests {
    @Test("the CSV shown in the README is Samples/inventory/hotels.csv; it imports with its logo; bad-latitude.csv exits 65")
    func samples() async throws {
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        let sample = try String(contentsOfFile: HotelsBinary.sample("inventory/hotels.csv"), encoding: .utf8)
        #expect(readme.contains("```text\n" + sample + "```\n"))

        let scratch = try InventoryScratch()
        let good = try await scratch.hotels(["import", HotelsBinary.sample("inventory/hotels.csv"), "--into", "mine.sqlite"])
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stderr.hasPrefix("imported 4 rows into mine.sqlite (created): 4 new, 0 changed, 0 unchanged, 0 deleted ("))
        let exported = try await scratch.export("mine.sqlite", ["--logos", "logos"])
        #expect(exported.contains(",logos/ACME-1.png\n") && exported.contains(",logos/ACME-2.png\n"))

        let bad = try await scratch.hotels(["import", HotelsBinary.sample("inventory/bad-latitude.csv"), "--into", "mine.sqlite"])
        #expect(bad.status == 65)
        #expect(
            bad.stderr
                == "hotels: \(HotelsBinary.sample("inventory/bad-latitude.csv")):2: column latitude: 91.2 is out of range: latitude is -90 to 90\n"
        )
    }
}

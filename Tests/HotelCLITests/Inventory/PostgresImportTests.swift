import ChildProcess
import Foundation
import HotelTestSupport
import Imaging
import Testing

/// `hotels import --into postgres://…` and `hotels export --catalog postgres://…` against a
/// real PostgreSQL (`scripts/pg-temp`), held to the SQLite import's behaviour: each step
/// runs on both catalogs and must print the same counts and export the same bytes, logos
/// included. The SQLite path's own tests (`ImportCommandTests`) say what that behaviour is.
@Suite("hotels import into PostgreSQL", .serialized)
struct PostgresImportTests {
    /// A summary line with the catalog's name and the time taken left out.
    static func counts(_ result: HotelsBinary.Result, catalog: String) -> String {
        var line = result.stderr.replacingOccurrences(of: catalog, with: "CATALOG")
        if let time = line.range(of: #" \([0-9.]+ s\)"#, options: .regularExpression) { line.removeSubrange(time) }
        return line
    }

    struct Pair {
        let scratch: InventoryScratch
        let postgres: TestPostgres
        let database: String
        let url: String

        /// The same import into both; their summary lines, which must agree.
        func both(_ arguments: [String], sameAs expected: String? = nil, sourceLocation: SourceLocation = #_sourceLocation)
            async throws -> String
        {
            let lite = try await scratch.hotels(["import"] + arguments + ["--into", "mine.sqlite"])
            let pg = try await scratch.hotels(["import"] + arguments + ["--into", url])
            #expect(lite.status == 0 && pg.status == 0, "\(lite.stderr) / \(pg.stderr)", sourceLocation: sourceLocation)
            let (a, b) = (counts(lite, catalog: "mine.sqlite"), counts(pg, catalog: url))
            #expect(a == b, sourceLocation: sourceLocation)
            if let expected { #expect(a == expected, sourceLocation: sourceLocation) }
            #expect(try await exports() == (try await scratch.export("mine.sqlite", ["--logos", "lite"])), sourceLocation: sourceLocation)
            return b
        }

        func exports() async throws -> String {
            try await scratch.export(url, ["--logos", "pg"]).replacingOccurrences(of: "pg/", with: "lite/")
        }

        var version: String {
            get async throws { try await postgres.psql(database, "SELECT version FROM catalog_version") }
        }
    }

    static func pair(_ name: String) async throws -> Pair {
        let postgres = try await TestPostgres.shared()
        let url = try await postgres.makeDatabase(name)
        return Pair(scratch: try ImportCommandTests.prepared(), postgres: postgres, database: name, url: url)
    }

    @Test(
        "new, again, a changed price (dry run first), deletions, an id out of order, left-out columns, --delete-missing: counts and exports as SQLite's"
    )
    func sameAsSQLite() async throws {
        let pair = try await Self.pair("import_same")
        let scratch = pair.scratch
        _ = try await pair.both(
            ["hotels.csv"], sameAs: "imported 3 rows into CATALOG (created): 3 new, 0 changed, 0 unchanged, 0 deleted\n")
        #expect(try scratch.read("pg/MY-001.png") == (try scratch.read("lite/MY-001.png")))

        let version = try await pair.version
        _ = try await pair.both(["hotels.csv"], sameAs: "imported 3 rows into CATALOG: 0 new, 0 changed, 3 unchanged, 0 deleted\n")
        #expect(try await pair.version == version, "an import that changes nothing raised catalog_version")

        try scratch.write("hotels.csv", ImportCommandTests.hotels.replacingOccurrences(of: "99.90,CHF", with: "89.90,CHF"))
        let before = try await pair.exports()
        let dry = try await scratch.hotels(["import", "hotels.csv", "--into", pair.url, "--dry-run"])
        #expect(
            Self.counts(dry, catalog: pair.url)
                == "dry run: 3 rows checked, nothing written to CATALOG; an import would make 0 new, 1 changed, 2 unchanged, 0 deleted\n")
        let (afterDry, versionAfterDry) = (try await pair.exports(), try await pair.version)
        #expect(afterDry == before && versionAfterDry == version)
        _ = try await pair.both(["hotels.csv"], sameAs: "imported 3 rows into CATALOG: 0 new, 1 changed, 2 unchanged, 0 deleted\n")
        #expect(try await pair.version != version)

        try scratch.write("gone.csv", "hotel_id,deleted\nMY-002,true\nNOT-THERE,1\n")
        _ = try await pair.both(["gone.csv"], sameAs: "imported 2 rows into CATALOG: 0 new, 0 changed, 1 unchanged, 1 deleted\n")

        // AA-… sorts before every stored id: the ids are put back in HotelId order.
        try scratch.write(
            "first.csv",
            ImportCommandTests.header + "\nAA-000,Ålesund Brygge,Kai 1,Ålesund,NO,62.4722,6.1495,3,1200,NOK,,,Harbour.,logos/seoul.png\n")
        _ = try await pair.both(
            ["first.csv"], sameAs: "imported 1 row into CATALOG: 1 new, 0 changed, 0 unchanged, 0 deleted; renumbered into HotelId order\n")
        #expect(try await pair.exports().split(separator: "\n").map { $0.prefix(6) } == ["hotel_", "AA-000", "MY-001", "MY-003"])

        // No phone, amenities or description column: those are kept; an empty logo is the monogram.
        try scratch.write(
            "renamed.csv",
            "hotel_id,name,address,city,country,latitude,longitude,stars,price,currency,logo\n"
                + "MY-001,Gangnam Stay,\"123 Teheran-ro, Gangnam-gu\",Seoul,KR,37.501274,127.039585,4,185000,KRW,\n")
        _ = try await pair.both(["renamed.csv"], sameAs: "imported 1 row into CATALOG: 0 new, 1 changed, 0 unchanged, 0 deleted\n")
        let renamed = try await pair.exports()
        #expect(renamed.contains("MY-001,Gangnam Stay,") && !renamed.contains("lite/MY-001.png"), "\(renamed)")

        try scratch.write(
            "only.jsonl",  // 99.90 again: changed back.
            #"{"hotel_id":"MY-003","name":"Zürich Zimmer","address":"Bahnhofstrasse 1","city":"Zürich","country":"CH","latitude":47.3769,"longitude":8.5417,"stars":2,"price":"99.90","currency":"CHF"}"#
                + "\n")
        _ = try await pair.both(
            ["only.jsonl", "--delete-missing"], sameAs: "imported 1 row into CATALOG: 0 new, 1 changed, 0 unchanged, 2 deleted\n")
    }

    @Test("a bad row: exit 65 with the same line as into SQLite; the catalog's hotels and version as they were; a new database stays empty")
    func refusals() async throws {
        let pair = try await Self.pair("import_refused")
        let scratch = pair.scratch
        #expect(try await scratch.hotels(["import", "hotels.csv", "--into", pair.url]).status == 0)
        let (before, version) = (try await pair.exports(), try await pair.version)
        for (file, text, line) in ImportCommandTests.refusals {
            try scratch.write(file, text)
            let result = try await scratch.hotels(["import", "hotels.csv", file, "--into", pair.url])
            #expect(result.status == 65, "\(file): \(result.stderr)")
            #expect(result.stderr == "hotels: \(line)\n")
            let (after, versionAfter) = (try await pair.exports(), try await pair.version)
            #expect(after == before && versionAfter == version, "\(file)")
        }
        let empty = try await pair.postgres.makeDatabase("import_refused_new")
        let refused = try await scratch.hotels(["import", "hotels.csv", "num.csv", "--into", empty])
        #expect(refused.status == 65)
        let tables = try await pair.postgres.psql("import_refused_new", "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")
        #expect(tables.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "a refused import left tables behind")

        let nowhere = try await scratch.hotels(["import", "hotels.csv", "--into", "postgres://hotels@127.0.0.1:1/none"])
        #expect(nowhere.status == 74 && nowhere.stderr.contains("127.0.0.1:1"), "\(nowhere.stderr)")
    }

    @Test(
        "served from PostgreSQL: the imported hotels found and the stored logo drawn; export | import into another database exports the same bytes"
    )
    func servedAndRoundTrip() async throws {
        let pair = try await Self.pair("import_served")
        let scratch = pair.scratch
        #expect(try await scratch.hotels(["import", "hotels.csv", "--into", pair.url]).status == 0)
        let server = try await LiveServer.start(catalog: pair.url)
        defer { server.kill() }
        let seoul = try await HotelsBinary.run(["search", "--endpoint", server.endpoint, "--city", "seoul", "--format", "json"])
        #expect(seoul.stdout.contains(#""hotel_id":"MY-001","name":"서울 스테이 강남""#), "\(seoul.stdout) \(seoul.stderr)")
        let logo = try await ChildProcess.run([
            "/usr/bin/curl", "-s", "--max-time", "10", "-o", scratch.path("got.png"), server.url + "/logos/MY-001.png?size=128",
        ])
        #expect(logo.status == 0)
        let pixel = try ImageDecoder.decode(try scratch.read("got.png"))[64, 64]
        #expect(abs(Int(pixel.red) - 0) <= 1 && abs(Int(pixel.green) - 90) <= 1 && abs(Int(pixel.blue) - 200) <= 1, "\(pixel)")

        let copy = try await pair.postgres.makeDatabase("import_served_copy")
        let exported = try await scratch.export(pair.url, ["--format", "jsonl"])
        let imported = try await scratch.hotels(["import", "-", "--format", "jsonl", "--into", copy], stdin: exported)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try await scratch.export(copy, ["--format", "jsonl"]) == exported)
    }

    @Test(
        "an incomplete catalog an interrupted import or seed left is replaced; two imports into one new database: one creates, the other finds it"
    )
    func newCatalogUnderTheLock() async throws {
        let pair = try await Self.pair("import_lock")
        let scratch = pair.scratch
        let created = "imported 3 rows into CATALOG (created): 3 new, 0 changed, 0 unchanged, 0 deleted\n"
        // Stopped before its schema was recorded, and stopped before it was marked complete.
        for interrupted in ["DELETE FROM schema_version", "UPDATE meta SET value = 'false' WHERE key = 'complete'"] {
            #expect(try await scratch.hotels(["import", "hotels.csv", "--into", pair.url]).status == 0)
            _ = try await pair.postgres.psql(pair.database, interrupted + "; DELETE FROM hotels WHERE hotel_id = 'MY-001'")
            let again = try await scratch.hotels(["import", "hotels.csv", "--into", pair.url])
            #expect(again.status == 0, "\(again.stderr)")
            #expect(Self.counts(again, catalog: pair.url) == created, "after \(interrupted)")
            #expect(try await pair.exports().contains("MY-001,"))
            _ = try await pair.postgres.psql(pair.database, PostgresImportTests.dropEverything)
        }

        let (url, directory) = (pair.url, scratch.directory.path)
        let run: @Sendable () async throws -> HotelsBinary.Result = {
            HotelsBinary.Result(
                try await ChildProcess.run(
                    [HotelsBinary.url.path, "import", "hotels.csv", "--into", url], environment: HotelsBinary.environment([:]),
                    directory: directory))
        }
        async let first = run()
        async let second = run()
        let lines = [try await first, try await second].map { Self.counts($0, catalog: url) }.sorted()
        #expect(lines == ["imported 3 rows into CATALOG: 0 new, 0 changed, 3 unchanged, 0 deleted\n", created].sorted(), "\(lines)")
    }

    /// What `hotels seed --force` drops, and the extensions: a database as new.
    static let dropEverything = """
        DROP TABLE IF EXISTS hotel_logos, hotel_descriptions, hotels, currencies, meta, catalog_version, schema_version CASCADE;
        DROP FUNCTION IF EXISTS hs_distance_km(float8, float8, float8, float8);
        DROP FUNCTION IF EXISTS hs_catalog_changed() CASCADE
        """
}

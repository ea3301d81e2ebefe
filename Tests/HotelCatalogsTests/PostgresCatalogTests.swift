import Foundation
import HotelSOAP
import HotelTestSupport
import Logging
import Testing

@testable import HotelCatalogs
@testable import HotelSeeder

/// The PostgreSQL catalog against a real server (`TestPostgres`): it must answer exactly
/// as the SQLite catalog does, and refuse schemas it does not read.
@Suite("PostgreSQL catalog", .serialized)
struct PostgresCatalogTests {
    static let logger = Logger(label: "test.postgres")

    /// SQLite and PostgreSQL seeded alike, once per process.
    final class Pair: Sendable {
        let sqlite: SQLiteCatalog
        let postgres: PostgresCatalog
        let url: String
        let hotels: [HotelInfo]

        init(sqlite: SQLiteCatalog, postgres: PostgresCatalog, url: String, hotels: [HotelInfo]) {
            self.sqlite = sqlite
            self.postgres = postgres
            self.url = url
            self.hotels = hotels
        }
    }

    actor PairStore {
        var task: Task<Pair, any Error>?
        func get() -> Task<Pair, any Error> {
            if let task { return task }
            let task = Task { try await PostgresCatalogTests.makePair() }
            self.task = task
            return task
        }
    }
    static let store = PairStore()
    static let count = 5_000
    static let seed: UInt64 = 1234

    static func makePair() async throws -> Pair {
        let postgres = try await TestPostgres.shared()
        let url = try await postgres.makeDatabase("same_answers")
        let directory = try TempDirectory.make("pg-pair")
        let path = directory.appendingPathComponent("pair.sqlite").path
        try CatalogSeeder.seed(count: count, seed: seed, to: path)
        try await PostgresSeeder.seed(count: count, seed: seed, url: url, replace: false, logger: logger)
        let sqlite = try SQLiteCatalog(path: path, baseURL: "")
        let catalog = try await PostgresCatalog.open(url: url, logger: logger)
        let hotels = try CatalogFixture.readAll(path).map(\.hotel)
        return Pair(sqlite: sqlite, postgres: catalog, url: url, hotels: hotels)
    }

    static func pair() async throws -> Pair { try await store.get().value }

    /// 200 random queries from a fixed seed, every page of each compared: ids in order,
    /// TotalCount, and the whole hotel (distances to the bit).
    @Test func sameAnswersAsSQLite() async throws {
        let pair = try await Self.pair()
        var random = SplitMix64(seed: 19)
        var pagesCompared = 0
        var nonEmpty = 0
        for index in 0..<200 {
            let query = Self.randomQuery(&random, hotels: pair.hotels)
            var offsets: [Int] = []
            let first = try await pair.sqlite.search(query)
            let limit = query.limit ?? 50
            // The first pages in turn, then a deep one and the very last.
            var offset = query.offset ?? 0
            for _ in 0..<4 where offset < first.totalCount {
                offsets.append(offset)
                offset += limit
            }
            if first.totalCount > 0 {
                offsets.append(random.int(0...(first.totalCount - 1)))
                offsets.append(max(0, first.totalCount - 1))
            }
            offsets.append(first.totalCount + 3)  // past the end: empty, same total
            for offset in offsets {
                var paged = query
                paged.offset = offset
                let expected = try await pair.sqlite.search(paged)
                let actual = try await pair.postgres.search(paged)
                let description = "query #\(index) \(Self.describe(paged))"
                #expect(actual.totalCount == expected.totalCount, "TotalCount differs for \(description)")
                #expect(actual.hotels.map(\.id) == expected.hotels.map(\.id), "ids differ for \(description)")
                if actual.hotels.map(\.id) == expected.hotels.map(\.id) {
                    for (a, e) in zip(actual.hotels, expected.hotels) where a != e {
                        Issue.record("hotel \(e.id) differs for \(description): \(a) vs \(e)")
                        break
                    }
                }
                pagesCompared += 1
                if !expected.hotels.isEmpty { nonEmpty += 1 }
            }
        }
        // The random queries must exercise something: most pages should hold hotels.
        #expect(nonEmpty > pagesCompared / 3, "\(nonEmpty) of \(pagesCompared) pages had hotels")
    }

    /// Points where naive geometry breaks: both sides of the antimeridian near Suva, and
    /// circles around both poles big enough to reach Reykjavík and Melbourne.
    static let hardPoints: [(Double, Double, ClosedRange<Double>)] = [
        (-18.1416, 179.99, 10...400), (-18.1416, -179.99, 10...400), (-17.5, 180, 50...800), (-18.2, -179.2, 60...300),
        (89.9, 0, 2_500...4_000), (90, 45, 2_700...3_500), (-90, 0, 5_000...8_000), (-89.5, 170, 5_500...7_000),
        (64.1466, -21.9426, 0.5...30), (0, 0, 15_000...20_000),
    ]

    static func randomQuery(_ random: inout SplitMix64, hotels: [HotelInfo]) -> HotelQuery {
        var query = HotelQuery()
        let hotel = random.pick(hotels)
        if random.chance(0.35) {
            // The city as typed by someone else: case, accents and spaces vary.
            let city = random.pick(CatalogSeeder.cityNames)
            query.city = random.chance(0.3) ? "  " + city.uppercased() + " " : city
        }
        if random.chance(0.3) {
            let name = Array(hotel.name)
            let length = random.int(1...min(6, max(1, name.count)))
            let start = random.int(0...(name.count - length))
            var part = String(name[start..<(start + length)])
            if random.chance(0.3) { part = part.uppercased() }
            query.name = part
        }
        if random.chance(0.4) {
            if random.chance(0.5) {
                let (lat, lon, radii) = random.pick(hardPoints)
                query.near = GeoCircle(
                    latitude: lat, longitude: lon, radiusKm: radii.lowerBound + random.unit() * (radii.upperBound - radii.lowerBound))
            } else {
                query.near = GeoCircle(
                    latitude: hotel.latitude + (random.unit() - 0.5) * 0.1, longitude: hotel.longitude + (random.unit() - 0.5) * 0.1,
                    radiusKm: 0.2 + random.unit() * 30)
            }
        }
        if random.chance(0.25) { query.minStars = random.int(1...5) }
        if random.chance(0.25) {
            let currency = random.pick(["USD", "EUR", "JPY", "KRW", "GBP"])
            let scale: Double = ["JPY": 150, "KRW": 1300][currency] ?? 1
            query.currency = currency
            query.maxPrice = Decimal(Int((40 + random.unit() * 400) * scale))
        }
        if random.chance(0.2) {
            query.amenities = (0..<random.int(1...3)).map { _ in random.pick(Amenity.all) }
        }
        var sorts: [HotelSOAP.SortOrder] = [.relevance, .stars, .price, .name]
        if query.near != nil { sorts += [.distance, .distance] }
        query.sortBy = random.chance(0.1) ? nil : random.pick(sorts)
        query.limit = random.pick([1, 7, 20, 50, 120, 500])
        query.offset = random.chance(0.2) ? random.int(0...3_000) : 0
        return query
    }

    static func describe(_ q: HotelQuery) -> String {
        var parts: [String] = []
        if let city = q.city { parts.append("city=\"\(city)\"") }
        if let name = q.name { parts.append("name=\"\(name)\"") }
        if let near = q.near { parts.append("near=(\(near.latitude), \(near.longitude), \(near.radiusKm) km)") }
        if let stars = q.minStars { parts.append("minStars=\(stars)") }
        if let price = q.maxPrice { parts.append("maxPrice=\(price) \(q.currency ?? "USD")") }
        if !q.amenities.isEmpty { parts.append("amenities=\(q.amenities)") }
        parts.append("sort=\(q.sortBy.map { "\($0)" } ?? "default") offset=\(q.offset ?? 0) limit=\(q.limit ?? 50)")
        return parts.joined(separator: " ")
    }

    @Test func getHotelLogoAndCountAsSQLite() async throws {
        let pair = try await Self.pair()
        #expect(try await pair.postgres.hotelCount == Self.count)
        for id in ["H0000001", "H0002500", "H0005000"] {
            #expect(try await pair.postgres.hotel(id: id) == (try await pair.sqlite.hotel(id: id)))
            #expect(try await pair.postgres.logo(id: id) == (try await pair.sqlite.logo(id: id)))
        }
        #expect(try await pair.postgres.hotel(id: "H9999999") == nil)
        #expect(try await pair.postgres.logo(id: "nope") == nil)
        try await pair.postgres.checkReadable()
        #expect(pair.postgres.storeDescription.hasPrefix("postgresql catalog postgres://hotels@127.0.0.1:"))
    }

    @Test func invalidQueriesFailAsInSQLite() async throws {
        let pair = try await Self.pair()
        var query = HotelQuery(sortBy: .distance)
        await #expect(throws: CatalogError.invalidQuery(field: "SortBy", message: "SortBy distance needs Near (a point and a radius)")) {
            _ = try await pair.postgres.search(query)
        }
        query = HotelQuery(name: "100%_\\")
        #expect(try await pair.postgres.search(query).totalCount == 0)
    }

    /// A database at another schema version is refused with a one-line message, in both
    /// directions; `PostgresSchema.migrate` brings an empty database to the current version.
    @Test func schemaVersionsAreChecked() async throws {
        let postgres = try await TestPostgres.shared()
        let url = try await postgres.makeDatabase("versions")
        try await PostgresSeeder.seed(count: 20, seed: 1, url: url, replace: false, logger: Self.logger)
        let current = PostgresSchema.currentVersion

        try await postgres.psql("versions", "INSERT INTO schema_version (version, applied_by) VALUES (\(current + 1), 'a newer hotels')")
        do {
            _ = try await PostgresCatalog.open(url: url, logger: Self.logger)
            Issue.record("a newer schema was opened")
        } catch let error as CatalogError {
            #expect(error.kind == .schemaMismatch)
            #expect(error.description.contains("newer than this program's \(current)"), "\(error)")
            #expect(!error.description.contains("\n"))
        }
        await #expect(throws: CatalogError.self) {
            try await PostgresSeeder.seed(count: 20, seed: 1, url: url, replace: true, logger: Self.logger)
        }

        try await postgres.psql("versions", "DELETE FROM schema_version WHERE version >= \(current)")
        do {
            _ = try await PostgresCatalog.open(url: url, logger: Self.logger)
            Issue.record("an older schema was opened")
        } catch let error as CatalogError {
            #expect(error.kind == .schemaMismatch || error.kind == .notACatalog, "\(error)")
        }

        // Never seeded: a plain message naming the seed command.
        let empty = try await postgres.makeDatabase("never_seeded")
        do {
            _ = try await PostgresCatalog.open(url: empty, logger: Self.logger)
            Issue.record("an empty database was opened")
        } catch let error as CatalogError {
            #expect(error.kind == .notACatalog && error.description.contains("hotels seed --output"), "\(error)")
        }
        let applied = try await PostgresSeeder.migrate(url: empty, logger: Self.logger)
        #expect(applied == PostgresSchema.migrations.map(\.version))
        #expect(try await PostgresSeeder.migrate(url: empty, logger: Self.logger).isEmpty)
    }

    /// TLS as libpq users expect: require (no certificate check), verify-full against the
    /// server's certificate, and a wrong password refused.
    @Test func sslModesAndPasswords() async throws {
        let pair = try await Self.pair()
        let postgres = try await TestPostgres.shared()
        for query in ["sslmode=require", "sslmode=prefer", "sslmode=verify-full&sslrootcert=\(postgres.certificatePath)"] {
            let catalog = try await PostgresCatalog.open(url: postgres.url("same_answers", query: query), logger: Self.logger)
            #expect(try await catalog.search(HotelQuery(city: "Seoul", limit: 3)).hotels.count == 3, "\(query)")
            catalog.shutdown()
        }
        await #expect(throws: CatalogError.self) {
            _ = try await PostgresCatalog.open(url: postgres.url("same_answers", query: "sslmode=verify-full"), logger: Self.logger)
        }
        let wrong = pair.url.replacingOccurrences(of: "hotels@", with: "hotels:wrong@")
        await #expect(throws: CatalogError.self) { _ = try await PostgresCatalog.open(url: wrong, logger: Self.logger) }
    }
}

@Suite struct PostgresLocationTests {
    @Test func urlsAndPasswordSources() throws {
        let location = try PostgresLocation(url: "postgres://ann@db.example:6543/hotels?sslmode=require", environment: ["PGPASSWORD": "pw"])
        #expect(location.host == "db.example" && location.port == 6543 && location.user == "ann" && location.database == "hotels")
        #expect(location.sslMode == .require && location.password == "pw")
        #expect(location.description == "postgres://ann@db.example:6543/hotels?sslmode=require")
        #expect(try PostgresLocation(url: "postgresql://ann:s%40cret@h/d", environment: [:]).password == "s@cret")
        #expect(try PostgresLocation(url: "postgres://ann@h/d", environment: [:]).sslMode == .prefer)
        #expect(throws: CatalogError.self) { try PostgresLocation(url: "postgres://ann@h/d?sslmode=allow", environment: [:]) }
        #expect(throws: CatalogError.self) { try PostgresLocation(url: "mysql://ann@h/d", environment: [:]) }

        let directory = try TempDirectory.make("pgpass")
        let file = directory.appendingPathComponent("pgpass").path
        try "# comment\nother:5432:*:ann:no\ndb.example:*:hotels:ann:pa\\:ss\n".write(toFile: file, atomically: true, encoding: .utf8)
        chmod(file, 0o600)
        let fromFile = try PostgresLocation(url: "postgres://ann@db.example/hotels", environment: ["PGPASSFILE": file])
        #expect(fromFile.password == "pa:ss")
        chmod(file, 0o644)  // readable by others: ignored, as libpq does
        #expect(try PostgresLocation(url: "postgres://ann@db.example/hotels", environment: ["PGPASSFILE": file]).password == nil)
    }
}

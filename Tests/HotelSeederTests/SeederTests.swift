import Foundation
import GRDB
import HotelSOAP
import HotelTestSupport
import Testing

@testable import HotelCatalogs
@testable import HotelSeeder

@Suite("CatalogSeeder")
struct SeederTests {
    let fixture = CatalogFixture.shared

    static func dump(_ path: String) throws -> [[DatabaseValue]] {
        var config = Configuration()
        config.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: config)
        return try queue.read { db in
            var rows: [[DatabaseValue]] = []
            for table in ["meta", "currencies", "hotels", "hotel_descriptions", "hotel_amenities"] {
                rows += try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY 1, 2").map { Array($0.databaseValues) }
            }
            return rows
        }
    }

    @Test("same count and seed: identical rows and identical bytes; another seed differs")
    func determinism() throws {
        let directory = try TempDirectory.make("determinism")
        defer { try? FileManager.default.removeItem(at: directory) }
        let a = directory.appendingPathComponent("a.sqlite").path
        let b = directory.appendingPathComponent("b.sqlite").path
        let c = directory.appendingPathComponent("c.sqlite").path
        try CatalogSeeder.seed(count: 400, seed: 99, to: a)
        try CatalogSeeder.seed(count: 400, seed: 99, to: b)
        try CatalogSeeder.seed(count: 400, seed: 100, to: c)
        let rowsA = try Self.dump(a)
        #expect(rowsA.count > 400 * 3)
        #expect(rowsA == (try Self.dump(b)))
        #expect(FileManager.default.contents(atPath: a) == FileManager.default.contents(atPath: b))
        #expect(rowsA != (try Self.dump(c)))
        // A hotel depends on (seed, number) only: the first 400 of a bigger catalog are the same hotels.
        let generator = HotelGenerator(seed: 99)
        #expect(generator.hotel(number: 17) == HotelGenerator(seed: 99).hotel(number: 17))
        #expect(generator.hotel(number: 17) != HotelGenerator(seed: 100).hotel(number: 17))
    }

    @Test("the SplitMix64 stream is the published one")
    func splitMix() {
        // Reference values of SplitMix64 seeded with 1234567 (from the reference C implementation).
        var rng = SplitMix64(seed: 1_234_567)
        #expect([rng.next(), rng.next(), rng.next()] == [6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423])
    }

    @Test("at least 50 real cities on every inhabited continent")
    func cities() {
        #expect(SeedData.cities.count >= 50)
        #expect(Set(SeedData.cities.map(\.continent)) == Set(Continent.allCases))
        #expect(Set(SeedData.cities.map(\.name)).count == SeedData.cities.count)
        for city in SeedData.cities {
            #expect((-90...90).contains(city.latitude) && (-180...180).contains(city.longitude), "\(city.name)")
            #expect(Currencies.info(city.currency) != nil, "\(city.name)")
            #expect(city.country.count == 2 && city.weight > 0 && !city.districts.isEmpty && !city.streets.isEmpty)
        }
        // A few centres, to catch swapped coordinates.
        let seoul = SeedData.cities.first { $0.name == "Seoul" }!
        #expect(abs(seoul.latitude - 37.57) < 0.1 && abs(seoul.longitude - 126.98) < 0.1)
        let lima = SeedData.cities.first { $0.name == "Lima" }!
        #expect(lima.latitude < 0 && lima.longitude < 0)
        let cities = Set(fixture.hotels.map(\.city))
        #expect(cities.count >= 50)
    }

    static let scripts: [(String, ClosedRange<UInt32>)] = [
        ("Hangul", 0xAC00...0xD7A3), ("kana", 0x3040...0x30FF), ("Han", 0x4E00...0x9FFF), ("Arabic", 0x0600...0x06FF),
        ("Cyrillic", 0x0400...0x04FF), ("Greek", 0x0370...0x03FF), ("Thai", 0x0E00...0x0E7F), ("Devanagari", 0x0900...0x097F),
        ("accented Latin", 0x00C0...0x024F),
    ]

    @Test("names and addresses in local scripts, mixed with English names")
    func scripts() {
        func has(_ text: String, _ range: ClosedRange<UInt32>) -> Bool { text.unicodeScalars.contains { range.contains($0.value) } }
        for (script, range) in Self.scripts {
            #expect(fixture.hotels.contains { has($0.name, range) }, "no name in \(script)")
            #expect(fixture.hotels.contains { has($0.address, range) }, "no address in \(script)")
        }
        let seoul = fixture.hotels.filter { $0.city == "Seoul" }
        #expect(seoul.contains { has($0.name, 0xAC00...0xD7A3) } && seoul.contains { $0.name.allSatisfy(\.isASCII) })
        #expect(fixture.hotels.contains { $0.city == "Zürich" } && fixture.hotels.contains { $0.city == "São Paulo" })
        #expect(fixture.hotels.contains { has($0.address, 0x0660...0x0669) }, "Arabic-Indic digits in Cairo/Riyadh addresses")
    }

    @Test("ids, stars, prices, amenities, phones, logos, descriptions are well formed")
    func fields() throws {
        let ids = fixture.hotels.map(\.id)
        #expect(ids == (1...2000).map { String(format: "H%07d", $0) })
        for row in fixture.rows {
            let hotel = row.hotel
            #expect((0...5).contains(hotel.stars))
            #expect(hotel.amenities == Amenity.all.filter(hotel.amenities.contains), "canonical order")
            #expect(hotel.phone?.hasPrefix("+") == true && hotel.phone?.contains("#") == false)
            #expect(!hotel.name.isEmpty && !hotel.address.isEmpty && hotel.country.count == 2)
            let info = try #require(Currencies.info(hotel.price.currency))
            #expect(hotel.price.amount > 0)
            var minor = hotel.price.amount * Decimal(Int(Currencies.pow10(info.minorUnits)))
            var rounded = Decimal()
            NSDecimalRound(&rounded, &minor, 0, .plain)
            #expect(rounded == minor, "price \(hotel.price) has more decimals than \(info.code) allows")
            let usd = Currencies.usdValue(
                minorAmount: NSDecimalNumber(decimal: rounded).int64Value, minorUnits: info.minorUnits, rate: info.usdRate)
            #expect(usd == row.priceUSD)
            #expect(row.nameKey == CatalogText.fold(hotel.name))
            #expect(row.cityKey == CatalogText.fold(hotel.city))
        }
        // Stars: a few unrated, mostly 2–4.
        let unrated = fixture.hotels.filter { $0.stars == 0 }.count
        #expect(unrated > 0 && unrated < 200)
        // Amenity frequencies are plausible.
        let wifi = fixture.hotels.filter { $0.amenities.contains("wifi") }.count
        let ev = fixture.hotels.filter { $0.amenities.contains("ev-charging") }.count
        #expect(wifi > 1_600 && ev < 600 && ev > 20)
    }

    @Test("prices have the currency's decimals in the file: KRW/JPY none, EUR two")
    func priceText() throws {
        var config = Configuration()
        config.readonly = true
        let queue = try DatabaseQueue(path: fixture.path, configuration: config)
        let rows = try queue.read { db in try Row.fetchAll(db, sql: "SELECT price, currency FROM hotels") }
        for row in rows {
            let price: String = row[0]
            let currency: String = row[1]
            let decimals = price.split(separator: ".").dropFirst().first?.count ?? 0
            #expect(decimals == Currencies.info(currency)!.minorUnits, "\(price) \(currency)")
        }
        #expect(rows.contains { ($0[1] as String) == "KRW" } && rows.contains { ($0[1] as String) == "JPY" })
    }

    @Test("logo specs: 1–2 ASCII capitals or digits, a seed, version 1")
    func logos() async throws {
        var seeds = Set<UInt64>()
        for hotel in fixture.hotels.prefix(300) {
            let logo = try #require(try await fixture.catalog.logo(id: hotel.id))
            #expect((1...2).contains(logo.initials.count))
            #expect(logo.initials.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) }, "\(logo.initials)")
            seeds.insert(logo.seed)
        }
        #expect(seeds.count == 300)
        #expect(CatalogText.initials(of: "Hôtel de la Paix") == "HP")
        #expect(CatalogText.initials(of: "Złota Kaczka") == "ZK")
        #expect(CatalogText.initials(of: "Hótel Þingholt") == "HT")
        #expect(CatalogText.initials(of: "Khách sạn Đông Đô") == "KS")
        #expect(CatalogText.initials(of: "Gasthof Zum Löwen") == "GL")
    }

    @Test("the ASCII initials agree with the general rule on every seeded name and on odd ones")
    func asciiInitials() {
        let odd = [
            "", " ", "-", "&", "The", "the Inn", "l'd'Hotel", "d'l'Hotel", "L'", "Hotel  -  de la", "12 Rooms", "a-b-c",
            "'Quoted' Inn", "X\r\ny z", "Of And Hotel", "DELLA Rosa", "Hotel del", "**", "Inn of the Sea", "D'Or",
        ]
        var checked = 0
        for name in odd + fixture.hotels.map(\.name) {
            guard let fast = CatalogText.asciiInitials(of: name) else {
                #expect(!name.utf8.allSatisfy { $0 < 0x80 }, "\(name) is ASCII")
                continue
            }
            #expect(fast == CatalogText.unicodeInitials(of: name), "\(name)")
            checked += 1
        }
        #expect(checked > odd.count + 100)
    }

    @Test("hotels scatter around their city centre, most within 8 km")
    func scatter() {
        let centres = Dictionary(uniqueKeysWithValues: SeedData.cities.map { ($0.name, $0) })
        let distances = fixture.hotels.map { hotel -> Double in
            let city = centres[hotel.city]!
            return GeoMath.distanceKm(hotel.latitude, hotel.longitude, city.latitude, city.longitude)
        }
        #expect(distances.allSatisfy { $0 <= 25.01 })
        #expect(Double(distances.filter { $0 <= 8 }.count) / Double(distances.count) > 0.85)
        // Coordinates are on the microdegree grid the R*Tree uses.
        #expect(fixture.hotels.allSatisfy { ($0.latitude * 1e6).rounded() / 1e6 == $0.latitude })
    }

    @Test("descriptions: 2–4 sentences naming the city")
    func descriptions() async throws {
        for hotel in fixture.hotels.prefix(200) {
            let detail = try #require(try await fixture.catalog.hotel(id: hotel.id))
            let sentences = detail.description.split(separator: ". ").count
            #expect((2...4).contains(sentences), "\(detail.description)")
            #expect(detail.description.contains(hotel.city))
        }
    }

    @Test("count out of range is refused; an empty catalog opens")
    func counts() async throws {
        let directory = try TempDirectory.make("counts")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("x.sqlite").path
        #expect(throws: CatalogError.self) { try CatalogSeeder.seed(count: -1, seed: 1, to: path) }
        #expect(throws: CatalogError.self) { try CatalogSeeder.seed(count: 10_000_000, seed: 1, to: path) }
        var reported: [Int] = []
        try CatalogSeeder.seed(count: 0, seed: 1, to: path) { reported.append($0) }
        #expect(reported == [0])
        let catalog = try SQLiteCatalog(path: path, baseURL: "http://x")
        #expect(try await catalog.hotelCount == 0)
        let page = try await catalog.search(HotelQuery(city: "Seoul", near: GeoCircle(latitude: 1, longitude: 2, radiusKm: 3)))
        #expect(page.totalCount == 0 && page.hotels.isEmpty)
        // Only the finished file is left in the directory (and, while it is open, its WAL's two).
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["x.sqlite", "x.sqlite-shm", "x.sqlite-wal"])
    }
}

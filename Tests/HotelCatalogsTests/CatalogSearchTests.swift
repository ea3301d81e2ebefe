import Foundation
import HotelSOAP
import HotelTestSupport
import Testing

@testable import HotelCatalogs
@testable import HotelSeeder

/// Each filter and sort against brute force over every row of the file.
@Suite("SQLiteCatalog search")
struct CatalogSearchTests {
    let fixture = CatalogFixture.shared
    static let rates = Dictionary(uniqueKeysWithValues: Currencies.all.map { ($0.code, $0) })

    /// What the catalog must return for a query: brute force filter + sort over all rows.
    func expected(_ query: HotelQuery) throws -> [HotelInfo] {
        let filter = try SearchFilter(query: query, rates: Self.rates)
        let matching = fixture.rows.filter { filter.matches($0.hotel, priceUSD: $0.priceUSD) }
        func distance(_ row: CatalogFixture.Row) -> Double {
            guard let near = query.near else { return 0 }
            return GeoMath.distanceKm(row.hotel.latitude, row.hotel.longitude, near.latitude, near.longitude)
        }
        let sorted = matching.sorted { a, b in
            switch query.sortBy ?? .relevance {
            case .relevance, .stars:
                if a.hotel.stars != b.hotel.stars { return a.hotel.stars > b.hotel.stars }
                if a.priceUSD != b.priceUSD { return a.priceUSD < b.priceUSD }
            case .price:
                if a.priceUSD != b.priceUSD { return a.priceUSD < b.priceUSD }
            case .name:
                // SQLite's BINARY collation: UTF-8 bytes.
                if a.nameKey != b.nameKey { return Array(a.nameKey.utf8).lexicographicallyPrecedes(Array(b.nameKey.utf8)) }
            case .distance:
                let da = distance(a)
                let db = distance(b)
                if da != db { return da < db }
            }
            return a.hotel.id < b.hotel.id
        }
        return sorted.map { row in
            var hotel = row.hotel
            if query.near != nil { hotel.distanceKm = distance(row) }
            return hotel
        }
    }

    func check(_ query: HotelQuery, minimum: Int = 1, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let want = try expected(query)
        #expect(want.count >= minimum, "the test query should match at least \(minimum) hotels", sourceLocation: sourceLocation)
        for catalog in [fixture.catalog, fixture.probingCatalog] {
            let got = try await catalog.all(query)
            #expect(got.total == want.count, sourceLocation: sourceLocation)
            #expect(got.hotels.map(\.id) == want.map(\.id), sourceLocation: sourceLocation)
            #expect(got.hotels == want, sourceLocation: sourceLocation)
        }
    }

    static let seoul = GeoCircle(latitude: 37.5665, longitude: 126.9780, radiusKm: 5)

    /// One filter case, named by what it asks for ("city Seoul", "minStars 4, amenities wifi").
    struct Filter: Sendable, CustomTestStringConvertible {
        let query: HotelQuery
        init(_ query: HotelQuery) { self.query = query }

        var testDescription: String {
            // Quoted where the spelling itself is what the case tests (spaces, quotes).
            func text(_ value: String) -> String {
                value.isEmpty || value.contains("\"") || value.trimmingCharacters(in: .whitespaces) != value
                    ? value.debugDescription : value
            }
            var parts: [String] = []
            if let city = query.city { parts.append("city \(text(city))") }
            if let name = query.name { parts.append("name \(text(name))") }
            if let near = query.near { parts.append("near \(near.latitude),\(near.longitude) within \(near.radiusKm) km") }
            if let minStars = query.minStars { parts.append("minStars \(minStars)") }
            if let maxPrice = query.maxPrice { parts.append("maxPrice \(maxPrice)") }
            if let currency = query.currency { parts.append("currency \(currency)") }
            if let checkIn = query.checkIn { parts.append("checkIn \(checkIn)") }
            if let checkOut = query.checkOut { parts.append("checkOut \(checkOut)") }
            if let guests = query.guests { parts.append("guests \(guests)") }
            if !query.amenities.isEmpty { parts.append("amenities \(query.amenities.joined(separator: ","))") }
            if let sortBy = query.sortBy { parts.append("sortBy \(sortBy.rawValue)") }
            return parts.isEmpty ? "no filter" : parts.joined(separator: ", ")
        }
    }

    static let filterQueries: [HotelQuery] = [
        HotelQuery(),
        HotelQuery(city: "Seoul"),
        HotelQuery(city: "  SEOUL "),
        HotelQuery(city: "zurich"),
        HotelQuery(city: "Sao Paulo"),
        HotelQuery(city: "KRAKOW"),
        HotelQuery(city: "reykjavik"),
        HotelQuery(city: "Atlantis"),
        HotelQuery(name: "hotel"),
        HotelQuery(name: "Grand"),
        HotelQuery(name: "HÔTEL"),
        HotelQuery(name: "호텔"),
        HotelQuery(name: "ホテル"),
        HotelQuery(name: "酒店"),
        HotelQuery(name: "фандак"),
        HotelQuery(name: "отель"),
        HotelQuery(name: "فندق"),
        HotelQuery(name: "Ξενοδοχείο"),
        HotelQuery(name: "โรงแรม"),
        HotelQuery(name: "होटल"),
        HotelQuery(name: "«"),
        HotelQuery(name: "a"),
        HotelQuery(name: "in"),
        HotelQuery(name: "\"quoted\""),
        HotelQuery(near: seoul),
        HotelQuery(near: GeoCircle(latitude: -18.0, longitude: 179.99, radiusKm: 250)),  // crosses the antimeridian
        HotelQuery(near: GeoCircle(latitude: 89.9, longitude: 0, radiusKm: 3_000)),  // reaches the pole
        HotelQuery(near: GeoCircle(latitude: 0, longitude: 0, radiusKm: 20_000)),  // the whole world
        HotelQuery(near: GeoCircle(latitude: 48.8566, longitude: 2.3522, radiusKm: 0.5)),
        HotelQuery(minStars: 4),
        HotelQuery(minStars: 0),
        HotelQuery(minStars: 5),
        HotelQuery(maxPrice: 100),
        HotelQuery(maxPrice: 100, currency: "EUR"),
        HotelQuery(maxPrice: 150_000, currency: "KRW"),
        HotelQuery(maxPrice: 0),
        HotelQuery(amenities: ["spa"]),
        HotelQuery(amenities: ["pool", "gym", "bar"]),
        HotelQuery(amenities: ["EV-Charging", "ev-charging"]),
        HotelQuery(city: "Tokyo", minStars: 3, amenities: ["wifi"]),
        HotelQuery(city: "Paris", name: "hôtel", maxPrice: 300, currency: "EUR"),
        HotelQuery(name: "hotel", near: GeoCircle(latitude: 40.7128, longitude: -74.0060, radiusKm: 8)),
        HotelQuery(city: "Seoul", near: seoul, minStars: 3, maxPrice: 200, amenities: ["wifi"]),
        HotelQuery(near: seoul, amenities: ["breakfast"]),
        HotelQuery(city: "Seoul", near: seoul, minStars: 2, sortBy: .distance),
        HotelQuery(city: "Seoul", name: "호텔", near: seoul, sortBy: .price),
        HotelQuery(city: "Tokyo", near: seoul),
        HotelQuery(name: "ホテル", near: GeoCircle(latitude: 35.6812, longitude: 139.7671, radiusKm: 10), sortBy: .distance),
        HotelQuery(name: "강남"),
        HotelQuery(name: "新宿", sortBy: .name),
        HotelQuery(name: "an", minStars: 3, amenities: ["wifi"]),
        HotelQuery(checkIn: CalendarDate("2026-12-01"), checkOut: CalendarDate("2026-12-04"), guests: 3),
    ]

    static let filters = filterQueries.map(Filter.init)

    @Test("each filter returns exactly the hotels that satisfy it", arguments: filters)
    func filter(_ filter: Filter) async throws {
        let query = filter.query
        let minimum =
            query.city == "Atlantis" || query.name == "\"quoted\"" || query.name == "фандак" || query.maxPrice == 0
                || query.name == "«" || (query.city == "Tokyo" && query.near == Self.seoul) ? 0 : 1
        try await check(query, minimum: minimum)
    }

    @Test("each sort is ordered, ties broken by HotelId", arguments: HotelSOAP.SortOrder.allCases)
    func sort(_ order: HotelSOAP.SortOrder) async throws {
        if order != .distance {
            try await check(HotelQuery(sortBy: order), minimum: 2000)
            try await check(HotelQuery(city: "Tokyo", sortBy: order))
            try await check(HotelQuery(name: "hotel", minStars: 2, sortBy: order))
        }
        try await check(HotelQuery(near: GeoCircle(latitude: 35.6812, longitude: 139.7671, radiusKm: 6), sortBy: order))
        try await check(HotelQuery(name: "an", near: GeoCircle(latitude: 51.5074, longitude: -0.1278, radiusKm: 30), sortBy: order))
    }

    @Test("prices tie, so the HotelId tie-break is exercised")
    func tiesExist() {
        var seen: [Double: Int] = [:]
        for row in fixture.rows { seen[row.priceUSD, default: 0] += 1 }
        #expect(seen.values.contains { $0 > 1 })
    }

    @Test("radius: every hotel within, none missing, distance ascending")
    func radius() async throws {
        for near in [
            Self.seoul, GeoCircle(latitude: 40.7128, longitude: -74.0060, radiusKm: 3),
            GeoCircle(latitude: -33.87, longitude: 151.21, radiusKm: 12),
        ] {
            let got = try await fixture.catalog.all(HotelQuery(near: near, sortBy: .distance))
            let inside = fixture.hotels.filter {
                GeoMath.distanceKm($0.latitude, $0.longitude, near.latitude, near.longitude) <= near.radiusKm
            }
            #expect(got.total == inside.count && inside.count > 5)
            #expect(Set(got.hotels.map(\.id)) == Set(inside.map(\.id)))
            let distances = got.hotels.map { $0.distanceKm ?? .infinity }
            #expect(distances.allSatisfy { $0 <= near.radiusKm })
            #expect(distances == distances.sorted())
        }
    }

    @Test("DistanceKm is set if and only if Near is given")
    func distancePresence() async throws {
        let plain = try await fixture.catalog.search(HotelQuery(limit: 20))
        #expect(plain.hotels.allSatisfy { $0.distanceKm == nil })
        let near = try await fixture.catalog.search(HotelQuery(near: Self.seoul, sortBy: .price, limit: 20))
        #expect(!near.hotels.isEmpty && near.hotels.allSatisfy { $0.distanceKm != nil })
    }

    @Test("pages of 37 concatenate to the big page; the same page reads the same twice")
    func paging() async throws {
        for query in [
            HotelQuery(), HotelQuery(city: "London", sortBy: .name), HotelQuery(near: Self.seoul, sortBy: .distance),
            HotelQuery(name: "hotel", sortBy: .price),
        ] {
            var big = query
            big.limit = 500
            big.offset = 0
            let whole = try await fixture.catalog.search(big)
            var concatenated: [HotelInfo] = []
            var offset = 0
            while offset < min(whole.totalCount, 500) {
                var page = query
                page.offset = offset
                page.limit = 37
                let result = try await fixture.catalog.search(page)
                #expect(result.totalCount == whole.totalCount)
                #expect(result.offset == offset)
                concatenated += result.hotels
                offset += 37
            }
            #expect(Array(concatenated.prefix(500)) == whole.hotels)

            var again = query
            again.offset = 74
            again.limit = 37
            let first = try await fixture.catalog.search(again)
            let second = try await fixture.catalog.search(again)
            #expect(first == second)
        }
    }

    @Test("defaults: offset 0, limit 50; an offset past the end is an empty page with the count")
    func defaultsAndEnd() async throws {
        let page = try await fixture.catalog.search(HotelQuery(city: "Seoul"))
        #expect(page.offset == 0 && page.hotels.count == min(50, page.totalCount))
        let past = try await fixture.catalog.search(HotelQuery(city: "Seoul", offset: 100_000))
        #expect(past.hotels.isEmpty && past.totalCount == page.totalCount && past.offset == 100_000)
        let count = try await fixture.catalog.hotelCount
        #expect(count == 2_000)
    }

    @Test("SortBy distance without Near is invalidQuery(SortBy); bad ranges reach the caller")
    func invalid() async throws {
        await #expect {
            _ = try await fixture.catalog.search(HotelQuery(sortBy: .distance))
        } throws: { ($0 as? CatalogError)?.field == "SortBy" }
        await #expect {
            _ = try await fixture.catalog.search(HotelQuery(limit: 501))
        } throws: { ($0 as? CatalogError)?.field == "Limit" }
        await #expect {
            _ = try await fixture.catalog.search(HotelQuery(maxPrice: 10, currency: "ABC"))
        } throws: { ($0 as? CatalogError)?.field == "Currency" }
    }

    @Test("hotel(id:) and logo(id:) for known and unknown ids")
    func lookups() async throws {
        let known = fixture.hotels[123]
        let detail = try #require(try await fixture.catalog.hotel(id: known.id))
        #expect(detail.hotel == known)
        #expect(detail.description.contains(known.city))
        #expect(detail.imageURLs == ["\(CatalogFixture.baseURL)/logos/\(known.id).png?size=512"])
        #expect(known.logoURL == "\(CatalogFixture.baseURL)/logos/\(known.id).png")
        #expect(try await fixture.catalog.hotel(id: "H9999999") == nil)
        #expect(try await fixture.catalog.hotel(id: "") == nil)

        let logo = try #require(try await fixture.catalog.logo(id: known.id))
        #expect((1...2).contains(logo.initials.count))
        #expect(logo.version == 1)
        #expect(try await fixture.catalog.logo(id: "nope") == nil)
    }

    @Test("withBaseURL changes only the URLs")
    func baseURL() async throws {
        let other = fixture.catalog.withBaseURL("https://hotels.example/")
        let page = try await other.search(HotelQuery(limit: 3))
        #expect(page.hotels.allSatisfy { $0.logoURL == "https://hotels.example/logos/\($0.id).png" })
    }

    @Test("many searches at once give the same answers as one at a time")
    func concurrent() async throws {
        let queries = Self.filterQueries.filter { $0.name == nil || $0.name!.count > 2 }.map { query -> HotelQuery in
            var query = query
            query.limit = 25
            return query
        }
        var sequential: [SearchPage] = []
        for query in queries { sequential.append(try await fixture.catalog.search(query)) }
        let catalog = fixture.catalog
        let parallel = try await withThrowingTaskGroup(of: (Int, SearchPage).self) { group in
            for round in 0..<4 {
                for (index, query) in queries.enumerated() {
                    group.addTask {
                        _ = round
                        return (index, try await catalog.search(query))
                    }
                }
            }
            var results: [(Int, SearchPage)] = []
            for try await result in group { results.append(result) }
            return results
        }
        for (index, page) in parallel { #expect(page == sequential[index]) }
    }

    @Test("counts are cached per filter set, not per page or sort")
    func countCache() async throws {
        let catalog = try SQLiteCatalog(path: fixture.path, baseURL: CatalogFixture.baseURL, countCacheCapacity: 2)
        _ = try await catalog.search(HotelQuery(city: "Rome", offset: 0, limit: 5))
        _ = try await catalog.search(HotelQuery(city: "Rome", sortBy: .price, offset: 5, limit: 5))
        #expect(catalog.cachedCountEntries == 1)
        _ = try await catalog.search(HotelQuery(city: "Paris"))
        _ = try await catalog.search(HotelQuery(city: "Berlin"))
        #expect(catalog.cachedCountEntries == 2)
        _ = try await catalog.search(HotelQuery())  // no filter: the stored count, not cached
        #expect(catalog.cachedCountEntries == 2)
    }
}

import Foundation
import HotelSOAP
import HotelTestSupport
import Testing

@testable import HotelCatalogs
@testable import HotelSeeder

/// The catalog keeps hotels it has read (`HotelRowCache`): what it answers must not depend
/// on what it read before. `CatalogSearchTests` also runs every filter through a catalog
/// that keeps only 7.
@Suite("HotelRowCache")
struct HotelRowCacheTests {
    let fixture = CatalogFixture.shared

    static func hotel(_ id: String) -> HotelInfo {
        HotelInfo(
            id: id, name: "Hotel \(id)", address: "1 Street", city: "Rome", country: "IT", latitude: 41.9, longitude: 12.5,
            stars: 3, price: Money(parsing: "100.00", "EUR")!, distanceKm: nil, logoURL: nil, phone: nil, amenities: [])
    }

    @Test("two ways: rowids sharing a set are both kept until a third evicts the less recently used")
    func slots() {
        let cache = HotelRowCache(capacity: 6)  // 3 sets of 2: rowids 3, 6 and 9 share set 0
        cache.insert([(3, Self.hotel("H3")), (4, Self.hotel("H4"))], generation: 0)
        #expect(cache.hotels([3, 4, 9], generation: 0).map { $0?.id } == ["H3", "H4", nil])
        cache.insert([(9, Self.hotel("H9"))], generation: 0)
        #expect(cache.hotels([9, 4], generation: 0).map { $0?.id } == ["H9", "H4"])
        #expect(cache.hotels([3], generation: 0).map { $0?.id } == ["H3"])  // 3 used last in its set
        cache.insert([(6, Self.hotel("H6"))], generation: 0)
        #expect(cache.hotels([3, 4, 9, 6], generation: 0).map { $0?.id } == ["H3", "H4", nil, "H6"])
        #expect(cache.count == 3)
        let none = HotelRowCache(capacity: 0)
        none.insert([(1, Self.hotel("H1"))], generation: 0)
        #expect(none.hotels([1], generation: 0).map { $0?.id } == [nil] && none.count == 0)
    }

    @Test("a hotel read under one generation is not answered under the next (a commit empties the cache)")
    func generations() {
        let cache = HotelRowCache(capacity: 7)
        cache.insert([(3, Self.hotel("H3"))], generation: 4)
        #expect(cache.hotels([3], generation: 4).map { $0?.id } == ["H3"])
        #expect(cache.hotels([3], generation: 5).map { $0?.id } == [nil])
        cache.insert([(3, Self.hotel("H3b"))], generation: 5)
        #expect(cache.hotels([3], generation: 5).map { $0?.id } == ["H3b"])
        #expect(cache.count == 1)  // in place of the old one, not beside it
    }

    @Test("the same hotel near two points carries each query's own distance, cached or not")
    func distancesAreNotCached() async throws {
        let cold = try SQLiteCatalog(
            path: fixture.path, baseURL: CatalogFixture.baseURL, countCacheCapacity: 0, maximumReaderCount: 2,
            driveLimit: SearchPlan.defaultDriveLimit, rowCacheCapacity: 0)
        let warm = try SQLiteCatalog(path: fixture.path, baseURL: CatalogFixture.baseURL)
        let centres = [
            GeoCircle(latitude: 37.5665, longitude: 126.9780, radiusKm: 8), GeoCircle(latitude: 37.55, longitude: 126.99, radiusKm: 8),
        ]
        var distances: [String: Set<Double>] = [:]
        for _ in 0..<2 {
            for near in centres {
                let query = HotelQuery(near: near, sortBy: .distance, limit: 200)
                let want = try await cold.search(query)
                let got = try await warm.search(query)
                #expect(got == want)
                for hotel in got.hotels { distances[hotel.id, default: []].insert(hotel.distanceKm ?? -1) }
            }
        }
        // Some hotel was in both answers, at two distances: the check above compared something.
        #expect(distances.values.contains { $0.count == 2 })
        #expect(cold.cachedHotelCount == 0 && warm.cachedHotelCount > 0)
    }

    @Test("reading the whole catalog keeps every hotel, within the capacity")
    func wholeCatalog() async throws {
        let catalog = try SQLiteCatalog(path: fixture.path, baseURL: CatalogFixture.baseURL)
        let first = try await catalog.all(HotelQuery(sortBy: .name))
        #expect(catalog.cachedHotelCount == fixture.rows.count)
        #expect(fixture.rows.count <= SQLiteCatalog.rowCacheCapacity)
        // From the cache now, and the same.
        #expect(try await catalog.all(HotelQuery(sortBy: .name)) == first)
        let other = catalog.withBaseURL("https://hotels.example")
        let page = try await other.search(HotelQuery(limit: 5))
        #expect(page.hotels.allSatisfy { $0.logoURL == "https://hotels.example/logos/\($0.id).png" })
    }
}

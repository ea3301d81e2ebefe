import CoreMetrics
import HotelCatalogs
import HotelSOAP

/// A catalog that times each call into `hotels_catalog_query_duration_seconds{operation}`
/// and otherwise passes it on: the time a request spent waiting on the store, apart from
/// what the service did with the answer.
///
/// Why a wrapper: the endpoints call the catalog in several places, and both catalogs
/// (SQLite, PostgreSQL) would otherwise each need the same timing; the service wraps the
/// catalog it was given once, when metrics are on.
struct MeasuredCatalog: HotelCatalog {
    /// The `operation` label: one per ``HotelCatalog`` call.
    enum Operation: String, CaseIterable, Sendable {
        case search, hotel, logo, count, version, check
    }

    let base: any HotelCatalog
    private let timers: [Operation: CoreMetrics.Timer]

    init(_ base: any HotelCatalog, metrics: ServerMetrics) {
        self.base = base
        timers = metrics.catalogQueries
    }

    func search(_ query: HotelQuery) async throws -> SearchPage {
        try await timed(.search) { try await base.search(query) }
    }

    func hotel(id: String) async throws -> HotelDetail? {
        try await timed(.hotel) { try await base.hotel(id: id) }
    }

    func logo(id: String) async throws -> LogoSpec? {
        try await timed(.logo) { try await base.logo(id: id) }
    }

    var hotelCount: Int {
        get async throws { try await timed(.count) { try await base.hotelCount } }
    }

    var version: UInt64 {
        get async throws { try await timed(.version) { try await base.version } }
    }

    func checkReadable() async throws {
        try await timed(.check) { try await base.checkReadable() }
    }

    var storeDescription: String { base.storeDescription }

    /// Not timed: a scrape's own reading is not a query anyone waits for.
    var statistics: CatalogStatistics {
        get async throws { try await base.statistics }
    }

    /// Failed calls are timed too: a store that times out is what the histogram is for.
    private func timed<T>(_ operation: Operation, _ body: () async throws -> T) async throws -> T {
        let start = ContinuousClock.now
        defer { timers[operation]?.recordNanoseconds(ServerMetrics.nanoseconds(ContinuousClock.now - start)) }
        return try await body()
    }
}

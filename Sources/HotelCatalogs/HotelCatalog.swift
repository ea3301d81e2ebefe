import HotelSOAP

/// Where the service finds hotels: a search with paging, one hotel's details, and what it
/// takes to draw a hotel's logo.
///
/// ```swift
/// let catalog = try SQLiteCatalog(path: "hotels.sqlite", baseURL: "http://127.0.0.1:8080")
/// let page = try await catalog.search(HotelQuery(city: "Seoul", sortBy: .price, limit: 20))
/// print(page.totalCount, page.hotels.map(\.name))
/// ```
///
/// Implementations validate the query with ``QueryValidator`` and throw ``CatalogError``:
/// an `invalidQuery` error names the request field at fault, so the server can answer
/// with a SOAP fault that says which field was wrong.
public protocol HotelCatalog: Sendable {
    /// One page of results in a stable order (ties broken by HotelId), with the total count.
    /// `query.offset`/`query.limit` give the page (defaults 0 / 50). DistanceKm is set iff query.near != nil.
    func search(_ query: HotelQuery) async throws -> SearchPage
    /// One hotel with its description and pictures; `nil` = not found.
    func hotel(id: String) async throws -> HotelDetail?
    /// What the server needs to draw a hotel's logo: nil = no such hotel.
    func logo(id: String) async throws -> LogoSpec?
    /// How many hotels the catalog holds.
    var hotelCount: Int { get async throws }
    /// The catalog's version: it changes when a committed change may change an answer, and
    /// means the same on every replica over one store. OpenTravel page tokens carry it, so a
    /// token issued before a change is refused rather than answered from other results.
    var version: UInt64 { get async throws }
    /// Reads from the store, so that `/health` says whether the catalog can still answer
    /// (a cached count would say yes about a file that is gone or corrupt).
    func checkReadable() async throws
    /// What `/health` names as the store: `sqlite catalog`, `postgresql catalog postgres://…`.
    var storeDescription: String { get }
    /// Cache hits and misses, the version and when it last changed, for `GET /metrics`.
    var statistics: CatalogStatistics { get async throws }
}

extension HotelCatalog {
    public var storeDescription: String { "catalog" }

    /// No caches, the version, no change time: what any catalog can say.
    public var statistics: CatalogStatistics {
        get async throws { CatalogStatistics(caches: [], version: try await version, changeSeenAt: nil) }
    }
}

/// What it takes to draw a hotel's logo. The renderer lives elsewhere; the catalog keeps
/// these three values per hotel, and the PNG of a logo of the hotel's own where it was given
/// one (`hotels import`).
public struct LogoSpec: Sendable, Equatable, Hashable {
    /// 1–2 characters, each ASCII `A`–`Z` or `0`–`9`.
    public var initials: String
    /// Picks the colours and the shape; fixed per hotel.
    public var seed: UInt64
    /// Bumped when the logo changes, so a new ETag is served.
    public var version: Int
    /// The hotel's own logo, a PNG of at most ``CatalogSchema/logoSide`` pixels a side,
    /// drawn instead of the monogram; nil for a monogram.
    public var image: [UInt8]?

    public init(initials: String, seed: UInt64, version: Int, image: [UInt8]? = nil) {
        self.initials = initials
        self.seed = seed
        self.version = version
        self.image = image
    }
}

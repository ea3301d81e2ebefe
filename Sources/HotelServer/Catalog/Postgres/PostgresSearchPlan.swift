import HotelSOAP
import PostgresNIO

/// The SQL of one search on PostgreSQL: a count and a page, with every value bound as a
/// parameter (`$1`…), never spliced into the text. The text depends only on which filters
/// are set and the sort, so the server's plans are reused across values.
///
/// The rules are ``SearchFilter``'s, as ``SearchPlan`` implements them for SQLite; only
/// the access paths differ: `ST_DWithin` on the GiST-indexed `geog` (a circle a little
/// wider than asked) preselects a radius search, then `hs_distance_km`, the same haversine
/// as SQLite's, decides; `name_key LIKE '%…%'` uses the pg_trgm GIN index. Every order
/// ends in `id`, so equal keys page stably, as in SQLite.
struct PostgresSearchPlan: Sendable {
    let filter: SearchFilter
    let sort: HotelSOAP.SortOrder

    private(set) var binds = PostgresBindings()
    private var conditions: [String] = []
    private var distance: String?

    init(query: HotelQuery, rates: [String: CurrencyInfo]) throws(CatalogError) {
        filter = try SearchFilter(query: query, rates: rates)
        sort = query.sortBy ?? .relevance
        if sort == .distance, filter.near == nil {
            throw .invalidQuery(field: "SortBy", message: "SortBy distance needs Near (a point and a radius)")
        }
        build()
    }

    private mutating func bind(_ value: some PostgresDynamicTypeEncodable) -> String {
        binds.append(value)
        return "$\(binds.count)"
    }

    /// `%`, `_` and `\` taken literally in a LIKE pattern (backslash is LIKE's default escape).
    static func likeLiteral(_ text: String) -> String {
        var out = ""
        for ch in text {
            if ch == "%" || ch == "_" || ch == "\\" { out.append("\\") }
            out.append(ch)
        }
        return out
    }

    private mutating func build() {
        if let near = filter.near {
            let lat = bind(near.latitude)
            let lon = bind(near.longitude)
            // PostGIS's sphere (6371008.77 m) is a hair smaller than GeoMath's (6371008.8 m),
            // and its arithmetic differs: widen the prefilter by a part per million and a
            // metre, then let the exact haversine decide.
            let metres = bind(near.radiusKm * 1000 * (1 + 1e-6) + 1)
            let expression = "hs_distance_km(h.latitude, h.longitude, \(lat), \(lon))"
            conditions.append("ST_DWithin(h.geog, ST_SetSRID(ST_MakePoint(\(lon), \(lat)), 4326)::geography, \(metres), false)")
            conditions.append("\(expression) <= \(bind(near.radiusKm))")
            distance = expression
        }
        if let cityKey = filter.cityKey {
            conditions.append("h.city_key = \(bind(cityKey))")
        }
        if let nameKey = filter.nameKey {
            conditions.append("h.name_key LIKE \(bind("%" + Self.likeLiteral(nameKey) + "%"))")
        }
        if let minStars = filter.minStars {
            conditions.append("h.stars >= \(bind(minStars))")
        }
        if let maxUSD = filter.maxPriceUSD {
            // The same tolerance as SearchPlan, so a price equal to the limit in another
            // currency is in on both stores.
            conditions.append("h.price_usd <= \(bind(maxUSD * (1 + 1e-12)))")
        }
        if !filter.amenities.isEmpty {
            let mask = Amenity.mask(filter.amenities)
            conditions.append("(h.amenity_mask & \(bind(mask))) = \(bind(mask))")
        }
    }

    private var whereClause: String {
        conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
    }

    private var orderBy: String {
        switch sort {
        case .relevance, .stars: return "h.stars DESC, h.price_usd ASC, h.id ASC"
        case .price: return "h.price_usd ASC, h.id ASC"
        case .name: return "h.name_key ASC, h.id ASC"
        case .distance: return "distance_km ASC, h.id ASC"
        }
    }

    var countQuery: PostgresQuery {
        PostgresQuery(unsafeSQL: "SELECT count(*) FROM hotels h" + whereClause, binds: binds)
    }

    /// The page's hotels, in order: ``PostgresCatalog/hotelColumns``, then `distance_km` with Near.
    func pageQuery(offset: Int, limit: Int) -> PostgresQuery {
        var binds = self.binds
        binds.append(limit)
        let limitParameter = "$\(binds.count)"
        binds.append(offset)
        let offsetParameter = "$\(binds.count)"
        let distanceColumn = distance.map { ", \($0) AS distance_km" } ?? ""
        let sql =
            "SELECT \(PostgresCatalog.hotelColumns)\(distanceColumn) FROM hotels h" + whereClause
            + " ORDER BY \(orderBy) LIMIT \(limitParameter) OFFSET \(offsetParameter)"
        return PostgresQuery(unsafeSQL: sql, binds: binds)
    }
}

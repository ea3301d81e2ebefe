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
///
/// A page sorted by distance is bounded first by PostGIS's nearest-first index walk
/// (``pageQuery(offset:limit:)``), so it reads about offset + limit rows instead of every
/// hotel in the circle.
struct PostgresSearchPlan: Sendable {
    let filter: SearchFilter
    let sort: HotelSOAP.SortOrder

    private(set) var binds = PostgresBindings()
    private var conditions: [String] = []
    /// `conditions` less the radius's two: the bounded page's own, where `distance <= D`
    /// implies them (D is the distance of a hotel inside the radius), and planning them
    /// again cost time on every page.
    private var conditionsBesideRadius: [String] = []
    private var distance: String?
    /// The circle's centre as a `geography`, for the nearest-first bound.
    private var centre: String?

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
            let point = "ST_SetSRID(ST_MakePoint(\(lon), \(lat)), 4326)::geography"
            conditions.append("ST_DWithin(h.geog, \(point), \(metres), false)")
            conditions.append("\(expression) <= \(bind(near.radiusKm))")
            distance = expression
            centre = point
        }
        var others: [String] = []
        if let cityKey = filter.cityKey {
            others.append("h.city_key = \(bind(cityKey))")
        }
        if let nameKey = filter.nameKey {
            others.append("h.name_key LIKE \(bind("%" + Self.likeLiteral(nameKey) + "%"))")
        }
        if let minStars = filter.minStars {
            others.append("h.stars >= \(bind(minStars))")
        }
        if let maxUSD = filter.maxPriceUSD {
            // The same tolerance as SearchPlan, so a price equal to the limit in another
            // currency is in on both stores.
            others.append("h.price_usd <= \(bind(maxUSD * (1 + 1e-12)))")
        }
        if !filter.amenities.isEmpty {
            let mask = Amenity.mask(filter.amenities)
            others.append("(h.amenity_mask & \(bind(mask))) = \(bind(mask))")
        }
        conditions += others
        conditionsBesideRadius = others
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
    ///
    /// Sorted by distance, a `bound` CTE first walks the GiST index nearest-first
    /// (`ORDER BY geog <-> centre`) to the first offset + limit matching hotels and keeps the
    /// largest exact distance among them, D; the page is then the exact sort of only the
    /// matching hotels within D. That is the same page as sorting the whole circle: those
    /// offset + limit hotels all lie within D, so the offset + limit nearest by the exact
    /// distance (ties at the edge included) lie within D too, whatever order the index walk
    /// used (PostGIS's sphere and arithmetic differ from ``GeoMath``'s; only D depends on
    /// it, never the answer). The index box around D is widened as the radius's is.
    func pageQuery(offset: Int, limit: Int) -> PostgresQuery {
        var binds = self.binds
        binds.append(limit)
        let limitParameter = "$\(binds.count)"
        binds.append(offset)
        let offsetParameter = "$\(binds.count)"
        let distanceColumn = distance.map { ", \($0) AS distance_km" } ?? ""
        var with = ""
        var bounded = whereClause
        if sort == .distance, let distance, let centre {
            with =
                "WITH bound AS MATERIALIZED (SELECT max(k.d) AS d FROM (SELECT \(distance) AS d FROM hotels h\(whereClause)"
                + " ORDER BY h.geog <-> \(centre) LIMIT \(limitParameter) + \(offsetParameter)) k) "
            let within = [
                "h.geog && _ST_Expand(\(centre), (SELECT d FROM bound) * 1000 * (1 + 1e-6) + 1)",
                "\(distance) <= (SELECT d FROM bound)",
            ]
            bounded = " WHERE " + (conditionsBesideRadius + within).joined(separator: " AND ")
        }
        let sql =
            with + "SELECT \(PostgresCatalog.hotelColumns)\(distanceColumn) FROM hotels h" + bounded
            + " ORDER BY \(orderBy) LIMIT \(limitParameter) OFFSET \(offsetParameter)"
        return PostgresQuery(unsafeSQL: sql, binds: binds)
    }
}

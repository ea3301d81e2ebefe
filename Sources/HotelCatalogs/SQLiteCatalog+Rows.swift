import Foundation
import GRDB
import HotelSOAP

/// Reading the catalog's rows: a hotel row into a ``HotelInfo``, a page's rows through the
/// row cache, and the header (meta, currencies) read at open.
extension SQLiteCatalog {
    package static let hotelColumns =
        "h.id, h.hotel_id, h.name, h.address, h.city, h.country, h.latitude, h.longitude, h.stars, h.price, h.currency, h.phone, h.amenities"
    package static let hotelColumnCount = 13

    package static func hotelInfo(_ row: Row, baseURL: String) throws -> HotelInfo {
        let hotelId: String = row[1]
        let priceText: String = row[9]
        // Not Decimal(string:locale:): a Locale made per hotel, and a Decimal printed back
        // per hotel by the response writer, were a fifth of a search's time.
        guard let price = Money(parsing: priceText, row[10]) else {
            throw CatalogError.database("hotel \(hotelId) has a malformed price \"\(priceText)\"")
        }
        let amenities: String = row[12]
        return HotelInfo(
            id: hotelId, name: row[2], address: row[3], city: row[4], country: row[5],
            latitude: row[6], longitude: row[7], stars: row[8], price: price,
            distanceKm: nil, logoURL: "\(baseURL)/logos/\(hotelId).png", phone: row[11],
            amenities: Self.amenityList(amenities))
    }

    /// `wifi,pool` → `["wifi", "pool"]`. By hand: the generic `split` was a tenth of a search.
    static func amenityList(_ text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        return text.utf8.withContiguousStorageIfAvailable { utf8 in
            var list: [String] = []
            list.reserveCapacity(8)
            var start = 0
            for i in 0...utf8.count where i == utf8.count || utf8[i] == UInt8(ascii: ",") {
                if i > start { list.append(String(decoding: UnsafeBufferPointer(rebasing: utf8[start..<i]), as: UTF8.self)) }
                start = i + 1
            }
            return list
        } ?? text.split(separator: ",").map(String.init)
    }

    /// The hotels with these rowids, in the order given: from `cache` where it has them,
    /// the rest read (and then cached).
    static func fetchHotels(_ db: Database, ids: [Int64], baseURL: String, cache: HotelRowCache, generation: UInt64) throws
        -> [HotelInfo]
    {
        guard !ids.isEmpty else { return [] }
        var hotels = cache.hotels(ids, generation: generation)
        let missing = ids.indices.filter { hotels[$0] == nil }.map { ids[$0] }
        if !missing.isEmpty {
            let placeholders = Array(repeating: "?", count: missing.count).joined(separator: ",")
            // Prepared once per connection and number of rows missing, then reused.
            let statement = try db.cachedStatement(sql: "SELECT \(hotelColumns) FROM hotels h WHERE h.id IN (\(placeholders))")
            var read: [(rowid: Int64, hotel: HotelInfo)] = []
            read.reserveCapacity(missing.count)
            // A cursor decodes each row in place; fetchAll would copy every row first.
            let rows = try Row.fetchCursor(statement, arguments: StatementArguments(missing))
            while let row = try rows.next() { read.append((row[0], try hotelInfo(row, baseURL: baseURL))) }
            cache.insert(read, generation: generation)
            let byId = Dictionary(read, uniquingKeysWith: { first, _ in first })
            for i in hotels.indices where hotels[i] == nil { hotels[i] = byId[ids[i]] }
        }
        // Moved out, not copied: a copy retains every string of a hotel.
        var result: [HotelInfo] = []
        result.reserveCapacity(ids.count)
        for i in hotels.indices {
            guard let hotel = hotels[i].take() else { throw CatalogError.database("hotel row \(ids[i]) vanished") }
            result.append(hotel)
        }
        return result
    }

    /// Checks that `db` is a catalog of this format, whole: `meta`, its format and version,
    /// every table; then reads the meta rows, the currencies and the hotel count. Writers
    /// (`hotels import`) check a file with it before they change anything.
    package static func readHeader(_ db: Database, path: String) throws -> ([String: String], [String: CurrencyInfo], Int) {
        guard try db.tableExists("meta") else {
            throw CatalogError.notACatalog(path, reason: "it has no meta table")
        }
        var meta: [String: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT key, value FROM meta") {
            if let key: String = row[0], let value: String = row[1] { meta[key] = value }
        }
        guard meta["format"] == CatalogSchema.formatName else {
            throw CatalogError.notACatalog(path, reason: "its meta table does not name the format \(CatalogSchema.formatName)")
        }
        guard meta["format_version"] == String(CatalogSchema.formatVersion) else {
            throw CatalogError.notACatalog(
                path, reason: "format version \(meta["format_version"] ?? "none"), this program reads \(CatalogSchema.formatVersion)")
        }
        for table in ["hotels", "hotel_descriptions", "hotel_amenities", "currencies", "hotels_name_fts", "hotels_geo"] {
            guard try db.tableExists(table) else {
                throw CatalogError.notACatalog(path, reason: "the table \(table) is missing (an unfinished seed?)")
            }
        }
        var rates: [String: CurrencyInfo] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT code, usd_rate, minor_units FROM currencies") {
            let info = CurrencyInfo(code: row[0], usdRate: row[1], minorUnits: row[2])
            rates[info.code] = info
        }
        let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM hotels") ?? 0
        try CatalogFileProbe.readLastRows(db)
        return (meta, rates, count)
    }
}

import Foundation
import GRDB
import HotelCatalogs

/// One hotel in, changed or out, with every derived row kept in step.
extension SQLiteInventoryWriter {
    /// A new hotel at the next rowid. In an existing catalog its FTS and R*Tree rows are
    /// added with it; a new catalog builds both at the end.
    func insert(_ record: InventoryRecord) throws {
        let hotel = record.hotel
        if let greatest = greatestHotelID, !greatest.utf8.lexicographicallyPrecedes(hotel.id.utf8) { needsRenumbering = true }
        greatestHotelID = hotel.id
        guard !dryRun else { return }
        let rowID = nextRowID
        nextRowID += 1
        let initials = record.logoInitials
        let nameKey = CatalogText.fold(hotel.name)
        let columns = insertHotel
        columns.bind(1, rowID)
        columns.bind(2, hotel.id)
        columns.bind(3, hotel.name)
        columns.bind(4, nameKey)
        columns.bind(5, hotel.address)
        columns.bind(6, hotel.city)
        columns.bind(7, derived.cityKey(hotel.city))
        columns.bind(8, hotel.country)
        columns.bind(9, hotel.latitude)
        columns.bind(10, hotel.longitude)
        columns.bind(11, hotel.stars)
        columns.bind(12, hotel.price.amountText)
        columns.bind(13, hotel.price.currency)
        columns.bind(14, priceUSD(record))
        columns.bind(15, hotel.phone)
        columns.bind(16, hotel.amenities.joined(separator: ","))
        columns.bind(17, Amenity.mask(hotel.amenities))
        columns.bind(18, initials)
        columns.bind(19, record.logoSeed)
        try columns.run()
        try writeDescription(rowID: rowID, record.description ?? "")
        if isNew {
            for amenity in hotel.amenities { amenityRows[Amenity.all.firstIndex(of: amenity)!].append(rowID) }
        } else {
            for amenity in hotel.amenities { try writeAmenity(rowID: rowID, amenity) }
        }
        if case .image(let png) = record.logo {
            try db.cachedStatement(sql: "INSERT INTO hotel_logos (id, png) VALUES (?, ?)").execute(arguments: [rowID, Data(png)])
        }
        if !isNew {
            try db.cachedStatement(sql: "INSERT INTO hotels_name_fts(rowid, name_key) VALUES (?, ?)")
                .execute(arguments: [rowID, nameKey])
            try db.cachedStatement(sql: CatalogSchema.geoRows + " WHERE id = ?").execute(arguments: [rowID])
        }
    }

    /// A stored hotel compared column by column with the row (only the columns the file
    /// has); written only where they differ.
    func update(_ stored: StoredHotel, with record: InventoryRecord) throws {
        let hotel = record.hotel
        let moved = hotel.latitude != stored.latitude || hotel.longitude != stored.longitude
        let renamed = hotel.name != stored.name
        let core =
            renamed || moved || hotel.address != stored.address || hotel.city != stored.city || hotel.country != stored.country
            || hotel.stars != stored.stars || hotel.price.amountText != stored.price || hotel.price.currency != stored.currency
        let phone = record.hasPhone ? hotel.phone : stored.phone
        let amenities = record.hasAmenities ? hotel.amenities.joined(separator: ",") : stored.amenities
        let description = record.description ?? stored.description
        let storedLogo = try record.logo == .keep ? nil : storedPNG(rowID: stored.rowID)
        let logo: [UInt8]? =
            switch record.logo {
            case .keep: storedLogo
            case .monogram, .chosenMonogram: nil
            case .image(let png): png
            }
        let logoChanged = record.logo != .keep && logo != storedLogo
        let initials = renamed ? record.logoInitials : stored.logoInitials
        let rowChanged = core || phone != stored.phone || amenities != stored.amenities || initials != stored.logoInitials
        guard rowChanged || description != stored.description || logoChanged else {
            counts.unchanged += 1
            return
        }
        counts.changed += 1
        guard !dryRun else { return }
        let rowID = stored.rowID
        let version = stored.logoVersion + (logoChanged || initials != stored.logoInitials ? 1 : 0)
        let nameKey = CatalogText.fold(hotel.name)
        if rowChanged || version != stored.logoVersion {
            let list = record.hasAmenities ? hotel.amenities : amenities.split(separator: ",").map(String.init)
            try db.cachedStatement(
                sql: """
                    UPDATE hotels SET name = ?, name_key = ?, address = ?, city = ?, city_key = ?, country = ?, latitude = ?,
                        longitude = ?, stars = ?, price = ?, currency = ?, price_usd = ?, phone = ?, amenities = ?,
                        amenity_mask = ?, logo_initials = ?, logo_version = ?
                    WHERE id = ?
                    """
            ).execute(arguments: [
                hotel.name, nameKey, hotel.address, hotel.city, derived.cityKey(hotel.city), hotel.country, hotel.latitude,
                hotel.longitude, hotel.stars, hotel.price.amountText, hotel.price.currency, priceUSD(record), phone, amenities,
                Amenity.mask(list), initials, version, rowID,
            ])
        }
        if nameKey != stored.nameKey {
            try deleteNameSearch(rowID: rowID, nameKey: stored.nameKey)
            try db.cachedStatement(sql: "INSERT INTO hotels_name_fts(rowid, name_key) VALUES (?, ?)").execute(arguments: [rowID, nameKey])
        }
        if moved {
            try db.cachedStatement(sql: "DELETE FROM hotels_geo WHERE id = ?").execute(arguments: [rowID])
            try db.cachedStatement(sql: CatalogSchema.geoRows + " WHERE id = ?").execute(arguments: [rowID])
        }
        if amenities != stored.amenities {
            try deleteAmenities(rowID: rowID, amenities: stored.amenities)
            for amenity in hotel.amenities { try writeAmenity(rowID: rowID, amenity) }
        }
        if description != stored.description { try writeDescription(rowID: rowID, description) }
        if logoChanged {
            if let logo {
                try db.cachedStatement(sql: "INSERT OR REPLACE INTO hotel_logos (id, png) VALUES (?, ?)").execute(arguments: [
                    rowID, Data(logo),
                ])
            } else {
                try db.cachedStatement(sql: "DELETE FROM hotel_logos WHERE id = ?").execute(arguments: [rowID])
            }
        }
    }

    /// A new catalog's `hotel_amenities`, in its key order (amenity, hotel): appended in
    /// place, where inserting each hotel's amenities as it came scattered them over twelve
    /// places of the tree (1,000,000 hotels: 1.6 s against 8.1 s). One statement per
    /// amenity, its rowids as a JSON array: 5,200,000 single-row inserts cost 4.7 s in
    /// statement overhead alone.
    func writeAmenityRows() throws {
        let insert = try BoundStatement(
            db.makeStatement(sql: "INSERT INTO hotel_amenities (hotel_rowid, amenity) SELECT value, ?2 FROM json_each(?1)"))
        for index in Amenity.all.indices.sorted(by: { Amenity.all[$0] < Amenity.all[$1] }) {
            var array = "["
            array.reserveCapacity(amenityRows[index].count * 8 + 2)
            for (place, rowID) in amenityRows[index].enumerated() {
                if place > 0 { array += "," }
                array += String(rowID)
            }
            array += "]"
            insert.bind(1, array)
            insert.bind(2, Amenity.all[index])
            try insert.run()
            amenityRows[index] = []
        }
    }

    private func writeAmenity(rowID: Int64, _ amenity: String) throws {
        insertAmenity.bind(1, rowID)
        insertAmenity.bind(2, amenity)
        try insertAmenity.run()
    }

    private func writeDescription(rowID: Int64, _ description: String) throws {
        insertDescription.bind(1, rowID)
        insertDescription.bind(2, description)
        try insertDescription.run()
    }

    /// A stored hotel and everything derived from it.
    func delete(rowID: Int64, nameKey: String, amenities: String) throws {
        try deleteNameSearch(rowID: rowID, nameKey: nameKey)
        try deleteAmenities(rowID: rowID, amenities: amenities)
        for sql in [
            "DELETE FROM hotels WHERE id = ?", "DELETE FROM hotel_descriptions WHERE id = ?", "DELETE FROM hotels_geo WHERE id = ?",
            "DELETE FROM hotel_logos WHERE id = ?",
        ] {
            try db.cachedStatement(sql: sql).execute(arguments: [rowID])
        }
    }

    /// An external-content FTS table is told what it indexed, to take it out.
    private func deleteNameSearch(rowID: Int64, nameKey: String) throws {
        try db.cachedStatement(sql: "INSERT INTO hotels_name_fts(hotels_name_fts, rowid, name_key) VALUES ('delete', ?, ?)")
            .execute(arguments: [rowID, nameKey])
    }

    /// By their primary key (amenity, hotel): the table has no index on the hotel alone.
    private func deleteAmenities(rowID: Int64, amenities: String) throws {
        for amenity in amenities.split(separator: ",") {
            try db.cachedStatement(sql: "DELETE FROM hotel_amenities WHERE amenity = ? AND hotel_rowid = ?")
                .execute(arguments: [String(amenity), rowID])
        }
    }

    private func storedPNG(rowID: Int64) throws -> [UInt8]? {
        guard hasLogoTable else { return nil }
        return try Data.fetchOne(db.cachedStatement(sql: "SELECT png FROM hotel_logos WHERE id = ?"), arguments: [rowID]).map {
            [UInt8]($0)
        }
    }

    /// The amount in minor units at the catalog's rate, as searches convert prices.
    private func priceUSD(_ record: InventoryRecord) -> Double {
        let info = currencies[record.hotel.price.currency]!
        return Currencies.usdValue(minorAmount: record.priceMinor, minorUnits: info.minorUnits, rate: info.usdRate)
    }
}

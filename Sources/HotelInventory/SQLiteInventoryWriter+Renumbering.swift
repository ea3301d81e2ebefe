import GRDB
import HotelCatalogs

/// Puts the rowids back into HotelId order after new hotels arrived out of it.
///
/// Why: every search order ends in `hotels.id` (``HotelCatalogs/CatalogSchema``), and the
/// contract says ties are broken by HotelId, so the rowid must be the hotel's place in
/// HotelId order. New hotels whose ids sort after every stored one (any sorted file into a
/// new catalog, ids that keep growing) simply take the next rowids; any other arrival costs
/// one pass over the catalog here, done once per import whatever the number of such hotels.
extension SQLiteInventoryWriter {
    func renumber() throws {
        try db.execute(
            sql: """
                CREATE TEMP TABLE hs_renumbering (old INTEGER PRIMARY KEY, new INTEGER NOT NULL);
                INSERT INTO hs_renumbering (old, new) SELECT id, row_number() OVER (ORDER BY hotel_id) FROM hotels;
                DELETE FROM hs_renumbering WHERE old = new;
                """)
        // Through negative ids: a rowid moved straight to its new value could meet one not
        // moved yet.
        for (table, column) in [("hotels", "id"), ("hotel_descriptions", "id"), ("hotel_logos", "id"), ("hotel_amenities", "hotel_rowid")] {
            try db.execute(
                sql: """
                    UPDATE \(table) SET \(column) = -(SELECT new FROM hs_renumbering WHERE old = \(table).\(column))
                        WHERE \(column) IN (SELECT old FROM hs_renumbering);
                    UPDATE \(table) SET \(column) = -\(column) WHERE \(column) < 0;
                    """)
        }
        try db.execute(sql: "DROP TABLE hs_renumbering")
        // A new catalog builds both from `hotels` after this; an existing one had rows
        // under the old ids.
        if !isNew {
            try db.execute(sql: CatalogSchema.rebuildNameSearch)
            try db.execute(sql: "DELETE FROM hotels_geo")
            try db.execute(sql: CatalogSchema.geoRows + " ORDER BY id")
        }
    }
}

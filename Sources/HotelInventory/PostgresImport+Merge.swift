import HotelCatalogs
import Logging
import PostgresNIO

extension PostgresImport {
    /// The staged rows merged into the catalog, set-wise, with the SQLite writer's rules:
    /// a column a file leaves out keeps the stored value, a row equal to the stored hotel
    /// writes nothing, the logo's version goes up when its picture or initials change, and
    /// ids stay in HotelId order (every sort's last tie-break).
    ///
    /// Each statement runs only when it has rows to change: the triggers that raise
    /// `catalog_version` fire per statement, even on none.
    struct Merge {
        let connection: PostgresConnection
        let logger: Logger
        let deleteMissing: Bool
        /// The catalog was created by this import: every row is new.
        let isNew: Bool

        func run() async throws -> (ImportCounts, renumbered: Bool) {
            try await execute("CREATE INDEX ON \(stagingTable) (hotel_id)")
            try await execute("ANALYZE \(stagingTable)")
            var counts = ImportCounts()
            if !isNew {
                try await deleteHotels(&counts)
                try await updateHotels(&counts)
            } else {
                counts.unchanged += try await number("SELECT count(*) FROM \(stagingTable) WHERE deleted")
            }
            let renumbered = try await insertHotels(&counts)
            return (counts, renumbered)
        }

        /// Rows marked `deleted`, and with `--delete-missing` every hotel no row names.
        private func deleteHotels(_ counts: inout ImportCounts) async throws {
            let deletions = try await number("SELECT count(*) FROM \(stagingTable) WHERE deleted")
            var gone = "SELECT h.id FROM hotels h JOIN \(stagingTable) s ON s.hotel_id = h.hotel_id WHERE s.deleted"
            let named = try await number("SELECT count(*) FROM (\(gone)) g")
            if deleteMissing {
                gone +=
                    " UNION ALL SELECT h.id FROM hotels h WHERE NOT EXISTS (SELECT 1 FROM \(stagingTable) s WHERE s.hotel_id = h.hotel_id)"
            }
            try await execute("CREATE TEMP TABLE hs_import_gone ON COMMIT DROP AS \(gone)")
            counts.deleted = try await number("SELECT count(*) FROM hs_import_gone")
            // A deletion of a HotelId the catalog does not hold changes nothing.
            counts.unchanged += deletions - named
            guard counts.deleted > 0 else { return }
            for table in ["hotel_logos", "hotel_descriptions", "hotels"] {
                try await execute("DELETE FROM \(table) WHERE id IN (SELECT id FROM hs_import_gone)")
            }
        }

        /// Stored hotels compared column by column with their rows; only those that differ
        /// are written.
        private func updateHotels(_ counts: inout ImportCounts) async throws {
            try await execute(Self.changes)
            let matched = try await number(
                "SELECT count(*) FROM \(stagingTable) s JOIN hotels h ON h.hotel_id = s.hotel_id WHERE NOT s.deleted")
            let (changed, rows, descriptions, monograms, pictures) =
                try await connection.query(
                    """
                    SELECT count(*), count(*) FILTER (WHERE row_changed OR logo_changed), count(*) FILTER (WHERE description_changed),
                           count(*) FILTER (WHERE logo_changed AND logo_kind = 1), count(*) FILTER (WHERE logo_changed AND logo_kind = 2)
                    FROM hs_import_changes
                    """, logger: logger
                ).decode((Int, Int, Int, Int, Int).self).first { _ in true } ?? (0, 0, 0, 0, 0)
            counts.changed = changed
            counts.unchanged += matched - changed
            if rows > 0 { try await execute(Self.updateRows) }
            if descriptions > 0 {
                try await execute(
                    """
                    INSERT INTO hotel_descriptions (id, description) SELECT id, description FROM hs_import_changes
                    WHERE description_changed ON CONFLICT (id) DO UPDATE SET description = excluded.description
                    """)
            }
            if monograms > 0 {
                try await execute(
                    "DELETE FROM hotel_logos WHERE id IN (SELECT id FROM hs_import_changes WHERE logo_changed AND logo_kind = 1)")
            }
            if pictures > 0 {
                try await execute(
                    """
                    INSERT INTO hotel_logos (id, png) SELECT id, png FROM hs_import_changes WHERE logo_changed AND logo_kind = 2
                    ON CONFLICT (id) DO UPDATE SET png = excluded.png
                    """)
            }
        }

        /// The hotels no stored one has the HotelId of, after the greatest id, in HotelId
        /// order. Returns whether the catalog had to be renumbered because some sort before
        /// a stored HotelId.
        private func insertHotels(_ counts: inout ImportCounts) async throws -> Bool {
            let fresh =
                isNew
                ? "SELECT * FROM \(stagingTable) WHERE NOT deleted"
                : "SELECT * FROM \(stagingTable) s WHERE NOT s.deleted AND NOT EXISTS (SELECT 1 FROM hotels h WHERE h.hotel_id = s.hotel_id)"
            counts.new = try await number("SELECT count(*) FROM (\(fresh)) n")
            guard counts.new > 0 else { return false }
            let base = try await number("SELECT coalesce(max(id), 0) FROM hotels")
            let outOfOrder =
                try await connection.query(
                    PostgresQuery(
                        unsafeSQL: """
                            SELECT coalesce((SELECT min(hotel_id COLLATE "C") FROM (\(fresh)) n)
                                <= (SELECT max(hotel_id COLLATE "C") FROM hotels), false)
                            """), logger: logger
                ).decode(Bool.self).first { _ in true } ?? false
            try await execute(
                """
                INSERT INTO hotels (id, hotel_id, name, name_key, address, city, city_key, country, latitude, longitude, stars, price,
                                    currency, price_usd, phone, amenities, amenity_mask, logo_initials, logo_seed, logo_version)
                SELECT \(base) + row_number() OVER (ORDER BY n.hotel_id COLLATE "C"), n.hotel_id, n.name, n.name_key, n.address,
                       n.city, n.city_key, n.country, n.latitude, n.longitude, n.stars, n.price, n.currency, n.price_usd, n.phone,
                       n.amenities, n.amenity_mask, n.logo_initials, n.logo_seed, 1
                FROM (\(fresh)) n
                """)
            let added = "FROM hotels h JOIN \(stagingTable) s ON s.hotel_id = h.hotel_id WHERE h.id > \(base) AND NOT s.deleted"
            try await execute("INSERT INTO hotel_descriptions (id, description) SELECT h.id, coalesce(s.description, '') \(added)")
            try await execute("INSERT INTO hotel_logos (id, png) SELECT h.id, s.png \(added) AND s.logo_kind = 2")
            if outOfOrder { try await renumber() }
            return outOfOrder
        }

        /// Ids back into HotelId order, through negative ids: an id moved straight to its new
        /// value could meet one not moved yet.
        func renumber() async throws {
            try await execute(
                """
                CREATE TEMP TABLE hs_import_order ON COMMIT DROP AS SELECT * FROM
                    (SELECT id AS old, row_number() OVER (ORDER BY hotel_id COLLATE "C") AS new FROM hotels) o WHERE old <> new
                """)
            for table in ["hotels", "hotel_descriptions", "hotel_logos"] {
                try await execute("UPDATE \(table) t SET id = -o.new FROM hs_import_order o WHERE t.id = o.old")
                try await execute("UPDATE \(table) SET id = -id WHERE id < 0")
            }
        }

        /// Every stored hotel a row names, with the values it would have after the import
        /// (a column the file left out keeps the stored value) and what differs.
        static let changes = """
            CREATE TEMP TABLE hs_import_changes ON COMMIT DROP AS SELECT * FROM (
                SELECT h.id, s.name, s.name_key, s.address, s.city, s.city_key, s.country, s.latitude, s.longitude, s.stars,
                       s.price, s.currency, s.price_usd, n.phone, n.amenities, n.amenity_mask, n.logo_initials, s.description,
                       s.logo_kind, s.png,
                       (s.name, s.address, s.city, s.country, s.latitude, s.longitude, s.stars, s.price, s.currency,
                        n.phone, n.amenities, n.logo_initials)
                           IS DISTINCT FROM (h.name, h.address, h.city, h.country, h.latitude, h.longitude, h.stars, h.price,
                                             h.currency, h.phone, h.amenities, h.logo_initials) AS row_changed,
                       n.logo_initials <> h.logo_initials AS initials_changed,
                       coalesce(s.description <> coalesce(d.description, ''), false) AS description_changed,
                       (s.logo_kind = 1 AND l.png IS NOT NULL) OR (s.logo_kind = 2 AND l.png IS DISTINCT FROM s.png) AS logo_changed
                FROM \(stagingTable) s
                JOIN hotels h ON h.hotel_id = s.hotel_id
                CROSS JOIN LATERAL (SELECT
                    CASE WHEN s.has_phone THEN s.phone ELSE h.phone END AS phone,
                    CASE WHEN s.has_amenities THEN s.amenities ELSE h.amenities END AS amenities,
                    CASE WHEN s.has_amenities THEN s.amenity_mask ELSE h.amenity_mask END AS amenity_mask,
                    CASE WHEN s.name = h.name THEN h.logo_initials ELSE s.logo_initials END AS logo_initials) n
                LEFT JOIN hotel_descriptions d ON d.id = h.id
                LEFT JOIN hotel_logos l ON l.id = h.id
                WHERE NOT s.deleted) c
            WHERE row_changed OR description_changed OR logo_changed
            """

        static let updateRows = """
            UPDATE hotels h SET name = c.name, name_key = c.name_key, address = c.address, city = c.city, city_key = c.city_key,
                country = c.country, latitude = c.latitude, longitude = c.longitude, stars = c.stars, price = c.price,
                currency = c.currency, price_usd = c.price_usd, phone = c.phone, amenities = c.amenities,
                amenity_mask = c.amenity_mask, logo_initials = c.logo_initials,
                logo_version = h.logo_version + CASE WHEN c.logo_changed OR c.initials_changed THEN 1 ELSE 0 END
            FROM hs_import_changes c WHERE h.id = c.id AND (c.row_changed OR c.logo_changed)
            """

        private func execute(_ sql: String) async throws {
            try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
        }

        private func number(_ sql: String) async throws -> Int {
            try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).decode(Int.self).first { _ in true } ?? 0
        }
    }
}

import Logging
import PostgresNIO

/// The PostgreSQL schema of a HotelSearch catalog, as numbered migrations.
///
/// `schema_version(version, applied_at, applied_by)` has one row per migration applied;
/// its highest `version` is the database's version. ``PostgresCatalog`` serves only a
/// database at exactly ``currentVersion`` and otherwise says which side to upgrade
/// (``CatalogError/schemaMismatch(_:found:expected:)``): an older binary must not guess at
/// columns it does not know, and a newer one must not read a schema it would misread.
///
/// Tables mirror ``CatalogSchema`` (SQLite) so both catalogs answer alike:
/// - `name_key` and `city_key` are ``CatalogText/fold(_:)`` of the name and city, stored
///   by the seeder (Swift folds them, so both stores compare the very same text), in the
///   `"C"` collation: byte order, as SQLite's BINARY sorts UTF-8.
/// - `geog`: the point as PostGIS `geography`, GiST-indexed. `ST_DWithin` on it (a slightly
///   wider circle) picks the candidates; ``distanceFunction`` (`hs_distance_km`), the same
///   haversine as ``GeoMath/distanceKm(_:_:_:_:)`` in the same order of operations on the
///   same libm, decides the radius and the order, so distances agree to the bit with SQLite's.
/// - `name_key` has a `pg_trgm` GIN index: `LIKE '%…%'` on it uses the index for 3+
///   characters.
/// - Ordering indexes end in `id`, the final tie-break of every sort, so a page at any
///   offset is a walk of one index in page order.
///
/// ```swift
/// try await PostgresSchema.migrate(client, logger: logger)   // brings an older schema up to date
/// let version = try await PostgresSchema.version(client, logger: logger)
/// ```
public enum PostgresSchema {
    /// One step of the schema. Statements marked `afterLoad` build indexes: a new catalog runs
    /// them once the rows are in (building an index once is far cheaper than keeping it
    /// up to date row by row); ``migrate(_:logger:)`` runs them in order with the rest.
    public struct Migration: Sendable {
        public var version: Int
        public var summary: String
        public var statements: [String]
        public var afterLoad: [String]
    }

    /// The schema version this program reads and writes.
    public static var currentVersion: Int { migrations.last?.version ?? 0 }

    public static let migrations: [Migration] = [
        Migration(
            version: 1,
            summary: "hotels, descriptions, currencies, meta; PostGIS geography and pg_trgm",
            statements: [
                "CREATE EXTENSION IF NOT EXISTS postgis",
                "CREATE EXTENSION IF NOT EXISTS pg_trgm",
                "CREATE TABLE meta (key text PRIMARY KEY, value text NOT NULL)",
                "CREATE TABLE currencies (code text PRIMARY KEY, usd_rate float8 NOT NULL, minor_units int NOT NULL)",
                """
                CREATE TABLE hotels (
                    id bigint PRIMARY KEY,
                    hotel_id text NOT NULL,
                    name text NOT NULL,
                    name_key text COLLATE "C" NOT NULL,
                    address text NOT NULL,
                    city text NOT NULL,
                    city_key text COLLATE "C" NOT NULL,
                    country text NOT NULL,
                    latitude float8 NOT NULL,
                    longitude float8 NOT NULL,
                    geog geography(Point, 4326) GENERATED ALWAYS AS
                        (ST_SetSRID(ST_MakePoint(longitude, latitude), 4326)::geography) STORED,
                    stars int NOT NULL,
                    price text NOT NULL,
                    currency text NOT NULL,
                    price_usd float8 NOT NULL,
                    phone text,
                    amenities text NOT NULL,
                    amenity_mask bigint NOT NULL,
                    logo_initials text NOT NULL,
                    logo_seed bigint NOT NULL,
                    logo_version int NOT NULL
                )
                """,
                "CREATE TABLE hotel_descriptions (id bigint PRIMARY KEY, description text NOT NULL)",
                distanceFunction,
            ],
            afterLoad: [
                "CREATE UNIQUE INDEX hotels_hotel_id ON hotels (hotel_id)",
                "CREATE INDEX hotels_relevance ON hotels (stars DESC, price_usd, id)",
                "CREATE INDEX hotels_price ON hotels (price_usd, id)",
                "CREATE INDEX hotels_name_key ON hotels (name_key, id)",
                "CREATE INDEX hotels_city_relevance ON hotels (city_key, stars DESC, price_usd, id)",
                "CREATE INDEX hotels_city_price ON hotels (city_key, price_usd, id)",
                "CREATE INDEX hotels_city_name ON hotels (city_key, name_key, id)",
                "CREATE INDEX hotels_geog ON hotels USING gist (geog)",
                "CREATE INDEX hotels_name_trgm ON hotels USING gin (name_key gin_trgm_ops)",
            ]),
        Migration(
            version: 2,
            summary: "catalog_version, raised by a trigger in every transaction that changes hotels, descriptions or currencies",
            statements: catalogVersion,
            afterLoad: []),
        Migration(
            version: 3,
            summary: "hotel_logos: the PNG of a hotel's own logo (hotels import), watched like the hotels",
            statements: [
                "CREATE TABLE hotel_logos (id bigint PRIMARY KEY, png bytea NOT NULL)",
                changeTrigger("hotel_logos"),
            ],
            afterLoad: []),
    ]

    /// The catalog's version (``PostgresCatalog/version``): one row, raised by a statement
    /// trigger in the very transaction of any change to the tables an answer is read from,
    /// whoever writes (an import, psql), so it commits with the change and every replica's
    /// poll sees both at once. Statement-level: a COPY of a million rows raises it once.
    static let catalogVersion =
        [
            "CREATE TABLE catalog_version (one boolean PRIMARY KEY DEFAULT true CHECK (one), version bigint NOT NULL)",
            "INSERT INTO catalog_version (version) VALUES (1)",
            """
            CREATE FUNCTION hs_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                UPDATE catalog_version SET version = version + 1;
                RETURN NULL;
            END
            $$
            """,
        ]
        + ["hotels", "hotel_descriptions", "currencies"].map(changeTrigger)

    static func changeTrigger(_ table: String) -> String {
        "CREATE TRIGGER \(table)_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON \(table) FOR EACH STATEMENT EXECUTE FUNCTION hs_catalog_changed()"
    }

    /// `hs_distance_km(lat1, lon1, lat2, lon2)`: ``GeoMath/distanceKm(_:_:_:_:)`` term for
    /// term (float8 throughout: a bare `6371.0088` would be `numeric`), so PostgreSQL's
    /// `sin`/`cos`/`asin`/`sqrt`, which call the C library as Swift does, give the same bits.
    /// An SQL function, so the planner inlines it.
    static let distanceFunction = """
        CREATE FUNCTION hs_distance_km(lat1 float8, lon1 float8, lat2 float8, lon2 float8) RETURNS float8
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
            SELECT 2::float8 * 6371.0088::float8 * asin(least(1::float8, sqrt(greatest(0::float8,
                sin((lat2 - lat1) * (pi() / 180::float8) / 2::float8) * sin((lat2 - lat1) * (pi() / 180::float8) / 2::float8)
                + cos(lat1 * (pi() / 180::float8)) * cos(lat2 * (pi() / 180::float8))
                  * sin((lon2 - lon1) * (pi() / 180::float8) / 2::float8) * sin((lon2 - lon1) * (pi() / 180::float8) / 2::float8)))))
        $$
        """

    package static let versionTable = """
        CREATE TABLE IF NOT EXISTS schema_version (
            version int PRIMARY KEY,
            applied_at timestamptz NOT NULL DEFAULT now(),
            applied_by text NOT NULL
        )
        """

    /// The database's schema version: 0 when it has no `schema_version` table (never seeded).
    public static func version(_ connection: PostgresConnection, logger: Logger) async throws -> Int {
        let exists = try await connection.query("SELECT to_regclass('schema_version') IS NOT NULL", logger: logger)
            .decode(Bool.self).first { _ in true }
        guard exists == true else { return 0 }
        let rows = try await connection.query("SELECT coalesce(max(version), 0) FROM schema_version", logger: logger)
        for try await version in rows.decode(Int.self) { return version }
        return 0
    }

    /// Applies every migration above the database's version, each in a transaction of its
    /// own (with its indexes). Refuses a database newer than this program.
    ///
    /// - Returns: the versions applied (empty when already current).
    @discardableResult
    public static func migrate(_ client: PostgresClient, location: String, logger: Logger) async throws -> [Int] {
        try await client.withConnection { connection in
            try await connection.query(PostgresQuery(unsafeSQL: versionTable), logger: logger)
            let found = try await version(connection, logger: logger)
            guard found <= currentVersion else {
                throw CatalogError.schemaMismatch(location, found: found, expected: currentVersion)
            }
            var applied: [Int] = []
            for migration in migrations where migration.version > found {
                try await apply(migration, on: connection, logger: logger, includingIndexes: true)
                applied.append(migration.version)
            }
            return applied
        }
    }

    /// Runs one migration in a transaction and records it.
    static func apply(_ migration: Migration, on connection: PostgresConnection, logger: Logger, includingIndexes: Bool)
        async throws
    {
        logger.info("applying schema migration", metadata: ["version": "\(migration.version)", "summary": "\(migration.summary)"])
        try await connection.query("BEGIN", logger: logger)
        do {
            for sql in migration.statements + (includingIndexes ? migration.afterLoad : []) {
                try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
            }
            try await record(migration.version, on: connection, logger: logger)
            try await connection.query("COMMIT", logger: logger)
        } catch {
            try? await connection.query("ROLLBACK", logger: logger)
            throw error
        }
    }

    package static func record(_ version: Int, on connection: PostgresConnection, logger: Logger) async throws {
        let by = "hotels (schema \(currentVersion))"
        try await connection.query("INSERT INTO schema_version (version, applied_by) VALUES (\(version), \(by))", logger: logger)
    }
}

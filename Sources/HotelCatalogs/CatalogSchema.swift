/// The SQLite schema of a HotelSearch catalog. `hotels import` (HotelInventory) creates it,
/// for `hotels seed` too; ``SQLiteCatalog`` reads it.
///
/// - `meta(key, value)`: `format` = ``formatName``, `format_version` = ``formatVersion``,
///   `hotel_count`, `seed`.
/// - `currencies(code, usd_rate, minor_units)`: the fixed rates `price_usd` was computed with.
/// - `hotels`: one row per hotel; `id` (the rowid) is the hotel's number, so `id` order is
///   `hotel_id` order (`H0000001`…, 7 digits) and serves as the final tie-break of every sort.
///   `price` is the exact decimal text in `currency`; `price_usd` the converted value every
///   price filter and sort uses. `city_key`/`name_key` are ``CatalogText/fold(_:)`` of
///   `city`/`name`. `amenities` repeats the hotel's amenities, comma-separated in
///   ``Amenity/all`` order, so a page is read without a join.
/// - `hotel_descriptions(id, description)`: the long text, kept out of `hotels` so that
///   table stays narrow for scans.
/// - `amenity_mask`: bit *i* set = the hotel has ``Amenity/all``[*i*]. The amenity filter
///   tests it. Every ordering index is (its sort keys, `id`, then whichever of stars,
///   price_usd, amenity_mask it lacks): `id` right after the sort keys lets SQLite walk the
///   index in the exact page order (no sort step, even at offset 999,950), and the trailing
///   columns answer star/price/amenity filters from the index alone.
/// - `hotel_amenities(hotel_rowid, amenity)`: the same amenities, normalized, clustered on
///   (amenity, hotel_rowid) (a WITHOUT ROWID primary key: the index is the table), for SQL
///   users ("which hotels have a spa"). Search does not use it: a correlated lookup per row
///   measured 1.4 s for an amenity-only query on 1,000,000 hotels, the mask in the covering
///   indexes a few ms.
/// - `hotel_logos(id, png)`: a logo of the hotel's own (`hotels import`'s `logo` column), as a
///   PNG of at most ``logoSide`` pixels a side; a hotel without a row here is drawn as a
///   monogram from `logo_initials`/`logo_seed`. `logo_version` is bumped on every change of
///   either, so the logo's ETag changes. Catalogs seeded before the table existed lack it:
///   readers treat a missing table as empty, and `hotels import` creates it
///   (``logosTable``).
/// - `hotels_name_fts`: FTS5, trigram tokenizer, over `name_key` (external content): the
///   `Name` substring filter for 3 characters or more.
/// - `hotels_geo`: R*Tree (`rtree_i32`) over latitude/longitude in microdegrees: the `Near`
///   prefilter. Coordinates are stored rounded to 6 decimals, so `min_lat / 1e6` is exactly
///   `hotels.latitude`, and the haversine distance is computed from the R*Tree alone
///   (auxiliary columns would cost a lookup per row: measured 5× slower).
public enum CatalogSchema {
    public static let formatName = "hotelsearch-catalog"
    public static let formatVersion = 1

    /// Tables, created before the bulk insert.
    package static let tables = """
        CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE currencies (
            code TEXT PRIMARY KEY NOT NULL,
            usd_rate REAL NOT NULL,
            minor_units INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE hotels (
            id INTEGER PRIMARY KEY,
            hotel_id TEXT NOT NULL,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL,
            address TEXT NOT NULL,
            city TEXT NOT NULL,
            city_key TEXT NOT NULL,
            country TEXT NOT NULL,
            latitude REAL NOT NULL,
            longitude REAL NOT NULL,
            stars INTEGER NOT NULL,
            price TEXT NOT NULL,
            currency TEXT NOT NULL,
            price_usd REAL NOT NULL,
            phone TEXT,
            amenities TEXT NOT NULL,
            amenity_mask INTEGER NOT NULL,
            logo_initials TEXT NOT NULL,
            logo_seed INTEGER NOT NULL,
            logo_version INTEGER NOT NULL
        );
        CREATE TABLE hotel_descriptions (id INTEGER PRIMARY KEY, description TEXT NOT NULL);
        CREATE TABLE hotel_amenities (
            hotel_rowid INTEGER NOT NULL,
            amenity TEXT NOT NULL,
            PRIMARY KEY (amenity, hotel_rowid)
        ) WITHOUT ROWID;
        \(logosTable);
        """

    /// The logos of the hotels' own; `IF NOT EXISTS`, so a writer may run it on a catalog
    /// seeded before the table existed.
    package static let logosTable = "CREATE TABLE IF NOT EXISTS hotel_logos (id INTEGER PRIMARY KEY, png BLOB NOT NULL)"

    /// The longest side a stored logo has: the largest size `GET /logos/{HotelId}.png` serves.
    public static let logoSide = 256

    /// Indexes and the name search, built after the bulk insert: ``nameSearchTable``
    /// filled by ``rebuildNameSearch``, then ``orderingIndexes``. The FTS comes first: its
    /// rebuild reads `hotels` in rowid order, but with `hotels_name_key` already there SQLite
    /// reads the rows from it, in name order, which made the rebuild of 1,000,000 names
    /// 2.5 × slower (13.3 s against 5.4 s). A new catalog file builds the FTS and the
    /// R*Tree beside (HotelInventory's `SideIndexBuilder`) and only ``orderingIndexes`` here.
    package static let indexes = """
        \(nameSearchTable);
        \(rebuildNameSearch)
        \(orderingIndexes)
        """

    /// The name search: an FTS5 trigram index over `hotels.name_key`, keeping no copy of the
    /// names (external content). Its rows live in the shadow tables ``nameSearchShadows``.
    package static let nameSearchTable = """
        CREATE VIRTUAL TABLE hotels_name_fts USING fts5(
            name_key, content='hotels', content_rowid='id', tokenize='trigram case_sensitive 1'
        )
        """

    /// ``nameSearchTable``'s shadow tables: what an FTS built elsewhere is copied as.
    package static let nameSearchShadows = [
        "hotels_name_fts_data", "hotels_name_fts_idx", "hotels_name_fts_docsize", "hotels_name_fts_config",
    ]

    /// The b-tree indexes each sort and filter of a search reads.
    package static let orderingIndexes = """
        CREATE UNIQUE INDEX hotels_hotel_id ON hotels(hotel_id);
        CREATE INDEX hotels_relevance ON hotels(stars DESC, price_usd, id, amenity_mask);
        CREATE INDEX hotels_price ON hotels(price_usd, id, stars, amenity_mask);
        CREATE INDEX hotels_name_key ON hotels(name_key, id, stars, price_usd, amenity_mask);
        CREATE INDEX hotels_city_relevance ON hotels(city_key, stars DESC, price_usd, id, amenity_mask);
        CREATE INDEX hotels_city_price ON hotels(city_key, price_usd, id, stars, amenity_mask);
        CREATE INDEX hotels_city_name ON hotels(city_key, name_key, id, stars, price_usd, amenity_mask);
        """

    /// The `Near` search's R*Tree, filled by ``geoRows``; its rows live in three shadow
    /// tables, `hotels_geo_node`, `_rowid` and `_parent`.
    package static let geoTable = "CREATE VIRTUAL TABLE hotels_geo USING rtree_i32(id, min_lat, max_lat, min_lon, max_lon)"

    /// Fills `hotels_name_fts` from every row of `hotels` (an external-content table keeps
    /// no copy of its own: after rows were renumbered it is rebuilt).
    package static let rebuildNameSearch = """
        INSERT INTO hotels_name_fts(hotels_name_fts) VALUES ('rebuild');
        INSERT INTO hotels_name_fts(hotels_name_fts) VALUES ('optimize');
        """

    /// `hotels_geo`'s rows from `hotels`, in microdegrees; a writer adds `WHERE id = ?` for
    /// one hotel's, so a hotel written later is placed exactly as a seeded one.
    package static let geoRows = """
        INSERT INTO hotels_geo (id, min_lat, max_lat, min_lon, max_lon)
            SELECT id, round(latitude * 1e6), round(latitude * 1e6), round(longitude * 1e6), round(longitude * 1e6)
            FROM hotels
        """

    /// The SQL function that computes a haversine distance in km: `hs_distance_km(lat1, lon1, lat2, lon2)`.
    static let distanceFunctionName = "hs_distance_km"
}

import HotelCatalogs
import NIOCore

/// The ``InventoryWriter`` of a PostgreSQL database that holds no catalog yet: each row as a
/// line of `COPY` text straight for the table it belongs in (`hotels`,
/// `hotel_descriptions`, `hotel_logos`), three streams that ``PostgresImport`` copies at
/// once on three connections. Nothing to compare with, so no staging table and no merge.
///
/// Rows take ids in input order, as a new SQLite catalog's do; ``Summary/outOfOrder`` says
/// when the HotelIds did not all ascend (in bytes, PostgreSQL's `COLLATE "C"`), and the
/// import renumbers afterwards. A deletion changes nothing in a new catalog (counted
/// unchanged, as the SQLite writer counts it).
///
/// ```swift
/// let writer = PostgresNewCatalogWriter(currencies: rates, streams: streams)
/// for row in rows { try writer.write(row) }
/// let summary = try writer.finish()
/// ```
final class PostgresNewCatalogWriter: InventoryWriter {
    /// The three tables' streams, in ``PostgresNewCatalogWriter/Streams/tables`` order.
    struct Streams: Sendable {
        let hotels = CopyChunks()
        let descriptions = CopyChunks()
        let logos = CopyChunks()

        static let tables: [(name: String, columns: [String])] = [
            ("hotels", PostgresCatalogBuilder.hotelColumns), ("hotel_descriptions", ["id", "description"]), ("hotel_logos", ["id", "png"]),
        ]
        var all: [CopyChunks] { [hotels, descriptions, logos] }

        /// Ends every stream (after the last row, or after an error: the COPYs then end).
        func finish() { for chunks in all { chunks.finish() } }
    }

    struct Summary: Sendable {
        var counts = ImportCounts()
        var outOfOrder = false
    }

    let currencies: [String: CurrencyInfo]
    private let streams: Streams
    private var summary = Summary()
    private var nextID: Int64 = 1
    private var lastHotelID: [UInt8] = []
    private var derived = DerivedColumns()
    private var hotels = ""
    private var descriptions = ""
    private var logos = ""

    init(currencies: [String: CurrencyInfo], streams: Streams) {
        self.currencies = currencies
        self.streams = streams
        hotels.reserveCapacity(PostgresInventoryWriter.chunkSize + 4096)
        descriptions.reserveCapacity(PostgresInventoryWriter.chunkSize + 4096)
    }

    func write(_ row: InventoryRow) throws {
        guard case .hotel(let record) = row else {
            summary.counts.unchanged += 1
            return
        }
        let hotel = record.hotel
        let id = nextID
        nextID += 1
        let idBytes = Array(hotel.id.utf8)
        if !lastHotelID.isEmpty && !lastHotelID.lexicographicallyPrecedes(idBytes) { summary.outOfOrder = true }
        lastHotelID = idBytes
        let info = currencies[hotel.price.currency]!
        let priceUSD = Currencies.usdValue(minorAmount: record.priceMinor, minorUnits: info.minorUnits, rate: info.usdRate)
        CopyText.appendLine(
            [
                String(id), hotel.id, hotel.name, CatalogText.fold(hotel.name), hotel.address, hotel.city, derived.cityKey(hotel.city),
                hotel.country, "\(hotel.latitude)", "\(hotel.longitude)", String(hotel.stars), hotel.price.amountText,
                hotel.price.currency, "\(priceUSD)", hotel.phone, hotel.amenities.joined(separator: ","),
                String(Amenity.mask(hotel.amenities)), record.logoInitials,
                String(record.logoSeed), "1",
            ], to: &hotels)
        CopyText.appendLine([String(id), record.description ?? ""], to: &descriptions)
        if case .image(let png) = record.logo { CopyText.appendLine([String(id), PostgresInventoryWriter.byteaText(png)], to: &logos) }
        summary.counts.new += 1
        try send(ifOver: PostgresInventoryWriter.chunkSize)
    }

    /// Sends what is left; the streams are ended by the caller (``Streams/finish()``).
    func finish() throws -> Summary {
        try send(ifOver: 0)
        return summary
    }

    private func send(ifOver size: Int) throws {
        for (text, chunks) in [
            (\PostgresNewCatalogWriter.hotels, streams.hotels), (\.descriptions, streams.descriptions), (\.logos, streams.logos),
        ] {
            if self[keyPath: text].utf8.count > size {
                try chunks.send(ByteBuffer(string: self[keyPath: text]))
                self[keyPath: text].removeAll(keepingCapacity: true)
            }
        }
    }
}

import HotelCatalogs
import NIOCore

/// The ``InventoryWriter`` of a PostgreSQL catalog: each validated row, with the columns a
/// search reads derived as the SQLite writer derives them (`name_key`, `city_key`,
/// `price_usd`, `amenity_mask`, the monogram's initials and seed), as a line of `COPY`
/// text for the staging table ``PostgresImport/stagingTable``. The comparison with the
/// stored hotels and the merge happen in SQL afterwards (``PostgresImport``): a million
/// rows cost one `COPY` and a few set-wise statements, not a million round trips.
///
/// ```swift
/// let writer = PostgresInventoryWriter(currencies: rates, chunks: chunks)
/// for row in rows { try writer.write(row) }
/// try writer.flush()
/// ```
final class PostgresInventoryWriter: InventoryWriter {
    let currencies: [String: CurrencyInfo]
    private let chunks: CopyChunks
    private var text = ""
    private var derived = DerivedColumns()
    /// About this much text goes to the database at a time.
    static let chunkSize = 256 * 1024

    init(currencies: [String: CurrencyInfo], chunks: CopyChunks) {
        self.currencies = currencies
        self.chunks = chunks
        text.reserveCapacity(Self.chunkSize + 4096)
    }

    func write(_ row: InventoryRow) throws {
        switch row {
        case .deletion(let id, _, _):
            CopyText.appendLine([id, "t"] + Array(repeating: nil, count: PostgresImport.stagingColumns.count - 2), to: &text)
        case .hotel(let record):
            let hotel = record.hotel
            let info = currencies[hotel.price.currency]!
            let priceUSD = Currencies.usdValue(minorAmount: record.priceMinor, minorUnits: info.minorUnits, rate: info.usdRate)
            let logo: (kind: String, png: String?) =
                switch record.logo {
                case .keep: ("0", nil)
                case .monogram, .chosenMonogram: ("1", nil)
                case .image(let png): ("2", Self.byteaText(png))
                }
            CopyText.appendLine(
                [
                    hotel.id, "f", hotel.name, CatalogText.fold(hotel.name), hotel.address, hotel.city, derived.cityKey(hotel.city),
                    hotel.country,
                    "\(hotel.latitude)", "\(hotel.longitude)", String(hotel.stars), hotel.price.amountText, hotel.price.currency,
                    "\(priceUSD)", hotel.phone, record.hasPhone ? "t" : "f", hotel.amenities.joined(separator: ","),
                    record.hasAmenities ? "t" : "f", String(Amenity.mask(hotel.amenities)),
                    record.logoInitials, String(record.logoSeed),
                    record.description, logo.kind, logo.png,
                ], to: &text)
        }
        if text.utf8.count >= Self.chunkSize { try send() }
    }

    /// Sends what is left.
    func flush() throws {
        if !text.isEmpty { try send() }
    }

    private func send() throws {
        try chunks.send(ByteBuffer(string: text))
        text.removeAll(keepingCapacity: true)
    }

    /// `bytea` in hex (`\x89504e47…`); ``CopyText`` doubles the backslash for COPY.
    static func byteaText(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8](repeating: 0, count: 2 + bytes.count * 2)
        out[0] = UInt8(ascii: "\\")
        out[1] = UInt8(ascii: "x")
        for (index, byte) in bytes.enumerated() {
            out[2 + index * 2] = digits[Int(byte >> 4)]
            out[3 + index * 2] = digits[Int(byte & 0x0f)]
        }
        return String(decoding: out, as: UTF8.self)
    }
}

import HotelBrowse
import HotelInventory
import HotelSOAP

/// Writes `hotels export`'s rows: ``HotelInventory/InventoryColumn/exported`` (and `logo`
/// with `--logos`), each field spelt by ``HotelBrowse/RowEncoder`` exactly as
/// `hotels search` spells it, so that `hotels import` reads back every value as it was.
///
/// ```swift
/// let writer = InventoryRowWriter(format: .csv, sink: .standardOutput(), logoColumn: false)
/// try writer.writeHeader()
/// try writer.write(row, logo: nil)     // H0000001,Grand Hotel,…,"wifi,pool",A quiet place.
/// ```
final class InventoryRowWriter {
    let format: InventoryFormat
    private let sink: OutputSink
    /// Whether rows end with a `logo` field (`--logos`).
    let logoColumn: Bool

    init(format: InventoryFormat, sink: OutputSink, logoColumn: Bool) {
        self.format = format
        self.sink = sink
        self.logoColumn = logoColumn
    }

    /// The CSV header (JSON Lines has none).
    func writeHeader() throws(OutputError) {
        guard format == .csv else { return }
        let names = InventoryColumn.exported.map(\.name) + (logoColumn ? [InventoryColumn.logo.name] : [])
        try sink.write(names.joined(separator: ",") + "\n")
    }

    /// One hotel; `logo` is the `logo` field's path, nil for a hotel without its own logo.
    func write(_ row: CatalogExport.Row, logo: String?) throws(OutputError) {
        switch format {
        case .csv: try sink.append { Self.csv(row, logo: logoColumn ? (logo ?? "") : nil, into: &$0) }
        case .jsonl: try sink.append { Self.json(row, logo: logoColumn ? .some(logo) : .none, into: &$0) }
        }
    }

    func end() throws(OutputError) { try sink.flush() }

    /// `logo` nil: no logo field at all.
    private static func csv(_ row: CatalogExport.Row, logo: String?, into out: inout [UInt8]) {
        let hotel = row.hotel
        let comma = UInt8(ascii: ",")
        for text in [hotel.id, hotel.name, hotel.address, hotel.city, hotel.country] {
            RowEncoder.csvField(text, &out)
            out.append(comma)
        }
        RowEncoder.number(hotel.latitude, &out)
        out.append(comma)
        RowEncoder.number(hotel.longitude, &out)
        out.append(comma)
        RowEncoder.integer(hotel.stars, &out)
        out.append(comma)
        for text in [hotel.price.amountText, hotel.price.currency, hotel.phone ?? "", hotel.amenities.joined(separator: ",")] {
            RowEncoder.csvField(text, &out)
            out.append(comma)
        }
        RowEncoder.csvField(row.description, &out)
        if let logo {
            out.append(comma)
            RowEncoder.csvField(logo, &out)
        }
        out.append(0x0A)
    }

    /// The keys and spelling of `hotels search --format json` for the fields they share.
    /// `logo` nil: no `logo` key; `.some(nil)`: `"logo":null`.
    private static func json(_ row: CatalogExport.Row, logo: String??, into out: inout [UInt8]) {
        let hotel = row.hotel
        RowEncoder.raw("{\"hotel_id\":", &out)
        RowEncoder.jsonString(hotel.id, &out)
        RowEncoder.raw(",\"name\":", &out)
        RowEncoder.jsonString(hotel.name, &out)
        RowEncoder.raw(",\"address\":", &out)
        RowEncoder.jsonString(hotel.address, &out)
        RowEncoder.raw(",\"city\":", &out)
        RowEncoder.jsonString(hotel.city, &out)
        RowEncoder.raw(",\"country\":", &out)
        RowEncoder.jsonString(hotel.country, &out)
        RowEncoder.raw(",\"latitude\":", &out)
        RowEncoder.number(hotel.latitude, &out)
        RowEncoder.raw(",\"longitude\":", &out)
        RowEncoder.number(hotel.longitude, &out)
        RowEncoder.raw(",\"stars\":", &out)
        RowEncoder.integer(hotel.stars, &out)
        RowEncoder.raw(",\"price\":", &out)
        RowEncoder.jsonString(hotel.price.amountText, &out)
        RowEncoder.raw(",\"currency\":", &out)
        RowEncoder.jsonString(hotel.price.currency, &out)
        RowEncoder.raw(",\"phone\":", &out)
        if let phone = hotel.phone { RowEncoder.jsonString(phone, &out) } else { RowEncoder.raw("null", &out) }
        RowEncoder.raw(",\"amenities\":[", &out)
        for (i, amenity) in hotel.amenities.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            RowEncoder.jsonString(amenity, &out)
        }
        RowEncoder.raw("],\"description\":", &out)
        RowEncoder.jsonString(row.description, &out)
        if let logo {
            RowEncoder.raw(",\"logo\":", &out)
            if let logo { RowEncoder.jsonString(logo, &out) } else { RowEncoder.raw("null", &out) }
        }
        RowEncoder.raw("}\n", &out)
    }
}

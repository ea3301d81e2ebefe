import Foundation
import HotelSOAP

/// The plain way to write a row, field by field through `String`s: what `RowEncoder`
/// replaced for speed, kept as the reference its bytes must equal.
enum ReferenceRowWriter {
    static func csv(_ hotel: HotelInfo) -> String { columns(hotel).map(csvQuote).joined(separator: ",") + "\n" }
    static func tsv(_ hotel: HotelInfo) -> String { columns(hotel).map(tsvEscape).joined(separator: "\t") + "\n" }

    static func json(_ hotel: HotelInfo) -> String {
        func string(_ s: String?) -> String { s.map(jsonQuote) ?? "null" }
        let fields: [(String, String)] = [
            ("hotel_id", string(hotel.id)), ("name", string(hotel.name)), ("address", string(hotel.address)),
            ("city", string(hotel.city)), ("country", string(hotel.country)),
            ("latitude", hotel.latitude.description), ("longitude", hotel.longitude.description),
            ("stars", String(hotel.stars)), ("price", string(hotel.price.amountText)), ("currency", string(hotel.price.currency)),
            ("distance_km", hotel.distanceKm.map(\.description) ?? "null"), ("logo_url", string(hotel.logoURL)),
            ("phone", string(hotel.phone)), ("amenities", "[" + hotel.amenities.map(jsonQuote).joined(separator: ",") + "]"),
        ]
        let rooms: [(String, String)] = hotel.rooms.isEmpty ? [] : [("rooms", "[" + hotel.rooms.map(room).joined(separator: ",") + "]")]
        return object(fields + rooms) + "\n"

        func object(_ fields: [(String, String)]) -> String {
            "{" + fields.map { jsonQuote($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
        }
        func room(_ room: RoomOffer) -> String {
            object([
                ("room_type", string(room.roomTypeCode)), ("room_name", string(room.roomName)), ("rate_plan", string(room.ratePlanCode)),
                ("price", string(room.total.amountText)), ("currency", string(room.total.currency)),
                ("taxes_included", room.includesTaxes ? "true" : "false"),
            ])
        }
    }

    /// The CSV/TSV columns, in order (README, "Output formats").
    static func columns(_ h: HotelInfo) -> [String] {
        [
            h.id, h.name, h.address, h.city, h.country, h.latitude.description, h.longitude.description, String(h.stars),
            h.price.amountText, h.price.currency, h.distanceKm.map(\.description) ?? "", h.logoURL ?? "",
        ]
    }

    static func csvQuote(_ field: String) -> String {
        guard field.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        // By scalar: Foundation's replacingOccurrences compares characters, so it left a
        // quote followed by a combining mark undoubled (the old writer's bug, found here).
        var out = "\""
        for scalar in field.unicodeScalars {
            if scalar == "\"" { out += "\"" }
            out.unicodeScalars.append(scalar)
        }
        return out + "\""
    }

    static func tsvEscape(_ field: String) -> String {
        var out = ""
        for scalar in field.unicodeScalars {
            switch scalar {
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\\": out += "\\\\"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func jsonQuote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

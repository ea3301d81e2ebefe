import Foundation
import HotelCatalogs

/// One rule per column: each returns the value as the catalog stores it, or throws the
/// message that says what is wrong and how to write it.
extension RecordValidator {
    /// The longest HotelId: it is a file name in `/logos/{HotelId}.png` and a key in every page.
    static let maxHotelIDLength = 64

    func hotelID(_ value: String?, line: Int) throws(InventoryError) -> String {
        let id = value ?? ""
        guard !id.isEmpty else { throw fail(.hotelID, line, "empty: every row needs a HotelId") }
        // What the logo endpoint accepts in /logos/{HotelId}.png: any other id has no logo.
        let allowed = id.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D || byte == 0x5F
        }
        guard allowed, id.utf8.count <= Self.maxHotelIDLength else {
            throw fail(
                .hotelID, line,
                "\"\(id)\" is not a HotelId: use up to \(Self.maxHotelIDLength) letters A-Z or a-z, digits, - and _")
        }
        return id
    }

    /// `deleted`: true or 1 deletes; false, 0, empty or no column keeps.
    func flag(_ value: String?, line: Int) throws(InventoryError) -> Bool {
        guard let value, !value.isEmpty else { return false }
        switch value.withoutSurroundingSpaces.lowercased() {
        case "true", "1": return true
        case "false", "0", "": return false
        default: throw fail(.deleted, line, "\"\(value)\" is not true, false, 1 or 0")
        }
    }

    /// Text as written (not trimmed: export writes back what was read), without NUL,
    /// non-empty where the hotel needs it.
    func text(_ value: String, _ column: InventoryColumn, line: Int, required: Bool) throws(InventoryError) -> String {
        // By bytes: a Character walk (grapheme breaking) over every name cost more than the rest of a row's checks.
        if required && value.utf8.allSatisfy({ $0 == 0x20 || (0x09...0x0D).contains($0) }) {
            throw fail(column, line, "empty: every hotel needs a \(column.name)")
        }
        if value.utf8.contains(0) { throw fail(column, line, "holds a NUL character") }
        return value
    }

    /// An ISO 3166-1 alpha-2 code, upper case.
    func country(_ value: String, line: Int) throws(InventoryError) -> String {
        let code = value.withoutSurroundingSpaces
        guard code.utf8.count == 2, code.utf8.allSatisfy({ (0x41...0x5A).contains($0) }) else {
            throw fail(.country, line, "\"\(value)\" is not a country code: write its two capital letters (ISO 3166-1), such as KR")
        }
        return String(code)
    }

    /// Degrees within ±`limit`, rounded to 6 decimals as the catalog stores them.
    func coordinate(_ value: String, _ column: InventoryColumn, limit: Double, line: Int) throws(InventoryError) -> Double {
        let text = value.withoutSurroundingSpaces
        guard let degrees = Double(text), degrees.isFinite else {
            throw fail(column, line, "\"\(value)\" is not a number: write degrees with a point, such as 37.5665")
        }
        guard abs(degrees) <= limit else {
            throw fail(
                column, line,
                "\(text) is out of range: \(column.name) is -\(Int(limit)) to \(Int(limit))")
        }
        // +0.0 for -0.0: what was written as -0 and 0 are the same place, stored once.
        return GeoMath.round6(degrees) + 0.0
    }

    func stars(_ value: String, line: Int) throws(InventoryError) -> Int {
        guard let stars = Int(value.withoutSurroundingSpaces), (0...5).contains(stars) else {
            throw fail(.stars, line, "\"\(value)\" is not a whole number from 0 (unrated) to 5")
        }
        return stars
    }

    func currencyInfo(_ value: String, line: Int) throws(InventoryError) -> CurrencyInfo {
        let code = value.withoutSurroundingSpaces.uppercased()
        guard let info = currencies[code] else {
            throw fail(
                .currency, line, "\"\(value)\" is not a currency the catalog knows: \(currencies.keys.sorted().joined(separator: ", "))")
        }
        return info
    }

    /// The amount in minor units and as the catalog writes it (the currency's decimals:
    /// `129.5` EUR is `129.50`); more decimals than the currency has are refused unless
    /// they are zeros, so no amount is ever rounded.
    func price(_ value: String, currency: CurrencyInfo, line: Int) throws(InventoryError) -> (Int64, String) {
        let text = value.withoutSurroundingSpaces
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0]
        let fraction = parts.count == 2 ? parts[1] : ""
        let isDigits = { (part: Substring) in part.utf8.allSatisfy { (0x30...0x39).contains($0) } }
        guard !whole.isEmpty, isDigits(whole), isDigits(fraction), parts.count == 1 || !fraction.isEmpty else {
            if text.hasPrefix("-") { throw fail(.price, line, "\"\(value)\" is negative") }
            throw fail(.price, line, "\"\(value)\" is not an amount: write digits and a point, such as 129.50, with no sign or grouping")
        }
        let units = currency.minorUnits
        let kept = fraction.prefix(units)
        let dropped = fraction.dropFirst(units)
        guard dropped.allSatisfy({ $0 == "0" }) else {
            throw fail(.price, line, "\"\(value)\" has \(fraction.count) decimals; \(currency.code) has \(units)")
        }
        let digits = whole.drop { $0 == "0" } + kept + String(repeating: "0", count: units - kept.count)
        // 15 digits: every amount up to there is exact in a Double, which price_usd is.
        guard digits.count <= 15, let minor = Int64(digits.isEmpty ? "0" : String(digits)) else {
            throw fail(.price, line, "\"\(value)\" is too large")
        }
        return (minor, Currencies.formatMinor(minor, minorUnits: units))
    }

    /// `wifi,pool` in any order and case: the names of ``HotelCatalogs/Amenity/all``, in
    /// that order; empty for none.
    func amenityList(_ value: String, line: Int) throws(InventoryError) -> [String] {
        guard !value.withoutSurroundingSpaces.isEmpty else { return [] }
        var given: UInt64 = 0
        for part in value.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.withoutSurroundingSpaces.lowercased()
            guard let index = Amenity.all.firstIndex(of: name) else {
                throw fail(.amenities, line, "\"\(name)\" is not an amenity: they are \(Amenity.all.joined(separator: ", "))")
            }
            guard given & 1 << index == 0 else { throw fail(.amenities, line, "\"\(name)\" is listed twice") }
            given |= 1 << index
        }
        return Amenity.all.indices.filter { given & 1 << $0 != 0 }.map { Amenity.all[$0] }
    }
}

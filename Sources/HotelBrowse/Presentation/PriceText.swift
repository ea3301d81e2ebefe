import HotelSOAP

/// Prices as people read them in a table: digits grouped, and as many decimals as the
/// currency has (ISO 4217 minor units: JPY 0, USD 2, KWD 3), the same in
/// `search --format table` and `browse`. Never rounded: an amount with more decimals than
/// its currency has keeps them all. Also the grouping of counts people read ("row 1,234
/// of 100,000").
///
/// ```swift
/// PriceText.table(Money(Decimal(string: "1234.5")!, "USD"))   // "1,234.50 USD"
/// PriceText.table(Money(8660, "JPY"))                         // "8,660 JPY"
/// ```
package enum PriceText {
    static func table(_ money: Money) -> String {
        let digits = max(money.minorUnits, money.scale ?? 0)
        // `digits` is never below the scale `amountText` keeps, so padding its text gives
        // `Money.plain(amount, minimumFraction: digits)` without printing the Decimal again.
        return "\(grouped(Money.padded(money.amountText, minimumFraction: digits))) \(money.currency)"
    }

    /// `1234567.5` → `1,234,567.5`: thousands grouped in the integer part only.
    package static func grouped(_ number: String) -> String {
        // Over the ASCII bytes: plain decimal text has no other characters.
        let utf8 = Array(number.utf8)
        let signLength = utf8.first == UInt8(ascii: "-") ? 1 : 0
        let integerEnd = utf8[signLength...].firstIndex(of: UInt8(ascii: ".")) ?? utf8.count
        let digits = integerEnd - signLength
        guard digits > 3 else { return number }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count + digits / 3)
        out += utf8[..<signLength]
        for (k, i) in (signLength..<integerEnd).enumerated() {
            if k > 0 && (digits - k) % 3 == 0 { out.append(UInt8(ascii: ",")) }
            out.append(utf8[i])
        }
        out += utf8[integerEnd...]
        return String(decoding: out, as: UTF8.self)
    }
}

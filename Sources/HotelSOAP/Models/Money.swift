import Foundation
import HotelXML

/// An amount in a currency. `Decimal`, never `Double`: prices must survive a round trip
/// exactly, and so must the way they were written: `129.50` stays `129.50` (`amountText`),
/// which `Decimal` alone would print as `129.5`.
///
/// ```swift
/// let price = Money(Decimal(string: "89.50")!, "EUR", scale: 2)
/// print(price)              // 89.50 EUR
/// print(price.amountText)   // 89.50
/// price == Money(Decimal(string: "89.5")!, "EUR")   // true: the same amount
/// ```
public struct Money: Sendable, Hashable, CustomStringConvertible {
    /// Exact: read from and written as decimal text, never through `Double`.
    public var amount: Decimal { didSet { text = nil } }
    /// ISO 4217 code, e.g. `EUR`.
    public var currency: String
    /// Digits after the point as the amount was written (`129.50`: 2); nil when it was
    /// not read from text, and `amount` prints as it is.
    public var scale: Int? { didSet { text = nil } }
    /// `amountText`, when the parser could spell it from the digits it read: printing a
    /// `Decimal` costs more than parsing the whole hotel did (`Decimal.description`).
    private var text: String?

    /// `amount` in `currency`, an ISO 4217 code; `scale` keeps the digits after the point
    /// the amount was written with.
    public init(_ amount: Decimal, _ currency: String, scale: Int? = nil) {
        self.amount = amount
        self.currency = currency
        self.scale = scale
    }

    /// The amount written as `text` (an `xsd:decimal`: optional sign, digits, optional
    /// point; whitespace around it ignored), keeping its scale; nil when it is not one.
    ///
    /// ```swift
    /// Money(parsing: "129.50", "EUR")?.amountText   // 129.50
    /// ```
    public init?(parsing text: String, _ currency: String) {
        var text = text
        let parsed = text.withUTF8 { DecimalText.parseWithText($0) }
        guard let parsed else { return nil }
        self.init(parsed.value, currency, scale: parsed.scale, text: parsed.text)
    }

    /// With `amountText` already spelled: it must be what `plain(amount, scale)` gives.
    package init(_ amount: Decimal, _ currency: String, scale: Int, text: String?) {
        self.init(amount, currency, scale: scale)
        self.text = text
    }

    /// The amount as plain decimal text (no exponent, no grouping), with the digits after
    /// the point it was written with: `129.50`, `8660`, `-0.125`.
    public var amountText: String { text ?? Self.plain(amount, minimumFraction: scale ?? 0) }

    /// Amount then code, e.g. `89.50 EUR`: no grouping.
    public var description: String { "\(amountText) \(currency)" }

    /// Equal amounts in the same currency are equal, however they were written.
    public static func == (a: Money, b: Money) -> Bool {
        a.amount == b.amount && a.currency == b.currency
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(amount)
        hasher.combine(currency)
    }

    /// `value` as plain text with at least `minimumFraction` digits after the point,
    /// zeros added; never fewer digits than the value has.
    public static func plain(_ value: Decimal, minimumFraction: Int) -> String {
        // Plain digits: Decimal never prints an exponent.
        padded(value.description, minimumFraction: minimumFraction)
    }

    /// Plain decimal `text` with zeros added up to `minimumFraction` digits after the point:
    /// `padded("8660", minimumFraction: 2)` is `8660.00`; never fewer digits than it has.
    public static func padded(_ text: String, minimumFraction: Int) -> String {
        let point = text.utf8.firstIndex(of: UInt8(ascii: "."))
        let fraction = point.map { text.utf8.distance(from: $0, to: text.utf8.endIndex) - 1 } ?? 0
        guard minimumFraction > fraction else { return text }
        return text + (point == nil ? "." : "") + String(repeating: "0", count: minimumFraction - fraction)
    }
}

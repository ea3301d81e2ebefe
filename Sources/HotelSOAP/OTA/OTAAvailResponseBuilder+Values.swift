import Foundation
import HotelXML

/// Reading values out of attribute and text bytes: names through the cache, codes through
/// the interner, numbers without a `String` where they can be.
extension OTAAvailResponseBuilder {

    @inline(__always)
    func lookup(_ p: UnsafePointer<UInt8>) -> OTAName { names.name(p, interned: interned.contains(p)) }

    /// The first attribute named `wanted`, in no namespace.
    @inline(__always)
    func attribute(_ wanted: OTAName, _ attributes: SAXAttributes) -> UnsafeBufferPointer<UInt8>? {
        for i in 0..<attributes.count {
            let a = attributes[i]
            if a.namespaceURI == nil, lookup(a.localName) == wanted { return a.value }
        }
        return nil
    }

    /// An attribute value without XML whitespace at either end, as codes and numbers are
    /// read. `interned`: a short value that repeats (codes, room names) comes from the
    /// interner. Trimming goes by `Character`, as `String.trimmingXMLSpace` does (a mark
    /// after a space keeps it), so only values with a space at an end take that path.
    func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, interned: Bool = false) -> String {
        guard let first = bytes.first, let last = bytes.last else { return "" }
        guard !TextBuffer.isXMLSpace(first), !TextBuffer.isXMLSpace(last) else {
            return SAXAttributes.string(bytes).trimmingXMLSpace
        }
        // libxml2 hands an `&` in a value on as `&#38;`: see `SAXAttributes.string`.
        if bytes.contains(UInt8(ascii: "&")) { return SAXAttributes.string(bytes) }
        return interned ? interner.string(bytes) : String(decoding: bytes, as: UTF8.self)
    }

    /// The collected text, trimmed as `trimmed` trims a value. Text comes with its
    /// references resolved, so an `&#38;` in it is what the sender meant.
    func collectedText(interned: Bool = false) -> String {
        let bytes = text.bytes
        guard let first = bytes.first, let last = bytes.last else { return "" }
        guard !TextBuffer.isXMLSpace(first), !TextBuffer.isXMLSpace(last) else { return text.string.trimmingXMLSpace }
        return interned ? interner.string(bytes) : String(decoding: bytes, as: UTF8.self)
    }

    /// `xsd:double`, as `Double(String)` reads it (`DoubleText` is bit-identical for the
    /// decimals it takes, and the rest goes to `Double(String)`).
    func double(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        DoubleText.parse(bytes) ?? Double(SAXAttributes.string(bytes).trimmingXMLSpace)
    }

    /// `AmountAfterTax` (else `AmountBeforeTax`) in `CurrencyCode`. An integer amount with
    /// `DecimalPlaces` is in minor units (`12950`, 2 → `129.50`); a decimal one is as written.
    func money(_ attributes: SAXAttributes) -> Amount? {
        var afterTax: UnsafeBufferPointer<UInt8>?
        var beforeTax: UnsafeBufferPointer<UInt8>?
        var currencyBytes: UnsafeBufferPointer<UInt8>?
        var placesBytes: UnsafeBufferPointer<UInt8>?
        for i in 0..<attributes.count {
            let a = attributes[i]
            guard a.namespaceURI == nil else { continue }
            switch lookup(a.localName) {
            case .AmountAfterTax: afterTax = afterTax ?? a.value
            case .AmountBeforeTax: beforeTax = beforeTax ?? a.value
            case .CurrencyCode: currencyBytes = currencyBytes ?? a.value
            case .DecimalPlaces: placesBytes = placesBytes ?? a.value
            default: break
            }
        }
        guard let amount = afterTax ?? beforeTax else { return nil }
        let currency = currencyBytes.map { trimmed($0, interned: true) } ?? ""
        let places = placesBytes.map { IntegerText.parse($0) ?? Int(trimmed($0)) ?? 0 } ?? 0
        // Digits and a sign read as Decimal(string:) and Money(parsing:) read them.
        if (0...18).contains(places), let minor = IntegerText.parse(amount) {
            return Amount(minor: minor, places: places, currency: currency, includesTaxes: afterTax != nil)
        }
        guard let money = Self.slowMoney(trimmed(amount), currency: currency, places: places) else { return nil }
        return Amount(minor: 0, places: places, written: .init(money), currency: currency, includesTaxes: afterTax != nil)
    }

    /// The cheaper of two prices; amounts in different currencies are not compared, and
    /// the first one read stays.
    func cheaper(_ a: Amount?, _ b: Amount?) -> Amount? {
        guard let a else { return b }
        guard let b, b.currency == a.currency, b.isLess(than: a) else { return a }
        return b
    }
}

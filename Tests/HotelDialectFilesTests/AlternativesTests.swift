import HotelDialectFiles
import HotelSOAP
import Testing

/// A field's alternatives (the first with a value wins, wherever it comes in the document),
/// `join` (every match) and `take: min` (the smallest amount, each with its own places), as
/// OpenTravel's availability responses need them (`Dialects/ota-avail.yaml`).
@Suite("Dialect files: alternatives, join and take: min")
struct AlternativesTests {
    static func file(_ fields: [String]) throws -> DialectFile {
        try MatchingTests.file(["id: \"@code\"", "name: a:Name"] + fields)
    }

    /// Three properties: one with its own total after tax, one with a total before tax only
    /// (after its rates), one priced only by rates with different places.
    static let document = envelope(
        """
        <p:Result xmlns:p="urn:acme"><p:List>\
        <p:Property code="A1"><p:Name>One</p:Name>\
        <p:Rates><p:Rate after="9000" cur="EUR" places="2"/></p:Rates>\
        <p:Total after="12000" before="11000" cur="EUR" places="2"/>\
        <p:Addr>Main St 1</p:Addr><p:Addr> </p:Addr><p:Addr>2nd floor</p:Addr></p:Property>\
        <p:Property code="B2"><p:Name>Two</p:Name>\
        <p:Rates><p:Rate after="5000" cur="JPY" places="0"/></p:Rates>\
        <p:Total before="8660" cur="JPY" places="0"/></p:Property>\
        <p:Property code="C3"><p:Name>Three</p:Name>\
        <p:Rates><p:Rate after="30000" cur="USD" places="2"/><p:Rate after="2999" cur="USD" places="1"/>\
        <p:Rate after="310.5" cur="USD" places="2"/></p:Rates></p:Property>\
        </p:List></p:Result>
        """)

    static let price = [
        "price:",
        "  - { path: a:Total/@after, decimalPlaces: a:Total/@places }",
        "  - { path: a:Total/@before, decimalPlaces: a:Total/@places }",
        "  - { path: a:Rates/a:Rate/@after, decimalPlaces: a:Rates/a:Rate/@places, take: min }",
        "currency: [a:Total/@cur, a:Rates/a:Rate/@cur]",
    ]

    @Test("the first alternative with a value wins, even when a later one came first in the document")
    func alternatives() throws {
        let hotels = try read(Self.file(Self.price), Self.document).hotels
        #expect(hotels.map(\.id) == ["A1", "B2", "C3"])
        // A1: its Total after tax, though a cheaper rate came before it.
        #expect(hotels[0].price.amountText == "120.00" && hotels[0].price.currency == "EUR")
        // B2: no after-tax Total, so before tax, though a rate after tax came first.
        #expect(hotels[1].price.amountText == "8660" && hotels[1].price.currency == "JPY")
    }

    @Test("take: min: the smallest rate, each amount read with its own decimal places")
    func takeMin() throws {
        let hotels = try read(Self.file(Self.price), Self.document).hotels
        // 30000/100 = 300.00, 2999/10 = 299.9, 310.5 as written: 299.9 is the smallest.
        #expect(hotels[2].price.amountText == "299.9" && hotels[2].price.currency == "USD", "\(hotels[2].price)")
    }

    @Test("without take: min the first match of an alternative stays")
    func firstWins() throws {
        let fields = ["price: { path: a:Rates/a:Rate/@after, decimalPlaces: a:Rates/a:Rate/@places }", "currency: a:Rates/a:Rate/@cur"]
        let hotels = try read(Self.file(fields), Self.document).hotels
        #expect(hotels[2].price.amountText == "300.00")
    }

    @Test("join: every match that is not blank, in order; without it the first")
    func join() throws {
        let joined = try read(Self.file(Self.price + ["address: { path: a:Addr, join: \", \" }"]), Self.document).hotels
        #expect(joined[0].address == "Main St 1, 2nd floor")
        #expect(joined[1].address == "")
        let first = try read(Self.file(Self.price + ["address: a:Addr"]), Self.document).hotels
        #expect(first[0].address == "Main St 1")
    }

    @Test("the same rows whatever the chunk boundaries")
    func chunks() throws {
        let file = try Self.file(Self.price + ["address: { path: a:Addr, join: \"; \" }"])
        let whole = try read(file, Self.document).hotels
        for chunk in [1, 7, 64] { #expect(try read(file, Self.document, chunk: chunk).hotels == whole) }
    }

    @Test("refused at load: take: min on an element's text, an unknown take, join on a number, an empty list")
    func refusals() throws {
        let base = [
            "dialect: 1", "name: Acme", "namespaces:", "  a: urn:acme", "response:", "  root: a:Result", "  hotel: a:Property",
            "  fields:", "    id: \"@code\"", "    name: a:Name", "    currency: a:Rate/@cur",
        ]
        let textMin = try #require(refusal((base + ["    price: { path: a:Rate, take: min }"]).joined(separator: "\n")))
        #expect(textMin.line == 12 && textMin.message.contains("take: min needs the amount in an attribute"), "\(textMin)")
        let unknown = try #require(refusal((base + ["    price: { path: a:Rate/@x, take: max }"]).joined(separator: "\n")))
        #expect(unknown.line == 12 && unknown.message.contains("unknown take \"max\""), "\(unknown)")
        let joinNumber = try #require(
            refusal((base + ["    price: a:Rate/@x", "    stars: { path: a:Stars, join: \",\" }"]).joined(separator: "\n")))
        #expect(joinNumber.line == 13 && joinNumber.message.contains("join"), "\(joinNumber)")
        let empty = try #require(refusal((base + ["    price: []"]).joined(separator: "\n")))
        #expect(empty.line == 12 && empty.message.contains("alternatives"), "\(empty)")
    }
}

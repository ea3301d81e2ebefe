import Foundation
import HotelXML
import Testing

@testable import HotelSOAP

/// `DoubleText` rounds by itself for up to 19 digits (Clinger, Eisel–Lemire); it must
/// agree bit for bit with `strtod` (through `Double(String)`) everywhere.
@Suite("Number text")
struct NumberTextTests {
    private func ours(_ text: String) -> Double? {
        Array(text.utf8).withUnsafeBufferPointer { DoubleText.parse($0) }
    }

    /// strtod, after the XML whitespace that `xsd:double` collapses.
    private func reference(_ text: String) -> Double? {
        Double(text.trimmingCharacters(in: .whitespacesAndNewlines)).flatMap { $0.isFinite ? $0 : nil }
    }

    /// Every mismatch, as "text: ours vs strtod".
    private func mismatches(_ texts: [String]) -> [String] {
        texts.compactMap { text in
            let a = ours(text)
            let b = reference(text)
            return a?.bitPattern == b?.bitPattern ? nil : "\(text): \(a.map { "\($0)" } ?? "nil") vs \(b.map { "\($0)" } ?? "nil")"
        }
    }

    @Test("hard cases: halfway points, 2^53 + 1, 19 digits, limits, subnormals")
    func hardCases() {
        let texts = [
            "0", "-0", "0.0", "1", "-1", "0.1", "0.2", "0.3", "7.0e-10", "1e22", "1e23", "9007199254740992",
            "9007199254740993", "9007199254740995", "18014398509481985", "9223372036854775807", "18446744073709551615",
            "1.2345678901234567890", "1234567890123456789e-19", "-44.894999999999996", "52.51710000000001",
            "2.2250738585072011e-308", "2.2250738585072014e-308", "4.9e-324", "1.7976931348623157e308",
            "1e-64", "1e64", "9999999999999999999e-64", "9999999999999999999e45", "0.000000000000000000000000001",
            "123456789012345678", "1.00000000000000011102230246251565404236316680908203125", "5e-1", ".5", "5.", "+3.25",
            "  12.5\n", "1E5", "1e+05", "-1.5e-7",
        ]
        #expect(mismatches(texts) == [])
    }

    @Test("refuses what xsd:double or our fields do not allow")
    func refused() {
        for text in [
            "", " ", ".", "-", "e5", "1e", "1e+", "1.2.3", "1,5", "0x1p3", "nan", "NaN", "INF", "-INF", "infinity", "1e400", "12a",
        ] {
            #expect(ours(text) == nil, "\(text)")
        }
    }

    @Test("agrees with strtod on 300,000 generated numbers")
    func randomAgreement() {
        var rng = SplitMix64(seed: 0x5EED)
        var texts: [String] = []
        for _ in 0..<50_000 {
            // Shortest round-trip, 17 and 19 significant digits, across many magnitudes.
            let d = Double(bitPattern: rng.next() & 0x7FFF_FFFF_FFFF_FFFF)
            guard d.isFinite else { continue }
            texts.append("\(d)")
            texts.append(String(format: "%.17g", d))
            texts.append(String(format: "%.19g", -d))
        }
        for _ in 0..<50_000 {
            // Up to 19 random digits, a point anywhere, an exponent within and past the table.
            let digits = Int.random(in: 1...19, using: &rng)
            var body = String((0..<digits).map { _ in Character(String(Int.random(in: 0...9, using: &rng))) })
            body.insert(".", at: body.index(body.startIndex, offsetBy: Int.random(in: 0...digits, using: &rng)))
            texts.append(body == "." ? "0.5" : body)
            texts.append("\(body == "." ? "1" : body)e\(Int.random(in: -90...90, using: &rng))")
        }
        for _ in 0..<50_000 {
            // Integers between 2^53 and 2^64, many exactly halfway between two doubles,
            // scaled into the range where Eisel–Lemire rounds halfway cases to even.
            let w = UInt64.random(in: (1 << 53)...UInt64.max, using: &rng) | 1
            texts.append("\(w)e\(Int.random(in: -4...23, using: &rng))")
            texts.append("\(w & ~0x3FF | 0x200)")
        }
        let wrong = mismatches(texts)
        #expect(wrong.isEmpty, "\(wrong.count) of \(texts.count), e.g. \(wrong.prefix(5))")
    }
}

/// The price text the parser spells from the digits it read must be what `Money.plain`
/// makes of the `Decimal`: csv and json print it, so a difference would change output.
@Suite("Price text")
struct PriceTextSpellingTests {
    @Test("the parser's price text equals Money.plain for written forms and random amounts")
    func sameAsPlain() throws {
        var written = [
            "0", "0.00", "-0", "-0.00", "+7", "007.20", "129.50", "-3.10", ".5", "5.", "0.001", "189000", "1000.00",
            "999999999999999999", "0.000000000000000001", "-123456789.123456789", "  42.0  ",
        ]
        var state: UInt64 = 99
        for _ in 0..<5000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let digits = String(state >> 8 % 1_000_000_000_000)
            let cut = Int(state % UInt64(digits.count + 1))
            let sign = ["", "-", "+"][Int(state >> 60 % 3)]
            written.append(sign + digits.prefix(cut) + "." + digits.dropFirst(cut))
        }
        for text in written {
            let page = try SOAPMessageParser.parseSearchPage(Array(Self.response(price: text).utf8))
            let price = try #require(page.hotels.first?.price, "\(text)")
            #expect(price.amountText == Money.plain(price.amount, minimumFraction: price.scale ?? 0), "\(text)")
        }
    }

    static func response(price: String) -> String {
        "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\" xmlns:h=\"urn:hotel-search:v1\"><soap:Body>"
            + "<h:SearchHotelsResponse><h:TotalCount>1</h:TotalCount><h:Offset>0</h:Offset><h:Hotel><h:HotelId>H1</h:HotelId>"
            + "<h:Name>N</h:Name><h:Address>A</h:Address><h:City>C</h:City><h:Country>KR</h:Country><h:Latitude>1</h:Latitude>"
            + "<h:Longitude>2</h:Longitude><h:Stars>3</h:Stars><h:Price currency=\"EUR\">\(price)</h:Price></h:Hotel>"
            + "</h:SearchHotelsResponse></soap:Body></soap:Envelope>"
    }
}

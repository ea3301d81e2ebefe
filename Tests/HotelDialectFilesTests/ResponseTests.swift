import Foundation
import HotelDialectFiles
import HotelSOAP
import Testing

/// Conversions, grouping, business errors, warnings and paging, on an attribute-heavy shape.
@Suite("Dialect files: responses")
struct ResponseTests {
    static func file(fields: [String] = [], response: [String] = []) throws -> DialectFile {
        let lines =
            [
                "dialect: 1", "name: Acme", "namespaces:", "  a: urn:acme", "response:", "  root: a:Result", "  hotel: a:Offers/a:Offer",
                "  fields:", "    id: \"@hotel\"", "    name: \"@name\"", "    price: { path: \"@minor\", decimalPlaces: \"@exp\" }",
                "    currency: \"@cur\"",
            ] + fields.map { "    " + $0 } + response.map { "  " + $0 }
        return try dialect(lines.joined(separator: "\n"))
    }

    static func result(_ offers: String, _ more: String = "") -> [UInt8] {
        envelope(#"<a:Result xmlns:a="urn:acme">"# + more + "<a:Offers>" + offers + "</a:Offers></a:Result>")
    }

    @Test("an integer in minor units with an exponent keeps that scale: 18900 and 2 are 189.00")
    func decimalPlaces() throws {
        let hotels = try read(
            Self.file(),
            Self.result(
                #"<a:Offer hotel="H1" name="One" minor="18900" exp="2" cur="USD"/><a:Offer hotel="H2" name="Two" minor="5" exp="3" cur="KWD"/><a:Offer hotel="H3" name="Three" minor="12000" exp="0" cur="JPY"/>"#
            )
        ).hotels
        #expect(hotels.map(\.price.amountText) == ["189.00", "0.005", "12000"])
        #expect(hotels[0].price == Money(Decimal(189), "USD"))
    }

    @Test("decimalPlaces as a number")
    func constantPlaces() throws {
        let lines = [
            "dialect: 1", "name: Acme", "namespaces:", "  a: urn:acme", "response:", "  root: a:Result", "  hotel: a:Offers/a:Offer",
            "  fields:", "    id: \"@hotel\"", "    name: \"@name\"", "    price: { path: \"@minor\", decimalPlaces: 2 }",
            "    currency: \"@cur\"",
        ]
        let hotels = try read(
            try dialect(lines.joined(separator: "\n")), Self.result(#"<a:Offer hotel="H1" name="One" minor="9950" cur="EUR"/>"#)
        ).hotels
        #expect(hotels.map(\.price.amountText) == ["99.50"])
    }

    @Test("convert: stars reads digits first, stars, and one-digit codes")
    func stars() throws {
        let file = try Self.file(fields: ["stars: { path: \"@rating\", convert: stars }"])
        let cases: [(String, Int)] = [("4", 4), ("4.5", 4), ("4 Stars", 4), ("****", 4), ("4ST", 4), ("ST3", 3), ("0", 0), ("5.0", 5)]
        for (text, stars) in cases {
            let hotels = try read(file, Self.result(#"<a:Offer hotel="H" name="N" minor="1" exp="0" cur="EUR" rating="\#(text)"/>"#)).hotels
            #expect(hotels.first?.stars == stars, "\(text)")
        }
        for bad in ["7", "******", "excellent", "S4T5"] {
            let error = #expect(throws: SOAPParseError.self, "\(bad)") {
                try read(file, Self.result(#"<a:Offer hotel="H" name="N" minor="1" exp="0" cur="EUR" rating="\#(bad)"/>"#))
            }
            #expect(
                error?.reason.contains("stars (@rating)") == true && error?.reason.contains(bad) == true, "\(String(describing: error))")
        }
    }

    @Test("unit: miles converts to kilometres")
    func miles() throws {
        let file = try Self.file(fields: ["distance: { path: \"@dist\", unit: miles }"])
        let hotel = try #require(
            try read(file, Self.result(#"<a:Offer hotel="H" name="N" minor="1" exp="0" cur="EUR" dist="10"/>"#)).hotels.first)
        #expect(abs((hotel.distanceKm ?? 0) - 16.09344) < 1e-9)
        // 1.3 × 1.609344 is 2.0921472000000003 in binary; rows print the decimal figure.
        let near = try Self.file(fields: ["distance: { path: \"@dist\", unit: miles }"])
        let close = try #require(
            try read(near, Self.result(#"<a:Offer hotel="H" name="N" minor="1" exp="0" cur="EUR" dist="1.3"/>"#)).hotels.first)
        #expect(close.distanceKm.map { "\($0)" } == "2.0921472")
    }

    @Test("groupBy: one row per key, the cheapest price, first-seen order, the first row's fields")
    func grouping() throws {
        let file = try Self.file(response: ["groupBy: \"@hotel\""])
        let offers = [
            #"<a:Offer hotel="A" name="A first" minor="300" exp="0" cur="EUR"/>"#,
            #"<a:Offer hotel="B" name="B" minor="200" exp="0" cur="EUR"/>"#,
            #"<a:Offer hotel="A" name="A second" minor="150" exp="0" cur="EUR"/>"#,
            #"<a:Offer hotel="C" name="C" minor="50" exp="0" cur="EUR"/>"#,
            #"<a:Offer hotel="B" name="B again" minor="250" exp="0" cur="EUR"/>"#,
        ]
        let (hotels, response) = try read(file, Self.result(offers.joined()))
        #expect(hotels.map(\.id) == ["A", "B", "C"])
        #expect(hotels.map(\.name) == ["A first", "B", "C"])
        #expect(hotels.map(\.price.amountText) == ["150", "200", "50"])
        #expect(try response.page().count == 3)
    }

    @Test("business errors: every text, joined; thrown even after rows, as OpenTravel's Errors are")
    func businessErrors() throws {
        let file = try Self.file(response: ["errors: a:Errors/a:Error"])
        let doc = Self.result(
            #"<a:Offer hotel="A" name="A" minor="1" exp="0" cur="EUR"/>"#,
            "<a:Errors><a:Error>Invalid dates</a:Error><a:Error/><a:Error> Sold out </a:Error></a:Errors>")
        let error = #expect(throws: DialectServiceError.self) { try read(file, doc) }
        #expect(error?.messages == ["Invalid dates", "Sold out"])
        #expect(error?.description == "Invalid dates; Sold out")
        // An empty Errors element is no error.
        #expect(throws: Never.self) { try read(file, Self.result("", "<a:Errors/>")) }
    }

    @Test("warnings are the page's notices; the rows are kept")
    func warnings() throws {
        let file = try Self.file(response: ["warnings: a:Warnings/a:Warning/@text"])
        let (hotels, response) = try read(
            file,
            Self.result(
                #"<a:Offer hotel="A" name="A" minor="1" exp="0" cur="EUR"/>"#,
                #"<a:Warnings><a:Warning text="rates may change"/></a:Warnings>"#))
        #expect(hotels.count == 1)
        #expect(try response.page().notices == ["rates may change"])
    }

    @Test("token paging: next is the token when present and not empty")
    func tokenPaging() throws {
        let file = try Self.file(response: ["paging:", "  token: { next: a:Next/@token }"])
        #expect(file.paging == .sequential)
        let more = try read(
            file, Self.result(#"<a:Offer hotel="A" name="A" minor="1" exp="0" cur="EUR"/>"#, #"<a:Next token="p2&amp;x"/>"#))
        #expect(try more.response.page().next == .token("p2&x"))
        let last = try read(file, Self.result("", #"<a:Next token=""/>"#))
        #expect(try last.response.page().next == nil)
        #expect(try read(file, Self.result("")).response.page().next == nil)
    }

    @Test("offset paging: the total, and the next offset while rows remain")
    func offsetPaging() throws {
        let file = try Self.file(response: ["paging:", "  offset: { total: \"@total\", offset: a:Page/@from }"])
        #expect(file.paging == .randomAccess)
        let offer = #"<a:Offer hotel="A" name="A" minor="1" exp="0" cur="EUR"/>"#
        func page(total: Int, from: Int, rows: Int) throws -> ResultPage {
            let doc = envelope(
                #"<a:Result xmlns:a="urn:acme" total="\#(total)"><a:Page from="\#(from)"/><a:Offers>"#
                    + String(repeating: offer, count: rows)
                    + "</a:Offers></a:Result>")
            return try read(file, doc).response.page()
        }
        #expect(try page(total: 5, from: 0, rows: 2).next == .offset(2))
        #expect(try page(total: 5, from: 0, rows: 2).totalCount == 5)
        #expect(try page(total: 5, from: 4, rows: 1).next == nil)
        #expect(try page(total: 5, from: 2, rows: 0).next == nil)
    }

    @Test("no paging: one page")
    func noPaging() throws {
        let page = try read(Self.file(), Self.result(#"<a:Offer hotel="A" name="A" minor="1" exp="0" cur="EUR"/>"#)).response.page()
        #expect(page.next == nil && page.totalCount == nil && page.count == 1)
    }

    @Test("priceBasis: stay")
    func priceBasis() throws {
        #expect(try Self.file(response: ["priceBasis: stay"]).priceBasis == .perStay)
    }

    @Test("rows come out as each hotel element ends, not at the end of the response")
    func rowsOnTime() throws {
        let file = try Self.file()
        var seen: [String] = []
        let reader = file.responseReader { seen.append($0.id) }
        try reader.feed(
            Array(
                #"<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><a:Result xmlns:a="urn:acme"><a:Offers>"#
                    .utf8))
        try reader.feed(Array(#"<a:Offer hotel="A" name="A" minor="1" exp="0" cur="EUR"/><a:Offer hotel="B""#.utf8))
        #expect(seen == ["A"])
        try reader.feed(Array(#" name="B" minor="1" exp="0" cur="EUR"/></a:Offers></a:Result></soap:Body></soap:Envelope>"#.utf8))
        #expect(seen == ["A", "B"])
        #expect(try reader.finish().page().count == 2)
    }
}

import Foundation
import HotelSOAP
import Testing

@testable import HotelBrowse

/// Exact data: a price keeps the scale it arrived with in csv, tsv and json, and tables
/// show it with the currency's minor units, grouped, never rounded.
@Suite("Prices: exact in data formats, by minor units in tables")
struct PriceTextTests {
    static let response = """
        <soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:h="urn:hotel-search:v1"><soap:Body>\
        <h:SearchHotelsResponse><h:TotalCount>4</h:TotalCount><h:Offset>0</h:Offset>\
        \(hotel("P1", "129.50", "USD"))\(hotel("P2", "8660", "JPY"))\(hotel("P3", "1.250", "KWD"))\(hotel("P4", "1234567.5", "EUR"))\
        </h:SearchHotelsResponse></soap:Body></soap:Envelope>
        """

    static func hotel(_ id: String, _ price: String, _ currency: String) -> String {
        "<h:Hotel><h:HotelId>\(id)</h:HotelId><h:Name>N</h:Name><h:Address>A</h:Address><h:City>C</h:City><h:Country>DE</h:Country>"
            + "<h:Latitude>1</h:Latitude><h:Longitude>2</h:Longitude><h:Stars>3</h:Stars>"
            + "<h:Price currency=\"\(currency)\">\(price)</h:Price></h:Hotel>"
    }

    func parse(_ format: String) async throws -> String {
        let result = try await HotelsBinary.run(["parse", "-", "--format", format], stdin: Data(Self.response.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    @Test("csv, tsv and json keep 129.50 and 1.250 as written")
    func exact() async throws {
        let csv = try await parse("csv")
        #expect(
            csv.contains(",129.50,USD,") && csv.contains(",8660,JPY,") && csv.contains(",1.250,KWD,") && csv.contains(",1234567.5,EUR,"),
            "\(csv)")
        let tsv = try await parse("tsv")
        #expect(tsv.contains("\t129.50\tUSD\t") && tsv.contains("\t1.250\tKWD\t"), "\(tsv)")
        let json = try await parse("json")
        #expect(json.contains(#""price":"129.50""#) && json.contains(#""price":"1.250""#), "\(json)")
    }

    @Test("a table shows minor units and grouping: 129.50 USD, 8,660 JPY, 1.250 KWD, 1,234,567.50 EUR")
    func table() async throws {
        let table = try await parse("table")
        for shown in ["129.50 USD", "8,660 JPY", "1.250 KWD", "1,234,567.50 EUR"] {
            #expect(table.contains(shown), "\(shown) in \(table)")
        }
    }

    @Test("the browse table formats the same way, and never rounds")
    func browseFormat() {
        #expect(PriceText.table(Money(Decimal(string: "129.5")!, "USD")) == "129.50 USD")
        #expect(PriceText.table(Money(Decimal(8660), "JPY")) == "8,660 JPY")
        #expect(PriceText.table(Money(Decimal(string: "8660.5")!, "JPY")) == "8,660.5 JPY")
        #expect(PriceText.table(Money(Decimal(string: "0.125")!, "USD")) == "0.125 USD")
        #expect(PriceText.table(Money(Decimal(string: "-1234.5")!, "KWD")) == "-1,234.500 KWD")
    }

    @Test("Money keeps the scale it was parsed with, and equal amounts stay equal")
    func scale() throws {
        let page = try SOAPMessageParser.parseSearchPage(Array(Self.response.utf8))
        #expect(page.hotels.map(\.price.amountText) == ["129.50", "8660", "1.250", "1234567.5"])
        #expect(page.hotels[0].price == Money(Decimal(string: "129.5")!, "USD"))
    }
}

import Foundation
import HotelSOAP
import Testing

/// `OTAAvailResponseReader` on the OpenTravel samples and on shapes built here.
@Suite("OTA_HotelAvailRS reader")
struct OTAResponseReaderTests {
    static func read(_ file: String, chunk: Int? = nil) throws -> (page: ResultPage, warnings: [OTAMessageNote]) {
        let data = [UInt8](try Fixtures.sample("ota/\(file)"))
        let reader = OTAAvailResponseReader()
        var i = 0
        let size = chunk ?? max(data.count, 1)
        while i < data.count {
            try reader.feed(data[i..<min(data.count, i + size)])
            i += size
        }
        return (try reader.finish().page(), reader.warnings)
    }

    @Test("several RoomStays of one hotel: one row at the cheapest Total, DecimalPlaces applied, next token")
    func cheapest() throws {
        let (page, warnings) = try Self.read("avail-several-roomstays-soap12.xml")
        #expect(warnings.isEmpty)
        #expect(page.hotels.map(\.id) == ["PAR010", "PAR020"])
        #expect(page.hotels[0].price.amountText == "189.00")
        #expect(page.hotels[1].price == Money(Decimal(string: "129.50")!, "EUR"))
        #expect(page.hotels[1].price.amountText == "129.50")
        #expect(page.next == .token("PAGE-2-TOKEN"))
        #expect(page.totalCount == nil)
    }

    @Test("default namespace, POS and TPA_Extensions skipped")
    func defaultNamespace() throws {
        let (page, _) = try Self.read("avail-default-ns-pos-tpa-soap11.xml")
        #expect(page.hotels.map(\.id) == ["BER001", "BER002"])
        let adlon = page.hotels[0]
        #expect(adlon.name == "Hotel Adlon & Spa" && adlon.address == "Unter den Linden 77" && adlon.city == "Berlin")
        #expect(adlon.country == "DE" && adlon.stars == 5 && adlon.latitude == 52.5162 && adlon.longitude == 13.3798)
        #expect(adlon.price.amountText == "189.00" && adlon.price.currency == "EUR")
        #expect(page.next == nil)
    }

    @Test("AmountBeforeTax when there is no AmountAfterTax; AmountAfterTax wins otherwise")
    func taxes() throws {
        #expect(try Self.read("avail-before-tax-soap11.xml").page.hotels.first?.price.description == "8660 JPY")
        #expect(try Self.read("avail-warnings-soap11.xml").page.hotels.first?.price.description == "129.50 USD")
    }

    @Test("Warnings beside Success are kept; an empty Success is an empty last page")
    func warningsAndEmpty() throws {
        let (page, warnings) = try Self.read("avail-warnings-soap11.xml")
        #expect(page.count == 1)
        #expect(
            warnings == [OTAMessageNote(type: "3", code: "321", shortText: "Rates not final", text: "Rates for 2027-03-02 are provisional")]
        )
        let empty = try Self.read("avail-empty-soap11.xml").page
        #expect(empty.count == 0 && empty.next == nil)
    }

    @Test(
        "our server's pages: MoreIndicator's token is next, hotels grouped",
        arguments: ["avail-response-soap11.xml", "avail-response-soap12.xml"])
    func server(_ file: String) throws {
        let page = try Self.read(file).page
        #expect(page.hotels.map(\.id) == ["H0000142", "H0000118"])
        #expect(page.hotels.map(\.price.amountText) == ["297.50", "444.44"])
        guard case .token(let token) = page.next else {
            Issue.record("no next token: \(String(describing: page.next))")
            return
        }
        #expect(token.hasPrefix("AQAAAAAAAAAC"))
    }

    @Test("Errors throw OTAErrorResponse")
    func errors() throws {
        let error = #expect(throws: OTAErrorResponse.self) { try Self.read("avail-errors-soap11.xml") }
        #expect(error?.errors.first?.code == "404")
        #expect(error?.description.contains("must be after Start") == true)
    }

    @Test("RoomStays of one hotel apart from each other (A, B, A, C, B) are one hotel: first-seen order, cheapest total, every room")
    func interleaved() throws {
        let (page, _) = try Self.read("avail-interleaved-prefixes-soap12.xml")
        #expect(page.hotels.map(\.id) == ["LIS300", "LIS200", "LIS100"])
        #expect(page.hotels.map(\.price.amountText) == ["140.00", "150.00", "99.00"])
        #expect(
            page.hotels.map { $0.rooms.map(\.total.amountText) } == [["165.00", "140.00"], ["210.00", "150.00"], ["99.00", "110.00"]])
        #expect(page.next == .token("NEXT-7"))
    }

    @Test("past the hotels it may hold, the oldest goes out early and a later RoomStay of it is a warning, never a second row")
    func heldBound() throws {
        // Five hotels, A's second RoomStay after four others: with room for three, A has
        // already gone out by then.
        let stays = ["A", "B", "C", "D", "A"].enumerated().map { i, code in
            "<RoomStay><Total AmountAfterTax=\"\(100 + i)\" CurrencyCode=\"EUR\"/><BasicPropertyInfo HotelCode=\"\(code)\" HotelName=\"\(code)\"/></RoomStay>"
        }
        let xml =
            #"<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><OTA_HotelAvailRS xmlns="http://www.opentravel.org/OTA/2003/05"><Success/><RoomStays>"#
            + stays.joined() + "</RoomStays></OTA_HotelAvailRS></s:Body></s:Envelope>"
        var ids: [String] = []
        let reader = OTAAvailResponseReader(maxHeld: 3, onHotel: { ids.append($0.id) })
        try reader.feed(Array(xml.utf8))
        _ = try reader.finish()
        #expect(ids == ["A", "B", "C", "D"])
        #expect(reader.warnings.count == 1 && reader.warnings[0].text.contains("hotel A"), "\(reader.warnings)")

        // A long page: the slots of hotels handed out are dropped as it goes, and a hotel
        // still held is found at its moved position.
        let long = (0..<20).map { "H\($0)" } + ["H18"]
        let longStays = long.enumerated().map { i, code in
            "<RoomStay><Total AmountAfterTax=\"\(100 - i)\" CurrencyCode=\"EUR\"/><BasicPropertyInfo HotelCode=\"\(code)\" HotelName=\"\(code)\"/></RoomStay>"
        }
        let longXML =
            #"<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><OTA_HotelAvailRS xmlns="http://www.opentravel.org/OTA/2003/05"><Success/><RoomStays>"#
            + longStays.joined() + "</RoomStays></OTA_HotelAvailRS></s:Body></s:Envelope>"
        var hotels: [HotelInfo] = []
        let longReader = OTAAvailResponseReader(maxHeld: 3, onHotel: { hotels.append($0) })
        try longReader.feed(Array(longXML.utf8))
        _ = try longReader.finish()
        #expect(hotels.map(\.id) == (0..<20).map { "H\($0)" })
        #expect(hotels.last { $0.id == "H18" }?.rooms.count == 2 && longReader.warnings.isEmpty)
        #expect(hotels.first { $0.id == "H18" }?.price.amountText == "80")
    }

    @Test("the same hotels whatever the chunk boundaries", arguments: [1, 7, 100])
    func chunked(_ size: Int) throws {
        for file in [
            "avail-several-roomstays-soap12.xml", "avail-default-ns-pos-tpa-soap11.xml", "avail-response-soap11.xml",
            "avail-ota-prefix-soapenv-soap11.xml", "avail-invalid-order-no-version-soap11.xml",
            "avail-invalid-unknown-element-soap12.xml", "avail-interleaved-soap11.xml", "avail-interleaved-prefixes-soap12.xml",
        ] {
            #expect(try Self.read(file, chunk: size).page == Self.read(file).page)
        }
    }

    static let decoder = {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }()

    /// One line of a sample's `.expected.json` (what `hotels parse --format json` prints).
    struct ExpectedLine: Decodable {
        struct Room: Decodable {
            let roomType: String?
            let roomName: String?
            let ratePlan: String?
            let price: String
            let currency: String
            let taxesIncluded: Bool
        }
        let hotelId: String
        let name: String
        let address: String
        let city: String
        let country: String
        let latitude: Double
        let longitude: Double
        let stars: Int
        let price: String
        let currency: String
        let rooms: [Room]?
    }

    static let expectedJSON: [String] = {
        let folder = Fixtures.samples.appendingPathComponent("ota")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".expected.json") }.map { String($0.dropLast(".expected.json".count)) + ".xml" }.sorted()
    }()

    @Test("every hotel, room and rate is what the sample's .expected.json lists", arguments: expectedJSON)
    func expectedRooms(_ file: String) throws {
        let lines = try String(decoding: Fixtures.sample("ota/" + file.dropLast(4) + ".expected.json"), as: UTF8.self)
            .split(separator: "\n").map { try Self.decoder.decode(ExpectedLine.self, from: Data($0.utf8)) }
        let hotels = try Self.read(file).page.hotels
        #expect(hotels.count == lines.count)
        for (hotel, line) in zip(hotels, lines) {
            #expect(hotel.id == line.hotelId && hotel.name == line.name && hotel.address == line.address)
            #expect(hotel.city == line.city && hotel.country == line.country && hotel.stars == line.stars)
            #expect(hotel.latitude == line.latitude && hotel.longitude == line.longitude)
            #expect(hotel.price.amountText == line.price && hotel.price.currency == line.currency)
            let rooms = line.rooms ?? []
            #expect(hotel.rooms.count == rooms.count, "\(hotel.id)")
            for (room, expected) in zip(hotel.rooms, rooms) {
                #expect(room.roomTypeCode == expected.roomType && room.roomName == expected.roomName)
                #expect(room.ratePlanCode == expected.ratePlan && room.includesTaxes == expected.taxesIncluded)
                #expect(room.total.amountText == expected.price && room.total.currency == expected.currency)
            }
            // The hotel's price is its cheapest offer (all of one currency in these samples).
            #expect(hotel.rooms.map(\.total.amount).min() == hotel.price.amount, "\(hotel.id)")
        }
    }

    /// A response of one hotel whose `RoomStay`s are `stays` (inner XML, default namespace).
    static func response(_ stays: [String]) -> [UInt8] {
        let property = #"<BasicPropertyInfo HotelCode="X1" HotelName="X"/>"#
        let body = stays.map { "<RoomStay>\($0)\(property)</RoomStay>" }.joined()
        return Array(
            """
            <soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>\
            <OTA_HotelAvailRS xmlns="http://www.opentravel.org/OTA/2003/05" Version="1.0"><Success/><RoomStays>\(body)</RoomStays>\
            </OTA_HotelAvailRS></soap:Body></soap:Envelope>
            """.utf8)
    }

    static func rooms(_ stays: [String]) throws -> [RoomOffer] {
        let hotels = try OTAAvailResponseReader.read(response(stays)).page.hotels
        #expect(hotels.count == 1)
        return hotels.first?.rooms ?? []
    }

    @Test("rooms: a rate's missing codes are the stay's only room type and rate plan; the stay's Total prices a single rate")
    func roomDefaults() throws {
        let rooms = try Self.rooms([
            #"<RoomTypes><RoomType RoomTypeCode="K"><RoomDescription><Text> King room </Text></RoomDescription></RoomType></RoomTypes>"#
                + #"<RatePlans><RatePlan RatePlanCode="BAR"/></RatePlans><RoomRates><RoomRate/></RoomRates>"#
                + #"<Total AmountBeforeTax="100" CurrencyCode="EUR"/>"#
        ])
        #expect(
            rooms == [
                RoomOffer(
                    roomTypeCode: "K", roomName: "King room", ratePlanCode: "BAR", total: Money(parsing: "100", "EUR")!,
                    includesTaxes: false)
            ])
        #expect(rooms.first?.total.amountText == "100")
    }

    @Test("rooms: with several room types and plans, a rate names its own; one without a price is left out")
    func roomsByCode() throws {
        let rooms = try Self.rooms([
            #"<RoomTypes><RoomType RoomTypeCode="A"><RoomDescription Name="Alpha"/></RoomType><RoomType RoomTypeCode="B"/></RoomTypes>"#
                + #"<RatePlans><RatePlan RatePlanCode="P1"/><RatePlan RatePlanCode="P2"/></RatePlans><RoomRates>"#
                + #"<RoomRate RoomTypeCode="B" RatePlanCode="P2"><Total AmountAfterTax="7000" CurrencyCode="USD" DecimalPlaces="2"/></RoomRate>"#
                + #"<RoomRate RoomTypeCode="A"><Total AmountAfterTax="5" CurrencyCode="USD" DecimalPlaces="2"/></RoomRate>"#
                + #"<RoomRate RoomTypeCode="C" RatePlanCode="P1"/></RoomRates>"#
                + #"<Total AmountAfterTax="7000" CurrencyCode="USD" DecimalPlaces="2"/>"#,
            #"<Total AmountAfterTax="-1250" CurrencyCode="USD" DecimalPlaces="3"/>"#,
        ])
        #expect(rooms.map(\.roomTypeCode) == ["B", "A", nil])
        #expect(rooms.map(\.roomName) == [nil, "Alpha", nil])
        #expect(rooms.map(\.ratePlanCode) == ["P2", nil, nil])
        #expect(rooms.map(\.total.amountText) == ["70.00", "0.05", "-1.250"])
    }

    @Test("minor units read from the bytes equal the amounts Decimal(string:) gives", arguments: [0, 1, 2, 3, 5])
    func minorUnits(_ places: Int) throws {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let digits = String(UInt64.random(in: 0...999_999_999_999, using: &random))
            let text = ["", "-", "+", "00"][Int.random(in: 0..<4, using: &random)] + digits
            let rooms = try Self.rooms([#"<Total AmountAfterTax="\#(text)" CurrencyCode="EUR" DecimalPlaces="\#(places)"/>"#])
            let minor = try #require(Decimal(string: text))
            let expected = places == 0 ? minor : Decimal(sign: minor.sign, exponent: -places, significand: minor.magnitude)
            #expect(rooms.first?.total.amount == expected, "\(text) with \(places) places")
            #expect(rooms.first?.total.amountText == Money.plain(expected, minimumFraction: places), "\(text) with \(places) places")
        }
    }

    @Test("a SOAP fault in the Body is thrown as SOAPFault; malformed XML as SOAPParseError")
    func faultAndMalformed() throws {
        let fault = """
            <soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault>\
            <faultcode>soap:Server</faultcode><faultstring>partner down</faultstring></soap:Fault></soap:Body></soap:Envelope>
            """
        let thrown = #expect(throws: SOAPFault.self) { try OTAAvailResponseReader.read(Array(fault.utf8)) }
        #expect(thrown?.description.contains("partner down") == true)
        let malformed = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body><OTA_HotelAvailRS"
        #expect(throws: SOAPParseError.self) { try OTAAvailResponseReader.read(Array(malformed.utf8)) }
    }

    @Test("the dialect: sequential, writes OTA_HotelAvailRQ, reads OTA, has no details operation")
    func dialect() throws {
        let dialect = OTADialect()
        #expect(dialect.paging == .sequential)
        #expect(dialect.sortOrders == [.relevance, .name, .price])
        let request = try dialect.searchRequest(HotelQuery(), page: .first(size: 10), version: .v12)
        #expect(String(decoding: request.body, as: UTF8.self).contains("<OTA_HotelAvailRQ xmlns=\"\(OTA.namespace)\""))
        #expect(throws: SOAPDialectError.operationNotSupported(dialect: "OpenTravel", operation: "OTA_HotelDescriptiveInfoRQ")) {
            try dialect.detailRequest(hotelID: "H1", version: .v11)
        }
        var names: [String] = []
        let reader = dialect.responseReader { names.append($0.id) }
        try reader.feed(try Fixtures.sample("ota/avail-several-roomstays-soap12.xml"))
        let page = try reader.finish().page()
        #expect(names == ["PAR010", "PAR020"] && page.hotels.isEmpty && page.count == 2)
    }

    @Test("the parser's limits hold inside OTA text: a field past maxFieldBytes is invalidValue")
    func fieldLimit() throws {
        let text = try String(decoding: Fixtures.sample("ota/avail-warnings-soap11.xml"), as: UTF8.self)
        let long = text.replacingOccurrences(of: "401 W 14th St", with: String(repeating: "x", count: 2_000))
        let reader = OTAAvailResponseReader(limits: .init(maxFieldBytes: 1_000))
        let error = #expect(throws: SOAPParseError.self) {
            try reader.feed(Array(long.utf8))
            _ = try reader.finish()
        }
        #expect(error?.kind == .invalidValue)
    }

    struct Stop: Error {}

    @Test("an error thrown by onHotel stops the parse and comes out as it was")
    func onHotelThrows() throws {
        var seen = 0
        let reader = OTAAvailResponseReader { _ in
            seen += 1
            throw Stop()
        }
        #expect(throws: Stop.self) {
            try reader.feed(Fixtures.sample("ota/avail-several-roomstays-soap12.xml"))
            _ = try reader.finish()
        }
        #expect(seen == 1)
    }
}

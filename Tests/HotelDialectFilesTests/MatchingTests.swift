import Foundation
import HotelDialectFiles
import HotelSOAP
import Testing

/// Paths against real parses: child steps, attributes, positions, descendants, wildcards,
/// and prefixes other than the document's.
@Suite("Dialect files: path matching")
struct MatchingTests {
    /// The response section and namespaces of a file; `fields` as YAML lines.
    static func file(_ fields: [String], extra: [String] = [], hotel: String = "a:List/a:Property") throws -> DialectFile {
        let lines =
            [
                "dialect: 1", "name: Acme", "namespaces:", "  a: urn:acme", "  x: urn:acme:ext", "response:", "  root: a:Result",
                "  hotel: \(hotel)", "  fields:",
            ] + fields.map { "    " + $0 } + extra.map { "  " + $0 }
        return try dialect(lines.joined(separator: "\n"))
    }

    static let required = ["id: \"@code\"", "name: a:Name", "price: a:Rate/@amount", "currency: a:Rate/@cur"]

    /// One property in a document whose prefixes are not the file's (`p`, `q`, and a default namespace).
    static let document = envelope(
        """
        <p:Result xmlns:p="urn:acme" xmlns:q="urn:acme:ext"><p:List>\
        <p:Property code="A1" q:rank="7">\
        <p:Name>  Hotel &amp; Spa  </p:Name>\
        <p:Rate amount="120.50" cur="EUR"/><p:Rate amount="99.00" cur="EUR"/><p:Rate amount="80.00" cur="EUR"/>\
        <p:Info><p:Deep><p:Images><Image href="ignored-no-ns"/><p:Image href="first.png"/><p:Image href="second.png"/></p:Images></p:Deep></p:Info>\
        <p:Contact><p:Phone kind="fax">fax</p:Phone><p:Phone kind="voice">+1 555</p:Phone></p:Contact>\
        <p:Amenities><p:Amenity>wifi</p:Amenity><Amenity xmlns="urn:acme">pool</Amenity><p:Amenity>  gym </p:Amenity></p:Amenities>\
        <p:Where><p:Geo lat="45.5" lon="-73.25"/><p:Misc><p:City>Montréal</p:City></p:Misc></p:Where>\
        </p:Property></p:List></p:Result>
        """)

    @Test("child steps, the hotel's own attribute, an element's text trimmed and unescaped")
    func childSteps() throws {
        let (hotels, _) = try read(Self.file(Self.required), Self.document)
        let hotel = try #require(hotels.first)
        #expect(hotel.id == "A1")
        #expect(hotel.name == "Hotel & Spa")
        #expect(hotel.price.amountText == "120.50" && hotel.price.currency == "EUR")
    }

    @Test("a position picks the n-th sibling that matches the step")
    func positions() throws {
        let fields = [
            "id: \"@code\"", "name: a:Name", "price: a:Rate[3]/@amount", "currency: a:Rate[1]/@cur", "phone: a:Contact/a:Phone[2]",
        ]
        let hotel = try #require(try read(Self.file(fields), Self.document).hotels.first)
        #expect(hotel.price.amountText == "80.00")
        #expect(hotel.phone == "+1 555")
    }

    @Test("// finds a descendant at any depth; the first match wins")
    func descendants() throws {
        let fields =
            Self.required + ["logo: a:Info//a:Image/@href", "city: //a:City", "latitude: //a:Geo/@lat", "longitude: a:Where/a:Geo/@lon"]
        let hotel = try #require(try read(Self.file(fields), Self.document).hotels.first)
        #expect(hotel.logoURL == "first.png")
        #expect(hotel.city == "Montréal")
        #expect(hotel.latitude == 45.5 && hotel.longitude == -73.25)
    }

    @Test("// with a position: the n-th among its own siblings")
    func descendantPosition() throws {
        let hotel = try #require(try read(Self.file(Self.required + ["logo: a:Info//a:Image[2]/@href"]), Self.document).hotels.first)
        #expect(hotel.logoURL == "second.png")
    }

    @Test("* matches any element, in any namespace")
    func wildcard() throws {
        let fields = Self.required + ["city: a:Where/*/a:City", "phone: a:Contact/*[1]"]
        let hotel = try #require(try read(Self.file(fields), Self.document).hotels.first)
        #expect(hotel.city == "Montréal")
        #expect(hotel.phone == "fax")
    }

    @Test("every amenity, in order, namespaces by URI not prefix")
    func amenities() throws {
        let hotel = try #require(try read(Self.file(Self.required + ["amenities: a:Amenities/a:Amenity"]), Self.document).hotels.first)
        #expect(hotel.amenities == ["wifi", "pool", "gym"])
    }

    @Test("an attribute in a namespace, and a step without a prefix is in no namespace")
    func namespacedAttribute() throws {
        let fields = ["id: \"@x:rank\"", "name: a:Name", "price: a:Rate/@amount", "currency: a:Rate/@cur", "logo: a:Info//Image/@href"]
        let hotel = try #require(try read(Self.file(fields), Self.document).hotels.first)
        #expect(hotel.id == "7")
        #expect(hotel.logoURL == "ignored-no-ns")
    }

    @Test("a hotel path with //")
    func hotelDescendant() throws {
        let hotels = try read(Self.file(Self.required, hotel: "//a:Property"), Self.document).hotels
        #expect(hotels.map(\.id) == ["A1"])
    }

    @Test("the same rows whatever the chunk boundaries")
    func chunks() throws {
        let file = try Self.file(Self.required + ["amenities: a:Amenities/a:Amenity", "logo: a:Info//a:Image[2]/@href"])
        let whole = try read(file, Self.document).hotels
        for size in [1, 3, 17] { #expect(try read(file, Self.document, chunk: size).hotels == whole) }
    }

    @Test("a value that is not a number names the field, its path and the text")
    func badNumber() throws {
        let doc = envelope(
            #"<a:Result xmlns:a="urn:acme"><a:List><a:Property code="A"><a:Name>N</a:Name><a:Rate amount="1" cur="EUR"/><a:Geo lat="north"/></a:Property></a:List></a:Result>"#
        )
        let error = #expect(throws: SOAPParseError.self) { try read(Self.file(Self.required + ["latitude: a:Geo/@lat"]), doc) }
        #expect(
            error?.reason.contains("latitude (a:Geo/@lat) must be a number from -90 to 90: \"north\"") == true,
            "\(String(describing: error))")
        let range = envelope(
            #"<a:Result xmlns:a="urn:acme"><a:List><a:Property code="A"><a:Name>N</a:Name><a:Rate amount="1" cur="EUR"/><a:Geo lat="91"/></a:Property></a:List></a:Result>"#
        )
        #expect(throws: SOAPParseError.self) { try read(Self.file(Self.required + ["latitude: a:Geo/@lat"]), range) }
    }

    @Test("a row without its id or price is an error naming the field")
    func missingRequired() throws {
        let doc = envelope(
            #"<a:Result xmlns:a="urn:acme"><a:List><a:Property><a:Name>N</a:Name><a:Rate amount="1" cur="EUR"/></a:Property></a:List></a:Result>"#
        )
        let error = #expect(throws: SOAPParseError.self) { try read(Self.file(Self.required), doc) }
        #expect(error?.reason.contains("id (@code) is required") == true, "\(String(describing: error))")
    }

    @Test("a text field longer than the parser's limit is refused, naming it")
    func fieldLimit() throws {
        let file = try Self.file(Self.required)
        let reader = file.responseReader(limits: SOAPMessageParser.Limits(maxFieldBytes: 16), onHotel: nil)
        let doc = envelope(
            #"<a:Result xmlns:a="urn:acme"><a:List><a:Property code="A"><a:Name>a name far longer than sixteen bytes</a:Name><a:Rate amount="1" cur="EUR"/></a:Property></a:List></a:Result>"#
        )
        let error = #expect(throws: SOAPParseError.self) {
            try reader.feed(doc)
            _ = try reader.finish()
        }
        #expect(error?.reason.contains("name (a:Name)") == true, "\(String(describing: error))")
    }

    @Test("another Body element is refused naming what the file reads; a fault is a SOAPFault")
    func otherMessages() throws {
        let file = try Self.file(Self.required)
        let other = #expect(throws: SOAPParseError.self) { try read(file, envelope(#"<b:Other xmlns:b="urn:b"/>"#)) }
        #expect(other?.reason.contains("Result xmlns=\"urn:acme\"") == true, "\(String(describing: other))")
        let fault = envelope("<soap:Fault><faultcode>soap:Server</faultcode><faultstring>down</faultstring></soap:Fault>")
        #expect(throws: SOAPFault.self) { try read(file, fault) }
    }
}

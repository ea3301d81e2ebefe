import Foundation
import HotelCatalogs
import Imaging
import Testing

@testable import HotelInventory

/// Every way a row, a header or a value is refused: one message naming the file, the row's
/// line and the column, and the catalog exactly as it was.
@Suite("Import refuses bad rows")
struct RowValidationTests {
    static let header = InventoryFixture.header
    static let good = InventoryFixture.goodRow
    /// The good row with one field replaced (by header position).
    static func row(_ index: Int, _ value: String, id: String = "X2") -> String {
        var fields = ["X2", "Second Inn", "2 Main St", "Springfield", "US", "40.6", "-73.2", "2", "80", "USD", "", "wifi", "", ""]
        fields[0] = id
        fields[index] = value
        return fields.joined(separator: ",")
    }

    static let currencies = Currencies.all.map(\.code).sorted().joined(separator: ", ")

    static let cases: [(String, String)] = [
        (header + ",colour\n", "1: column colour: not a column: the columns are \(InventoryColumn.allNames)"),
        (
            header.replacingOccurrences(of: "price,", with: "") + "\n",
            "1: column price: missing from the header: every hotel needs hotel_id, name, address, city, country, latitude, longitude, stars, price, currency"
        ),
        (header + ",name\n", "1: column name: appears twice in the header"),
        (
            header.replacingOccurrences(of: "hotel_id", with: "Hotel_ID") + "\n",
            "1: column Hotel_ID: not a column (did you mean hotel_id?): the columns are \(InventoryColumn.allNames)"
        ),
        (
            header + "\n" + good + "\n" + row(5, "north") + "\n",
            "3: column latitude: \"north\" is not a number: write degrees with a point, such as 37.5665"
        ),
        (header + "\n" + good + "\n" + row(5, "91.5") + "\n", "3: column latitude: 91.5 is out of range: latitude is -90 to 90"),
        (header + "\n" + good + "\n" + row(6, "-180.01") + "\n", "3: column longitude: -180.01 is out of range: longitude is -180 to 180"),
        (
            header + "\n" + good + "\n" + row(9, "XYZ") + "\n",
            "3: column currency: \"XYZ\" is not a currency the catalog knows: \(currencies)"
        ),
        (
            header + "\n" + good + "\n" + row(0, "X1", id: "X1") + "\n",
            "3: column hotel_id: X1 is given twice, first at line 2: each hotel once per import"
        ),
        (header + "\n" + good + "\n" + row(7, "6") + "\n", "3: column stars: \"6\" is not a whole number from 0 (unrated) to 5"),
        (header + "\n" + good + "\n" + row(8, "12.345") + "\n", "3: column price: \"12.345\" has 3 decimals; USD has 2"),
        (header + "\n" + good + "\n" + row(8, "1,200") + "\n", "3: the row has 15 fields, the header 14: quote a field that holds a comma"),
        (
            header + "\n" + good + "\n" + row(8, "\"1,200\"") + "\n",
            "3: column price: \"1,200\" is not an amount: write digits and a point, such as 129.50, with no sign or grouping"
        ),
        (header + "\n" + good + "\n" + row(8, "-5") + "\n", "3: column price: \"-5\" is negative"),
        (
            header + "\n" + good + "\n" + row(4, "Korea") + "\n",
            "3: column country: \"Korea\" is not a country code: write its two capital letters (ISO 3166-1), such as KR"
        ),
        (
            header + "\n" + good + "\n" + row(11, "\"wifi,sauna\"") + "\n",
            "3: column amenities: \"sauna\" is not an amenity: they are \(Amenity.all.joined(separator: ", "))"
        ),
        (header + "\n" + good + "\n" + row(11, "\"pool,Pool\"") + "\n", "3: column amenities: \"pool\" is listed twice"),
        (
            header + "\n" + good + "\n" + row(0, "X 3", id: "X 3") + "\n",
            "3: column hotel_id: \"X 3\" is not a HotelId: use up to 64 letters A-Z or a-z, digits, - and _"
        ),
        (header + "\n" + good + "\n" + row(1, " ") + "\n", "3: column name: empty: every hotel needs a name"),
        (
            header + "\n" + good + "\n" + row(13, "missing.png") + "\n",
            "3: column logo: missing.png: cannot read it: No such file or directory"
        ),
        (
            header + "\n" + good + "\n" + row(13, "fake.png") + "\n",
            "3: column logo: fake.png: not a PNG or JPEG image: give a PNG or JPEG file"
        ),
        (
            header + "\n" + good + "\n" + row(13, "wide.png") + "\n",
            "3: column logo: wide.png: image is too large (5000x1 exceeds the 4096 pixel side limit): give a PNG or JPEG file"
        ),
        (header + ",deleted\n" + good + ",\n" + row(0, "X2") + ",yes\n", "3: column deleted: \"yes\" is not true, false, 1 or 0"),
        (
            "hotel_id,deleted\nX1,true\nX2,false\n",
            "3: column name: missing: every hotel needs it (a row marked deleted needs only hotel_id)"
        ),
    ]

    @Test("a bad CSV row or header: its message, and every table of the catalog as it was", arguments: cases.indices)
    func csv(_ index: Int) throws {
        let (text, message) = Self.cases[index]
        try Self.expectRefused(text, name: "t.csv", message: message)
    }

    static let jsonCases: [(String, String)] = [
        (#"{"hotel_id":"X2","colour":"red"}"#, "1: column colour: not a column: the columns are \(InventoryColumn.allNames)"),
        (#"{"hotel_id":"X2","name":"N"}"#, "1: column address: missing: every hotel needs it (a row marked deleted needs only hotel_id)"),
        (#"{"hotel_id":"X2","name":["N"]}"#, "1: column name: expected a string or a number, not an array"),
        (#"{"hotel_id":"X2","amenities":[1]}"#, "1: column amenities: expected an array of names, not one holding a number"),
        (#"{"hotel_id":"X2""#, "1: not a JSON object: expected , or } at byte 17 of the line"),
        (
            #"{"hotel_id":"X2","name":"N","address":"A","city":"C","country":"US","latitude":"x","longitude":1,"stars":1,"price":"1","currency":"USD"}"#,
            "1: column latitude: \"x\" is not a number: write degrees with a point, such as 37.5665"
        ),
    ]

    @Test("a bad JSON Lines row: its message, and the catalog as it was", arguments: jsonCases.indices)
    func jsonLines(_ index: Int) throws {
        let (text, message) = Self.jsonCases[index]
        try Self.expectRefused(text + "\n", name: "t.jsonl", message: message)
    }

    static func expectRefused(_ text: String, name: String, message: String) throws {
        let scratch = try Scratch()
        let catalog = try InventoryFixture.seeded(scratch)
        try scratch.write("fake.png", "not an image")
        try scratch.write("wide.png", bytes: try PNGEncoder.encode(RGBAImage(width: 5000, height: 1, fill: .white)))
        let path = try scratch.write(name, text)
        let before = try InventoryFixture.dump(catalog)
        let bytesBefore = try Data(contentsOf: URL(fileURLWithPath: catalog))
        do {
            try InventoryFixture.importing([path], into: catalog)
            Issue.record("imported \(text)")
        } catch let error as InventoryError {
            #expect(error.description == "\(path):\(message)")
            #expect(error.kind == .invalidData)
        }
        #expect(try InventoryFixture.dump(catalog) == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: catalog)) == bytesBefore)
        #expect(!FileManager.default.fileExists(atPath: catalog + "-journal"))
    }

    @Test("into a new catalog, a bad row leaves no file at all")
    func newCatalog() throws {
        let scratch = try Scratch()
        let path = try scratch.write("t.csv", Self.header + "\n" + Self.good + "\n" + Self.row(5, "91") + "\n")
        let catalog = scratch.path("new.sqlite")
        #expect(throws: InventoryError.self) { try InventoryFixture.importing([path], into: catalog) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.directory.path).sorted() == ["t.csv"])
    }

    @Test("a HotelId twice across two files names the first file and line")
    func twiceAcrossFiles() throws {
        let scratch = try Scratch()
        let first = try scratch.write("a.csv", Self.header + "\n" + Self.good + "\n")
        let second = try scratch.write("b.jsonl", "\n" + #"{"hotel_id":"X1","deleted":true}"# + "\n")
        do {
            try InventoryFixture.importing([first, second], into: scratch.path("new.sqlite"))
            Issue.record("imported")
        } catch let error as InventoryError {
            #expect(error.description == "\(second):2: column hotel_id: X1 is given twice, first at \(first):2: each hotel once per import")
        }
    }
}

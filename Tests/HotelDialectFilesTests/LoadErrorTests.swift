import HotelDialectFiles
import HotelSOAP
import Testing

/// Every mistake in a file is refused at load, with the file, line and column of the node
/// that is wrong (1-based, as editors count) and what was expected.
@Suite("Dialect files: load errors")
struct LoadErrorTests {
    /// A valid file; each test breaks one line of it.
    static let lines = [
        "dialect: 1",  // 1
        "name: Example",  // 2
        "namespaces:",  // 3
        "  h: urn:example",  // 4
        "request:",  // 5
        "  body: |",  // 6
        "    <h:Search>",  // 7
        "      {{#city}}<h:City>{{city}}</h:City>{{/city}}",  // 8
        "    </h:Search>",  // 9
        "response:",  // 10
        "  root: h:SearchResponse",  // 11
        "  hotel: h:Hotel",  // 12
        "  fields:",  // 13
        "    id: \"@id\"",  // 14
        "    name: h:Name",  // 15
        "    price: h:Rate/@amount",  // 16
        "    currency: h:Rate/@currency",  // 17
        "    stars: { path: h:Rating, convert: stars }",  // 18
    ]

    static func yaml(replacing line: Int, with text: String) -> String {
        var lines = Self.lines
        lines[line - 1] = text
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("the example file loads")
    func valid() throws {
        let file = try dialect(Self.lines.joined(separator: "\n"))
        #expect(file.name == "Example")
        #expect(file.canSearch)
        #expect(file.fieldPaths.map(\.field) == ["id", "name", "stars", "price", "currency"])
        #expect(file.fieldPaths.first?.path == "@id")
        #expect(file.responseRoots == [SOAPBodyElement(name: "SearchResponse", namespace: "urn:example")])
        #expect(file.auth == .none)
        #expect(file.priceBasis == .perNight)
        #expect(file.paging == .sequential)
    }

    @Test("invalid YAML: where the parser stopped")
    func invalidYAML() throws {
        let error = try #require(refusal(Self.yaml(replacing: 15, with: "    name: [h:Name")))
        #expect(error.file == "d.yaml")
        #expect(error.message.contains("not valid YAML"), "\(error)")
        #expect(error.line >= 15, "\(error)")
    }

    @Test("an unknown key: at the key, naming the ones expected")
    func unknownKey() throws {
        let error = try #require(refusal(Self.yaml(replacing: 12, with: "  hotels: h:Hotel")))
        #expect(error.line == 12 && error.column == 3, "\(error)")
        #expect(error.message.contains("unknown key \"hotels\" in response"), "\(error)")
        #expect(error.message.contains("hotel"), "\(error)")
    }

    @Test("a missing required key: at the mapping that lacks it")
    func missingHotel() throws {
        let error = try #require(refusal(Self.yaml(replacing: 12, with: "  # no hotel")))
        #expect(error.message == "response has no \"hotel\", which is required", "\(error)")
        #expect(error.line == 11 && error.column == 3, "\(error)")
    }

    @Test("a prefix not declared: at the step")
    func undeclaredPrefix() throws {
        let error = try #require(refusal(Self.yaml(replacing: 15, with: "    name: x:Info/x:Name")))
        #expect(error.line == 15 && error.column == 11, "\(error)")
        #expect(error.message.contains("the prefix \"x\" is not declared in namespaces (declared: h)"), "\(error)")
    }

    @Test("a prefix not declared in a later step: at that step")
    func undeclaredPrefixLater() throws {
        let error = try #require(refusal(Self.yaml(replacing: 15, with: "    name: \"h:Info/q:Name\"")))
        // The column of `q`, past the opening quote.
        #expect(error.line == 15 && error.column == 19, "\(error)")
    }

    @Test("[0]: positions count from 1")
    func positionZero() throws {
        let error = try #require(refusal(Self.yaml(replacing: 16, with: "    price: h:Rate[0]/@amount")))
        #expect(error.line == 16 && error.column == 19, "\(error)")
        #expect(error.message.contains("positions count from 1"), "\(error)")
    }

    @Test("an unknown convert: at its value")
    func unknownConvert() throws {
        let error = try #require(refusal(Self.yaml(replacing: 18, with: "    stars: { path: h:Rating, convert: rating }")))
        #expect(error.line == 18 && error.column == 39, "\(error)")
        #expect(error.message.contains("unknown convert \"rating\""), "\(error)")
    }

    @Test("an unknown unit: at its value")
    func unknownUnit() throws {
        var lines = Self.lines
        lines.append("    distance: { path: h:Distance, unit: furlongs }")
        let error = try #require(refusal(lines.joined(separator: "\n")))
        #expect(error.line == 19 && error.column == 41, "\(error)")
    }

    @Test("a template variable that does not exist: at its tag in the block")
    func unknownVariable() throws {
        let error = try #require(refusal(Self.yaml(replacing: 8, with: "      {{#city}}<h:City>{{cty}}</h:City>{{/city}}")))
        // Line 8 of the file, where the tag starts (the block is indented 4).
        #expect(error.line == 8 && error.column == 24, "\(error)")
        #expect(error.message.contains("unknown template variable \"cty\""), "\(error)")
    }

    @Test("a section never closed, and one closed by another name")
    func unbalancedSections() throws {
        let open = try #require(refusal(Self.yaml(replacing: 8, with: "      {{#city}}<h:City>{{city}}</h:City>")))
        #expect(open.line == 8 && open.column == 7, "\(open)")
        let crossed = try #require(refusal(Self.yaml(replacing: 8, with: "      {{#city}}<h:City>{{city}}</h:City>{{/name}}")))
        #expect(crossed.line == 8 && crossed.column == 41, "\(crossed)")
    }

    @Test("latitude outside {{#near}} is refused, inside it is not")
    func nearVariables() throws {
        #expect(refusal(Self.yaml(replacing: 8, with: "      <h:Lat>{{latitude}}</h:Lat>")) != nil)
        #expect(refusal(Self.yaml(replacing: 8, with: "      {{#near}}<h:Lat>{{latitude}}</h:Lat>{{/near}}")) == nil)
        #expect(refusal(Self.yaml(replacing: 8, with: "      <h:Key>{{env.API_KEY}}</h:Key>")) == nil)
    }

    @Test("a required field left out")
    func missingField() throws {
        let error = try #require(refusal(Self.yaml(replacing: 17, with: "    # no currency")))
        #expect(error.message == "response.fields has no \"currency\", which is required", "\(error)")
        #expect(error.line == 14 && error.column == 5, "\(error)")
    }

    @Test("an attribute step before the end, a leading /, an unknown field")
    func badPaths() throws {
        #expect(refusal(Self.yaml(replacing: 15, with: "    name: h:Info/@name/h:Name"))?.message.contains("last step") == true)
        #expect(refusal(Self.yaml(replacing: 15, with: "    name: /h:Name"))?.message.contains("relative") == true)
        let field = try #require(refusal(Self.yaml(replacing: 15, with: "    title: h:Name")))
        #expect(field.line == 15 && field.column == 5, "\(field)")
    }

    @Test("the format version must be 1")
    func version() throws {
        let error = try #require(refusal(Self.yaml(replacing: 1, with: "dialect: 2")))
        #expect(error.line == 1 && error.column == 10, "\(error)")
    }

    @Test("a missing file is the file system's error, not a DialectFileError")
    func missingFile() {
        #expect(throws: (any Error).self) { try DialectFile.load(contentsOf: "/nonexistent/dialect.yaml") }
        do {
            _ = try DialectFile.load(contentsOf: "/nonexistent/dialect.yaml")
        } catch {
            #expect(!(error is DialectFileError))
        }
    }

    @Test("description is FILE:LINE:COLUMN: message")
    func description() {
        #expect(DialectFileError(file: "a.yaml", line: 3, column: 7, message: "m").description == "a.yaml:3:7: m")
    }
}

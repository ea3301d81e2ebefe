import Testing

@testable import HotelInventory

/// One line of JSON Lines: strict JSON, numbers kept as written.
@Suite("JSON Lines objects")
struct JSONObjectParserTests {
    static func parse(_ text: String) throws(JSONObjectParser.Failure) -> [(key: String, value: JSONValue)] {
        let bytes = Array(text.utf8)
        let result = bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONObjectParser(bytes: buffer)
            return Result { () throws(JSONObjectParser.Failure) in try parser.parseObject() }
        }
        return try result.get()
    }

    @Test("strings with every escape and surrogate pairs, numbers as written, arrays, null, booleans")
    func values() throws {
        let members = try Self.parse(
            #" {"name":"Caf\u00e9 \"Q\" \\ \/ \n\t\ud83c\udfe8","lat":37.500000,"e":-1.5E+3,"amenities":["wifi","pool"],"phone":null,"deleted":false} "#
        )
        #expect(members.map(\.key) == ["name", "lat", "e", "amenities", "phone", "deleted"])
        #expect(members[0].value == .string("Café \"Q\" \\ / \n\t🏨"))
        #expect(members[1].value == .number("37.500000"))
        #expect(members[2].value == .number("-1.5E+3"))
        #expect(members[3].value == .array([.string("wifi"), .string("pool")]))
        #expect(members[4].value == .null && members[4].value.text == "")
        #expect(members[5].value == .bool(false) && members[5].value.text == "false")
    }

    @Test(
        "not JSON, or not one object: the problem and the byte where it is",
        arguments: [
            (#"["a"]"#, "expected {", 0),
            (#"{"a":1,"a":2}"#, "the key \"a\" appears twice", 7),
            (#"{"a":1} x"#, "text after the object", 8),
            (#"{"a":01}"#, "a number with a leading zero", 5),
            (#"{"a":"x"#, "a string is not closed before the end of the line", 7),
            (#"{"a":"\ud800"}"#, "a lone surrogate \\u escape", 12),
            ("{\"a\":\"tab\there\"}", "a control character in a string: write it as an escape (\\n, \\t, \\u00XX)", 9),
            (#"{'a':1}"#, "expected a key in double quotes", 1),
            (#"{"a":tru}"#, "expected true", 5),
        ])
    func failures(_ text: String, _ problem: String, _ offset: Int) {
        do {
            _ = try Self.parse(text)
            Issue.record("parsed \(text)")
        } catch {
            #expect(error.problem == problem)
            #expect(error.offset == offset)
        }
    }
}

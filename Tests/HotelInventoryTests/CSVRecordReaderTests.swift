import Foundation
import Testing

@testable import HotelInventory

/// RFC 4180 as the importer reads it: whatever the pieces the file arrives in.
@Suite("CSV records")
struct CSVRecordReaderTests {
    static let tricky =
        "\u{FEFF}hotel_id,name,address\r\n"
        + "H1,\"Grand, \"\"Royal\"\" Hotel\",\"Line one\nline two\"\r\n"
        + "\n"
        + "H2,서울 호텔,\n"
        + "H3,\"\",\"a\r\nb\"\n"
        + "H4,last,no newline"

    static let expected: [CSVRecordReader.Record] = [
        .init(line: 1, fields: ["hotel_id", "name", "address"]),
        .init(line: 2, fields: ["H1", "Grand, \"Royal\" Hotel", "Line one\nline two"]),
        .init(line: 5, fields: ["H2", "서울 호텔", ""]),
        .init(line: 6, fields: ["H3", "", "a\r\nb"]),
        .init(line: 8, fields: ["H4", "last", "no newline"]),
    ]

    @Test(
        "quotes, doubled quotes, line breaks in fields, CRLF, a BOM, empty lines: the same records in pieces of any size",
        arguments: [1, 2, 3, 5, 7, 16, 64, 256 * 1024])
    func pieces(_ chunkSize: Int) throws {
        let scratch = try Scratch()
        let path = try scratch.write("t.csv", Self.tricky)
        #expect(try Scratch.records(path, chunkSize: chunkSize) == Self.expected)
    }

    @Test("a trailing comma is an empty last field; an empty file has no records")
    func edges() throws {
        let scratch = try Scratch()
        #expect(try Scratch.records(try scratch.write("a.csv", "a,b,\n"), chunkSize: 2) == [.init(line: 1, fields: ["a", "b", ""])])
        #expect(try Scratch.records(try scratch.write("e.csv", ""), chunkSize: 4).isEmpty)
        #expect(try Scratch.records(try scratch.write("n.csv", "\n\r\n"), chunkSize: 4).isEmpty)
    }

    @Test(
        "malformed quoting: one error naming the file, the row's first line and the column",
        arguments: [
            ("h,n\nH1,\"open\nstill open", "2: column n: a quoted field is not closed before the end of the file"),
            (
                "h,n\nH1,Grand \"Hotel\"\n",
                "2: column n: a quote inside a field that does not start with one: quote the whole field and double each quote"
            ),
            (
                "h,n\nH1,\"Grand\" Hotel\n",
                "2: column n: text after the closing quote: quote the whole field, and double each quote inside it"
            ),
            ("h,n\nH1,\"Grand\"\rX\n", "2: column n: a carriage return without a line feed after a quoted field"),
        ])
    func malformed(_ text: String, _ message: String) throws {
        let scratch = try Scratch()
        let path = try scratch.write("bad.csv", text)
        for chunkSize in [1, 4, 4096] {
            let reader = CSVRecordReader(input: try InventoryInput.open(path, format: .csv), chunkSize: chunkSize)
            let header = try #require(try reader.next())
            reader.columnNames = header.fields
            do {
                _ = try reader.next()
                Issue.record("no error")
            } catch {
                #expect(error.description == "\(path):\(message)")
                #expect(error.kind == .invalidData)
            }
        }
    }

    @Test("invalid UTF-8 in a field is an error naming its column")
    func invalidUTF8() throws {
        let scratch = try Scratch()
        let path = try scratch.write("latin1.csv", bytes: Array("h,name\nH1,Caf".utf8) + [0xE9, 0x0A])
        let reader = CSVRecordReader(input: try InventoryInput.open(path, format: .csv))
        reader.columnNames = try #require(try reader.next()).fields
        do {
            _ = try reader.next()
            Issue.record("no error")
        } catch {
            #expect(error.description == "\(path):2: column name: not valid UTF-8")
        }
    }

    @Test("a row past 1 MiB (a quote left open in a large file) stops instead of reading the file into memory")
    func longRow() throws {
        let scratch = try Scratch()
        let path = try scratch.write("long.csv", "h,n\nH1,\"" + String(repeating: "x\n", count: 600_000))
        let reader = CSVRecordReader(input: try InventoryInput.open(path, format: .csv), chunkSize: 64 * 1024)
        _ = try reader.next()
        do {
            _ = try reader.next()
            Issue.record("no error")
        } catch {
            #expect(error.description == "\(path):2: a row longer than 1 MiB: is a quote left open?")
        }
    }
}

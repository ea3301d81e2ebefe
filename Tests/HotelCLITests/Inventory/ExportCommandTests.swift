import ChildProcess
import Foundation
import HotelBrowse
import HotelInventory
import Imaging
import Testing

/// `hotels export`, and export and import as inverses: what one writes the other reads
/// back to the byte.
@Suite("hotels export", .serialized)
struct ExportCommandTests {
    @Test(
        "export | import into an empty catalog | export: byte for byte, csv and jsonl, on a seeded catalog with hotels of every kind added",
        arguments: ["csv", "jsonl"])
    func roundTrip(_ format: String) async throws {
        let scratch = try InventoryScratch()
        _ = try await scratch.seed("world.sqlite", count: 1000)
        // Beside the seeded hotels (local scripts, phones, amenities, currencies of 0 and 2
        // decimals): quotes, commas and line breaks in fields, no phone, no amenities, an
        // empty description, logos of their own.
        try scratch.write("extra.csv", ImportCommandTests.hotels)
        try scratch.write("logos/seoul.png", bytes: try InventoryScratch.png(width: 300, height: 200, RGBAColor(red: 9, green: 9, blue: 9)))
        let added = try await scratch.hotels(["import", "extra.csv", "--into", "world.sqlite"])
        #expect(added.status == 0, "\(added.stderr)")

        let first = try await scratch.hotels(["export", "--catalog", "world.sqlite", "--format", format])
        #expect(first.status == 0 && first.stderr.isEmpty, "\(first.stderr)")
        #expect(first.stdout.split(separator: "\n").count >= 1003)
        let imported = try await scratch.hotels(["import", "-", "--format", format, "--into", "copy.sqlite"], stdin: first.stdout)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.contains(": 1003 new, 0 changed, 0 unchanged, 0 deleted"), "\(imported.stderr)")
        let second = try await scratch.hotels(["export", "--catalog", "copy.sqlite", "--format", format])
        #expect(second.stdout == first.stdout)

        // What the edge cases look like on the way through.
        if format == "csv" {
            #expect(first.stdout.hasPrefix(InventoryColumn.exported.map(\.name).joined(separator: ",") + "\n"))
            #expect(
                first.stdout.contains(
                    "MY-002,\"The \"\"Comma, Inn\"\"\",1 Rue de Rivoli,Paris,FR,48.8566,2.3522,3,129.50,EUR,,pool,\"Two lines:\nthe second.\"\n"
                ))
            #expect(
                first.stdout.contains("MY-003,Zürich Zimmer,Bahnhofstrasse 1,Zürich,CH,47.3769,8.5417,2,99.90,CHF,+41 44 000 00 00,,\n"))
            #expect(first.stdout.contains(",185000,KRW,+82 2-555-0100,\"wifi,breakfast\",Near the station.\n"))
        } else {
            #expect(
                first.stdout.contains(
                    #""price":"129.50","currency":"EUR","phone":null,"amenities":["pool"],"description":"Two lines:\nthe second."}"#))
        }
    }

    @Test(
        "--logos DIR writes each hotel's own logo as DIR/HotelId.png and a logo column; imported elsewhere and exported again, the same bytes and files"
    )
    func logos() async throws {
        let scratch = try InventoryScratch()
        try scratch.write("in/hotels.csv", ImportCommandTests.hotels)
        try scratch.write(
            "in/logos/seoul.png", bytes: try InventoryScratch.png(width: 64, height: 32, RGBAColor(red: 200, green: 0, blue: 0)))
        #expect(try await scratch.hotels(["import", "in/hotels.csv", "--into", "a.sqlite"]).status == 0)
        let first = try await scratch.hotels(["export", "--catalog", "a.sqlite", "--output", "one/out.csv", "--logos", "pics"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "wrote 3 hotels to one/out.csv\n")
        let text = String(decoding: try scratch.read("one/out.csv"), as: UTF8.self)
        #expect(text.hasPrefix(InventoryColumn.exported.map(\.name).joined(separator: ",") + ",logo\n"))
        #expect(text.contains(",Near the station.,pics/MY-001.png\n") && text.contains(",99.90,CHF,+41 44 000 00 00,,,\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("one/pics")) == ["MY-001.png"])
        let png = try ImageDecoder.decode(try scratch.read("one/pics/MY-001.png"))
        #expect((png.width, png.height) == (64, 32))

        #expect(try await scratch.hotels(["import", "one/out.csv", "--into", "b.sqlite"]).status == 0)
        #expect(try await scratch.hotels(["export", "--catalog", "b.sqlite", "--output", "two/out.csv", "--logos", "pics"]).status == 0)
        #expect(try scratch.read("two/out.csv") == scratch.read("one/out.csv"))
        #expect(try scratch.read("two/pics/MY-001.png") == scratch.read("one/pics/MY-001.png"))

        // Without --logos the column is left out, and importing that keeps the logo.
        let plain = try await scratch.export("b.sqlite")
        #expect(!plain.contains("logo"))
        try scratch.write("plain.csv", plain)
        let kept = try await scratch.hotels(["import", "plain.csv", "--into", "b.sqlite"])
        #expect(kept.stderr.contains(": 0 new, 0 changed, 3 unchanged, 0 deleted"), "\(kept.stderr)")
        #expect(try await scratch.export("b.sqlite", ["--logos", "pics"]).contains(",pics/MY-001.png\n"))
    }

    @Test("--output appears only complete; a missing catalog is exit 66 and leaves no file; an empty catalog is the header alone")
    func output() async throws {
        let scratch = try InventoryScratch()
        let missing = try await scratch.hotels(["export", "--catalog", "none.sqlite", "--output", "out.csv"])
        #expect(missing.status == 66)
        #expect(missing.stderr.hasPrefix("hotels: catalog not found: none.sqlite"), "\(missing.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.directory.path).isEmpty)

        try scratch.write("header.csv", InventoryColumn.exported.map(\.name).joined(separator: ",") + "\n")
        #expect(try await scratch.hotels(["import", "header.csv", "--into", "empty.sqlite"]).status == 0)
        let empty = try await scratch.hotels(["export", "--catalog", "empty.sqlite"])
        #expect(empty.stdout == InventoryColumn.exported.map(\.name).joined(separator: ",") + "\n")
        #expect(try await scratch.hotels(["export", "--catalog", "empty.sqlite", "--format", "jsonl"]).stdout.isEmpty)
    }

    @Test("the columns export writes and import reads include every column of search's CSV by the same name")
    func columns() {
        for name in RowEncoder.columns { #expect(InventoryColumn.named(name) != nil, "\(name)") }
        for column in InventoryColumn.exported { #expect(InventoryColumn.named(column.name) == column) }
    }
}

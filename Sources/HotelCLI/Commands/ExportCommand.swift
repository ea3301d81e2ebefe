import ArgumentParser
import Foundation
import HotelBrowse
import HotelCatalogs
import HotelInventory

/// `hotels export`: every hotel of an SQLite or PostgreSQL catalog, in the columns `hotels import` reads.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every hotel of a catalog as CSV or JSON Lines, as 'hotels import' reads them.",
        discussion: """
            In HotelId order, the columns hotel_id, name, address, city, country, latitude,
            longitude, stars, price, currency, phone, amenities, description: what
            'hotels import' reads, so an export imported into an empty catalog exports
            again byte for byte. Logos are left out (import then keeps each hotel's logo)
            unless --logos DIR writes each hotel's own logo there as HotelId.png and adds a
            logo column naming it (empty for a monogram). Details: docs/INVENTORY.md.

            Examples:
              hotels export --catalog world.sqlite > hotels.csv
              hotels export --catalog world.sqlite --format jsonl --output hotels.jsonl
              hotels export --catalog mine.sqlite --output out/hotels.csv --logos logos
              hotels export --catalog postgres://hotels@127.0.0.1:5432/hotels > hotels.csv

            --output FILE appears only when complete (a temporary file beside it is
            renamed; its folder is made if need be); DIR is relative to its folder, as
            import reads logo paths relative to the file.

            \(ExitStatus.helpTable)
            """
    )

    @Option(help: ArgumentHelp("The SQLite file or postgres:// URL to read.", valueName: "catalog"))
    var catalog: String

    @Option(help: "csv or jsonl.")
    var format: InventoryFormat = .csv

    @Option(help: ArgumentHelp("Write to this file instead of standard output, complete or not at all.", valueName: "file"))
    var output: String?

    @Option(help: ArgumentHelp("Write each hotel's own logo into this folder and name it in a logo column.", valueName: "dir"))
    var logos: String?

    @OptionGroup var pipe: PipeOptions

    func run() async throws {
        var target: PartialFile?
        let logoFolder = logos.map { Self.folder($0, besideOutput: output) }
        var count = 0
        do {
            if let output {
                let folder = (output as NSString).deletingLastPathComponent
                if !folder.isEmpty { try Self.makeFolder(folder, option: "--output") }
                target = try PartialFile(beside: output)
            }
            let writer = InventoryRowWriter(
                format: format, sink: target.map { OutputSink(fd: $0.fd) } ?? .standardOutput(), logoColumn: logos != nil)
            if let logoFolder { try Self.makeFolder(logoFolder, option: "--logos") }
            let write = { (row: CatalogExport.Row) throws in
                if count == 0 { try writer.writeHeader() }
                count += 1
                var logoPath: String?
                if let png = row.logo, let logos, let logoFolder {
                    let name = "\(row.hotel.id).png"
                    try Self.writeLogo(png, to: (logoFolder as NSString).appendingPathComponent(name))
                    logoPath = (logos.hasSuffix("/") ? logos : logos + "/") + name
                }
                try writer.write(row, logo: logoPath)
            }
            if PostgresLocation.isPostgresURL(catalog) {
                let logger = CLILogging.logger(label: "hotels.export", level: .warning)
                try await CatalogExport.forEachHotel(inPostgresAt: catalog, logos: logos != nil, logger: logger, write)
            } else {
                try CatalogExport.forEachHotel(inCatalogAt: catalog, logos: logos != nil, write)
            }
            if count == 0 { try writer.writeHeader() }
            try writer.end()
            try target?.commit()
        } catch {
            if pipe.endsQuietly(after: error) { throw ExitCode.success }
            throw Diagnostics.exitCode(for: error)
        }
        if let output { print("wrote \(count) hotels to \(output)") }
    }

    /// `dir` as import will read the `logo` column: from `output`'s folder, or the current
    /// directory when the rows go to standard output.
    static func folder(_ dir: String, besideOutput output: String?) -> String {
        guard !dir.hasPrefix("/"), let output else { return dir }
        let base = (output as NSString).deletingLastPathComponent
        return base.isEmpty ? dir : (base as NSString).appendingPathComponent(dir)
    }

    /// `path` and the folders above it, as `mkdir -p` makes them.
    static func makeFolder(_ path: String, option: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure(
                status: .outputError, message: "\(option): cannot create the folder \(path): \(error.localizedDescription)")
        }
    }

    static func writeLogo(_ png: [UInt8], to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: Data(png)) else {
            throw CommandFailure(status: .outputError, message: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }
}

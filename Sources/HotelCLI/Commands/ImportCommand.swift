import ArgumentParser
import Foundation
import HotelCatalogs
import HotelInventory

/// `hotels import`: your own hotels, from CSV or JSON Lines, into an SQLite or PostgreSQL catalog.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add or update your own hotels in an SQLite or PostgreSQL catalog from CSV or JSON Lines.",
        discussion: """
            Reads the columns 'hotels search --format csv' writes (hotel_id, name, address,
            city, country, latitude, longitude, stars, price, currency), and phone,
            amenities, description, logo (an image file, relative to the input file) and
            deleted; JSON Lines with the same keys. 'hotels export' writes them all. Each
            HotelId is added or updated; a row equal to the stored hotel writes nothing.
            The catalog is created when absent. Into PostgreSQL the rows go by COPY and
            are merged in one transaction; every replica sees them within its poll.
            A server may answer from the catalog meanwhile: it sees the last commit, and
            the import runs at a lower CPU priority (--priority) so the server keeps its
            cores. Details: docs/INVENTORY.md.

            Examples:
              hotels import hotels.csv --into mine.sqlite
              hotels import hotels.csv more.jsonl --into mine.sqlite --dry-run
              hotels import all.csv --into mine.sqlite --delete-missing
              hotels import hotels.csv --into postgres://hotels@127.0.0.1:5432/hotels
              hotels export --catalog world.sqlite --format jsonl \\
                | hotels import - --format jsonl --into copy.sqlite

            All or nothing: the first bad row stops the import, one line on standard
            error (FILE:LINE: column NAME: what is wrong), exit 65, and the catalog is
            left as it was. A summary line with the counts ends a good import.

            \(ExitStatus.helpTable)
            """
    )

    @Argument(help: ArgumentHelp("CSV (.csv) or JSON Lines (.jsonl, .json) files; - is standard input.", valueName: "file"))
    var files: [String] = []

    @Option(help: ArgumentHelp("The SQLite file or postgres:// URL to write; created when absent.", valueName: "catalog"))
    var into: String

    @Option(help: "csv or jsonl: the files' format, whatever their names say (needed for -).")
    var format: InventoryFormat?

    @Flag(help: "Delete the catalog's hotels that no file lists: the catalog becomes the files.")
    var deleteMissing = false

    @Flag(help: "Check every row and print what would change; write nothing.")
    var dryRun = false

    @Option(help: "low (default): yield the CPU to other programs, such as a server answering from this catalog; normal: do not.")
    var priority: ImportPriority = .low

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give the files to import, or - for standard input") }
        guard files.filter({ $0 == "-" }).count <= 1 else { throw ValidationError("- (standard input) can be read once") }
    }

    func run() async throws {
        let start = Date()
        let isPostgres = PostgresLocation.isPostgresURL(into)
        // An existing SQLite catalog is the one a server on this machine may be reading.
        priority.apply(beside: !isPostgres && FileManager.default.fileExists(atPath: into))
        let progress = Progress(enabled: isatty(STDERR_FILENO) == 1)
        // A URL is named without its password, as the catalog's errors name it.
        let shown = isPostgres ? (try? PostgresLocation(url: into).description) ?? into : into
        do {
            let inputs = try files.map { try InventoryInput.open($0, format: format) }
            let importer = InventoryImporter(inputs: inputs, options: .init(deleteMissing: deleteMissing, dryRun: dryRun))
            let summary =
                isPostgres
                ? try await importer.importIntoPostgres(
                    url: into, logger: CLILogging.logger(label: "hotels.import", level: .warning)
                ) { progress.update(rows: $0) }
                : try importer.importIntoSQLite(at: into) { progress.update(rows: $0) }
            progress.finish()
            StandardStream.error(Self.summaryLine(summary, catalog: shown, dryRun: dryRun, seconds: Date().timeIntervalSince(start)) + "\n")
        } catch let error as CatalogError where error.kind == .database {
            progress.finish()
            throw Diagnostics.exitCode(for: CommandFailure(status: .outputError, message: "importing into \(shown) failed: \(error)"))
        } catch {
            progress.finish()
            throw Diagnostics.exitCode(for: error)
        }
    }

    /// `imported 1000 rows into mine.sqlite: 3 new, 2 changed, 995 unchanged, 0 deleted (0.4 s)`
    static func summaryLine(_ summary: InventoryImporter.Summary, catalog: String, dryRun: Bool, seconds: Double) -> String {
        let rows = summary.rows == 1 ? "1 row" : "\(summary.rows) rows"
        guard !dryRun else {
            return "dry run: \(rows) checked, nothing written to \(catalog); an import would make \(summary.counts)"
        }
        let created = summary.created ? " (created)" : ""
        let renumbered = summary.renumbered ? "; renumbered into HotelId order" : ""
        return "imported \(rows) into \(catalog)\(created): \(summary.counts)\(renumbered) (\(String(format: "%.1f", seconds)) s)"
    }
}

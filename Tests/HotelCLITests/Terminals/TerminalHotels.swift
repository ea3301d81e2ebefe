import ChildProcess
import Foundation
import Imaging

/// Which hotel browse shows on which row, and each one's logo, learnt the way a user
/// could: the same query through `hotels search --format csv` (browse's default order,
/// relevance), and the logo from the server's `logo_url` (`GET /logos/{HotelId}.png`),
/// fetched with curl, decoded with the package's own `ImageDecoder`.
struct TerminalHotels {
    /// Enough rows for the first page and for 30 rows further (`TableScreen.hotelRows` 15).
    static let count = 60

    /// Half blocks: a cell's width by half its height, so the table's 4 × 2-cell logo is
    /// 4 × 4 (`LogoMatch`).
    static let grid = (columns: TableScreen.logoColumns, rows: TableScreen.linesPerHotel * 2)
    /// Every terminal is started white on black (`TerminalKind`).
    static let background = Screenshot.RGB(red: 0, green: 0, blue: 0)

    let ids: [String]
    let logos: [RGBAImage]
    /// Each logo on `grid` over `background`, made once (`LogoMatch.expected`).
    let expected: [[Double]]

    init(endpoint: String) async throws {
        let search = try await HotelsBinary.run(["search", "--endpoint", endpoint, "--format", "csv", "--limit", String(Self.count)])
        guard search.status == 0 else { throw SpawnError("hotels search failed: \(search.stderr)") }
        let lines = search.stdout.split(separator: "\n").dropFirst()  // the header
        // hotel_id is the first field and logo_url the last; neither holds a comma or quote.
        let rows = lines.compactMap { line -> (String, String)? in
            guard let first = line.firstIndex(of: ","), let last = line.lastIndex(of: ",") else { return nil }
            return (String(line[..<first]), String(line[line.index(after: last)...]))
        }
        guard rows.count == Self.count, rows.allSatisfy({ $0.1.hasPrefix("http") }) else {
            throw SpawnError("hotels search gave \(rows.count) rows with logo URLs, not \(Self.count): \(search.stdout.prefix(500))")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hotels-terminal-logos-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var logos: [RGBAImage] = []
        for (id, url) in rows {
            let file = folder.appendingPathComponent("\(id).png")
            let curl = try await ChildProcess.run(["curl", "-sSf", "--max-time", "30", "-o", file.path, url])
            guard curl.status == 0 else { throw SpawnError("curl \(url): \(curl.stderr)") }
            logos.append(try ImageDecoder.decode(try Data(contentsOf: file)))
        }
        ids = rows.map(\.0)
        self.logos = logos
        expected = logos.map { LogoMatch.expected($0, grid: Self.grid, background: Self.background) }
    }
}

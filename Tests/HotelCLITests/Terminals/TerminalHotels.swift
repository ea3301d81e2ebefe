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

    /// The grid logos are compared on (`LogoMatch`): 8 × 8 over the table's 4 × 2-cell
    /// logo, each grid cell a quarter of a character cell's width and about a ninth of its
    /// height (4 × 4 pixels at 8 × 17-pixel cells). The pixel protocols draw the logo at the
    /// cells' full resolution (`LogoDrawing.canvas`: fitted, centred); 8 × 8 keeps the
    /// monogram's shape and colour while a pixel or two of placement or scaling does not
    /// count.
    static let grid = (columns: 8, rows: 8)
    /// Every terminal is started white on black (`TerminalKind`).
    static let background = Screenshot.RGB(red: 0, green: 0, blue: 0)

    let ids: [String]
    let logos: [RGBAImage]

    /// Each logo as a logo region of `width` × `height` pixels shows it, on `grid`
    /// over `background` (`LogoMatch.expected`): made once per terminal.
    func expected(width: Int, height: Int) -> [[Double]] {
        logos.map { LogoMatch.expected($0, width: width, height: height, grid: Self.grid, background: Self.background) }
    }

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
    }
}

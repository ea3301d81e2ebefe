import Foundation
import HotelClient
import HotelSOAP
import TerminalTable

/// The table's view of the loaded pages and logos: turns `HotelInfo`s into cells.
/// A snapshot (the pages and logo states are copy-on-write values), made per frame.
struct HotelRows: TableDataSource {
    let pages: PagedRows<HotelInfo>
    let logos: LogoQueue<String, LogoPicture>
    let showsLogos: Bool
    let showsDistance: Bool

    static let starStyle = Style(foreground: RGB(255, 196, 0))
    static let failureStyle = Style(foreground: RGB(220, 60, 60))

    var rowCount: Int? { pages.rowCount }

    static func columns(logoColumns: Int, showsLogos: Bool, showsDistance: Bool) -> [TableColumn] {
        var columns: [TableColumn] = []
        if showsLogos { columns.append(TableColumn("Logo", width: .fixed(logoColumns))) }
        columns += [
            TableColumn("Name", width: .flexible(min: 12, weight: 3)),
            TableColumn("City", width: .flexible(min: 8, weight: 1)),
            TableColumn("Stars", width: .fixed(5)),
            TableColumn("Price", width: .fixed(14), alignment: .right),
        ]
        if showsDistance { columns.append(TableColumn("Distance", width: .fixed(9), alignment: .right)) }
        return columns
    }

    func row(at index: Int) -> TableRow? {
        guard let hotel = pages.row(at: index) else { return nil }
        var cells: [TableCellContent] = []
        if showsLogos { cells.append(logoCell(for: hotel)) }
        cells += [
            .text(hotel.name),
            .text(hotel.city),
            .styledText(String(repeating: "★", count: max(0, min(5, hotel.stars))), Self.starStyle),
            .text(PriceText.table(hotel.price)),
        ]
        if showsDistance { cells.append(.text(hotel.distanceKm.map(Self.distance) ?? "")) }
        return TableRow(cells)
    }

    private func logoCell(for hotel: HotelInfo) -> TableCellContent {
        guard hotel.logoURL != nil else { return .text("") }
        switch logos.state(of: hotel.id) {
        case .loaded(let picture): return picture.kitty.map { .kittyImage($0) } ?? .image(picture.cell)
        case .failed: return .styledText("✗", Self.failureStyle)
        case .loading: return .placeholder("··")
        case .notRequested: return .placeholder("·")
        }
    }

    static func distance(_ km: Double) -> String {
        km < 10 ? String(format: "%.2f km", km) : String(format: "%.1f km", km)
    }
}

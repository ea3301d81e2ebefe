import Foundation
import HotelClient
import HotelSOAP
import TerminalTable

/// The table's view of the loaded pages and logos: turns `HotelInfo`s into cells, each
/// column's text as `HotelColumn` says (the printed table's too).
/// A snapshot (the pages and logo states are copy-on-write values), made per frame.
struct HotelRows: TableDataSource {
    let pages: PagedRows<HotelInfo>
    let logos: LogoQueue<String, LogoPicture>
    /// The columns drawn, in order (hidden and scrolled-out ones are left out).
    let shown: [HotelColumn]
    /// Rows in the pages' order or reversed (`S`).
    var order = RowOrder()

    static let starStyle = Style(foreground: RGB(255, 196, 0))
    static let failureStyle = Style(foreground: RGB(220, 60, 60))

    init(pages: PagedRows<HotelInfo>, logos: LogoQueue<String, LogoPicture>, showsLogos: Bool, showsDistance: Bool) {
        self.init(pages: pages, logos: logos, shown: HotelColumn.columns(of: .browse, showsLogos: showsLogos, showsDistance: showsDistance))
    }

    init(pages: PagedRows<HotelInfo>, logos: LogoQueue<String, LogoPicture>, shown: [HotelColumn], order: RowOrder = RowOrder()) {
        self.pages = pages
        self.logos = logos
        self.shown = shown
        self.order = order
    }

    var rowCount: Int? { pages.rowCount }

    /// The hotel shown at `index`, if its page is loaded.
    func hotel(at index: Int) -> HotelInfo? {
        order.sourceIndex(index, count: pages.rowCount).flatMap(pages.row(at:))
    }

    func row(at index: Int) -> TableRow? {
        guard let hotel = hotel(at: index) else { return nil }
        return TableRow(shown.map { cell($0, for: hotel) })
    }

    private func cell(_ column: HotelColumn, for hotel: HotelInfo) -> TableCellContent {
        switch column {
        case .logo: logoCell(for: hotel)
        case .stars: .styledText(column.text(for: hotel), Self.starStyle)
        case .id, .name, .city, .country, .price, .distance: .text(column.text(for: hotel))
        }
    }

    private func logoCell(for hotel: HotelInfo) -> TableCellContent {
        guard hotel.logoURL != nil else { return .text("") }
        switch logos.state(of: hotel.id) {
        case .loaded(let picture): return picture.tableCell
        case .failed: return .styledText("✗", Self.failureStyle)
        case .loading: return .placeholder("··")
        case .notRequested: return .placeholder("·")
        }
    }
}

import Foundation
import HotelSOAP
import TerminalTable

/// Drawing: the table or the detail view, the status bar, the help panel.
extension BrowseSession {
    var tableView: TableView {
        TableView(
            columns: HotelRows.columns(
                logoColumns: Self.logoColumns, showsLogos: settings.images != .disabled, showsDistance: settings.query.near != nil),
            emptyText: "No hotels match this search. Press / to search by name, q to quit.")
    }

    func draw() {
        let size = terminal.size
        state.resize(screenHeight: size.height)
        let frame: CellBuffer
        var shownKittyImages: [KittyImage] = []
        switch mode {
        case .detail(let view):
            frame = view.render(size: size, status: StatusLine(left: settings.endpointLabel, right: "↑↓ scroll · Esc back"))
            shownKittyImages = view.kittyLogo.map { [$0] } ?? []
        case .help:
            frame = tableView.render(state: state, dataSource: rows, status: statusLine, overlay: Self.help, size: size)
        case .table, .prompt:
            frame = tableView.render(state: state, dataSource: rows, status: statusLine, size: size)
        }
        if settings.images == .kitty {
            if case .detail = mode {} else { shownKittyImages = tableView.kittyImages(state: state, dataSource: rows, size: size) }
            // Images the frame shows must be in the terminal before their placeholders are.
            let uploads = kittyImages.prepare(showing: shownKittyImages)
            if !uploads.isEmpty { terminal.write(uploads) }
        }
        screen.present(frame)
        activity.frames += 1
    }

    var rows: HotelRows {
        HotelRows(pages: pages, logos: logos, showsLogos: settings.images != .disabled, showsDistance: settings.query.near != nil)
    }

    var statusLine: StatusLine {
        if case .prompt(let text) = mode {
            return StatusLine(left: "Name contains: \(text)▏", right: "Enter search · Esc cancel")
        }
        var parts: [String] = []
        if let total = pages.rowCount {
            // A sequential dialect's count grows as pages arrive: "of 150+" until the last.
            let more = pages.isCountFinal ? "" : "+"
            parts.append(
                total == 0
                    ? "0 hotels" : "row \(PriceText.grouped(String(state.selectedIndex + 1))) of \(PriceText.grouped(String(total)))\(more)"
            )
        } else {
            parts.append(pages.failed.isEmpty ? "loading…" : "no results yet")
        }
        parts.append("sort \((settings.query.sortBy ?? .relevance).rawValue)")
        if let name = settings.query.name { parts.append("name “\(name)”") }
        parts.append("pages \(pages.loadedPageCount)" + (pages.inFlight.isEmpty ? "" : " (+\(pages.inFlight.count) loading)"))
        if settings.images != .disabled { parts.append("logos \(logos.loading.count) loading") }
        // The last error takes the endpoint's place: it matters more, and the counts stay put.
        parts.append(lastError.map { "⚠ \($0) (r retries)" } ?? settings.endpointLabel)
        return StatusLine(left: parts.joined(separator: " · "), right: "? help · q quit")
    }

    static let help = TextPanel(
        title: "Keys",
        lines: [
            "↑ ↓  j k      move one row",
            "PgUp PgDn     move one screen (also Space, Ctrl-B, Ctrl-F)",
            "Home End g G  first / last row",
            "mouse wheel   scroll",
            "Enter         details of the selected hotel",
            "/             search by name (empty clears)",
            "s             change the sort order",
            "r             retry what failed",
            "?             this help",
            "q  Esc        quit (in details: back)",
        ], footer: "any key closes")
}

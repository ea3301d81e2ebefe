import Foundation
import HotelSOAP
import TerminalTable

/// Drawing: the table or the detail view, the status bar, the panels (help, columns,
/// last error).
extension BrowseSession {
    var tableView: TableView {
        let window = columnWindow
        let drawn = drawnColumns
        let columns = drawn.enumerated().map { position, column in
            var tableColumn = column.tableColumn
            if column == sortColumn, let sorted = sortColumn {
                // ▲: smallest first. Reversing flips the service's own direction.
                tableColumn.title += sorted.sortsAscending != order.isReversed ? " ▲" : " ▼"
            }
            // Columns scrolled out of view, on either side.
            if position == 0, window.hiddenLeft > 0 { tableColumn.title = "◂ " + tableColumn.title }
            if position == drawn.count - 1, window.hiddenRight > 0 { tableColumn.title += " ▸" }
            return tableColumn
        }
        return TableView(
            columns: columns, columnSeparator: Self.columnSeparator,
            emptyText: "No hotels match this search. Press / to search by name, f to filter, q to quit.")
    }

    func draw() {
        let size = terminal.size
        state.resize(screenHeight: size.height)
        let frame: CellBuffer
        var shownKittyImages: [KittyImage] = []
        let table = tableView
        switch mode {
        case .detail(let view):
            frame = view.render(size: size, status: StatusLine(left: settings.endpointLabel, right: "↑↓ scroll · Esc back"))
            shownKittyImages = view.kittyLogo.map { [$0] } ?? []
        case .help:
            frame = table.render(state: state, dataSource: rows, status: statusLine, overlay: helpPanel(width: size.width), size: size)
        case .columns:
            frame = table.render(state: state, dataSource: rows, status: statusLine, overlay: columnsPanel, size: size)
        case .lastError:
            frame = table.render(state: state, dataSource: rows, status: statusLine, overlay: lastErrorPanel(width: size.width), size: size)
        case .table, .prompt:
            frame = table.render(state: state, dataSource: rows, status: statusLine, size: size)
        }
        let rows = self.rows
        switch settings.images {
        case .kitty:
            if case .detail = mode {} else { shownKittyImages = table.kittyImages(state: state, dataSource: rows, size: size) }
            // Images the frame shows must be in the terminal before their placeholders are.
            let uploads = kittyImages.prepare(showing: shownKittyImages)
            if !uploads.isEmpty { terminal.write(uploads) }
            screen.present(frame)
        case .kittyDirect:
            // Uploaded once each; the renderer places them where their cells are.
            let uploads = kittyImages.prepare(showing: directKittyImages(rows: rows))
            if !uploads.isEmpty { terminal.write(uploads) }
            screen.present(frame, pictures: pictureSource(rows: rows))
        case .sixel, .iterm:
            screen.present(frame, pictures: pictureSource(rows: rows))
        case .halfBlocks, .disabled:
            screen.present(frame)
        }
        activity.frames += 1
    }

    var rows: HotelRows {
        HotelRows(pages: pages, logos: logos, shown: drawnColumns, order: order)
    }

    var statusLine: StatusLine {
        if case .prompt(let prompt) = mode {
            return prompt.statusLine(width: terminal.size.width)
        }
        var parts: [String] = []
        if let notice { parts.append(notice) }
        if let walk = walkToEnd {
            let read = PriceText.grouped(String((pages.rowCount ?? 0) - walk.rowsAtStart))
            parts.append("to the end: \(walk.pages) more pages, \(read) more rows (any key stops)")
        }
        if let export {
            let total = export.total.map { " of \(PriceText.grouped(String($0)))" } ?? ""
            parts.append("writing \(export.path): \(PriceText.grouped(String(export.rows)))\(total) rows")
        }
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
        parts.append(sortText)
        if let name = settings.query.name { parts.append("name “\(name)”") }
        if !filter.isEmpty { parts.append("filter \(filter.summary)") }
        let window = columnWindow
        if window.hiddenLeft + window.hiddenRight > 0 {
            let range = "columns \(window.range.lowerBound + 1)–\(window.range.upperBound) of \(window.columnCount)"
            parts.append((window.hiddenLeft > 0 ? "◂ " : "") + range + (window.hiddenRight > 0 ? " ▸" : ""))
        }
        parts.append("pages \(pages.loadedPageCount)" + (pages.inFlight.isEmpty ? "" : " (+\(pages.inFlight.count) loading)"))
        if settings.images != .disabled { parts.append("logos \(logos.loading.count) loading") }
        // The last error takes the endpoint's place: it matters more, and the counts stay put.
        parts.append(lastError.map { "⚠ \($0) (r retries, e shows all)" } ?? settings.endpointLabel)
        return StatusLine(left: parts.joined(separator: " · "), right: "? help · q quit")
    }

    /// `sort price ▲`, `sort stars ▼`, `sort relevance reversed`.
    var sortText: String {
        let sort = settings.query.sortBy ?? .relevance
        guard let column = sortColumn else { return "sort \(sort.rawValue)" + (order.isReversed ? " reversed" : "") }
        return "sort \(sort.rawValue) " + (column.sortsAscending != order.isReversed ? "▲" : "▼")
    }

    func lastErrorPanel(width: Int) -> TextPanel {
        // The panel's text is 6 cells narrower than the screen (margin, border, padding).
        let lines = lastErrorText.map { DisplayWidth.wrap($0, toWidth: max(10, width - 6)) } ?? ["no error so far"]
        return TextPanel(title: "Last error", lines: lines, footer: "any key closes")
    }

    /// The keys, and how logos are drawn here and why (`--images-info` in short).
    func helpPanel(width: Int) -> TextPanel {
        var panel = Self.help
        let logos = "Logos: \(settings.images.argument)" + (settings.imagesReason.isEmpty ? "" : " (\(settings.imagesReason))")
        panel.lines += [""] + DisplayWidth.wrap(logos, toWidth: max(10, min(76, width - 6)))
        return panel
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
            "f             filter: stars:N price:MAX city:NAME amenity:A,B",
            "              (on top of the search; empty clears)",
            "s  S          sort by the next column / reverse the order",
            "← → h l       scroll sideways when the columns do not fit",
            "c             show / hide columns",
            "y             copy the selected row as CSV (OSC 52)",
            "w             write the whole result to a CSV file",
            "r             retry what failed",
            "e             the full text of the last error",
            "Ctrl-L        redraw the screen",
            "?             this help",
            "q  Esc        quit (in details: back)",
            "",
            "Prompts: Ctrl-U Ctrl-W Ctrl-K, ← →, Home End; Esc cancels",
        ], footer: "any key closes")
}

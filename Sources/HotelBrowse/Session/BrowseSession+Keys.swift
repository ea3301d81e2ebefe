import Foundation
import HotelSOAP
import TerminalTable

/// Keys: the table's own moves, then the session's commands. Prompts, the filter,
/// columns and sorting, and export have files of their own.
extension BrowseSession {
    func handleKey(_ key: Key) -> Bool {
        if key == .resize {
            state.resize(screenHeight: terminal.size.height)
            firstColumn = min(firstColumn, columnWindow.maxFirst)  // wider: scroll back what now fits
            screen.invalidate()
            return true
        }
        if key == .ctrl("c") { return false }
        if key == .ctrl("l") {
            // Another program (or a stray write) may have garbled the screen: draw it all again.
            screen.invalidate()
            return true
        }
        switch mode {
        case .help, .lastError:
            mode = .table  // any key closes the panel
            return key != .char("q")
        case .prompt(let prompt):
            handlePromptKey(key, prompt: prompt)
            return true
        case .detail(let view):
            handleDetailKey(key, view: view)
            return true
        case .columns:
            handleColumnsKey(key)
            return true
        case .table:
            break
        }
        notice = nil
        if walkToEnd != nil {
            // Any key stops a walk to the end; the rows it loaded stay.
            walkToEnd = nil
            if key == .escape { return true }
        }
        if key == .char("G") || key == .end, client.dialect.paging == .sequential, !pages.isCountFinal, pages.rowCount != nil {
            // Only the page after the last one read can be asked for: walk there page by page.
            walkToEnd = (pages.rowCount ?? 0, 0)
        }
        let before = state.selectedIndex
        if state.handle(key) {
            if state.selectedIndex != before { direction = state.selectedIndex > before ? .down : .up }
            return true
        }
        switch key {
        case .char("q"), .escape:
            return false
        case .char("?"):
            mode = .help
        case .char("/"):
            mode = .prompt(BrowsePrompt(purpose: .name))
        case .char("f"):
            mode = .prompt(BrowsePrompt(purpose: .filter))
        case .char("w"):
            if let export {
                notice = "already writing \(export.path): wait for it to finish"
            } else {
                mode = .prompt(BrowsePrompt(purpose: .file))
            }
        case .char("s"):
            nextSortColumn()
        case .char("S"):
            reverseOrder()
        case .left, .char("h"):
            scrollColumns(by: -1)
        case .right, .char("l"):
            scrollColumns(by: 1)
        case .char("c"):
            mode = .columns
        case .char("y"):
            copySelectedRow()
        case .char("e"):
            mode = .lastError
        case .char("r"):
            retry()
        case .enter:
            openDetail()
        default:
            break
        }
        return true
    }

    func handleDetailKey(_ key: Key, view: HotelDetailView) {
        var view = view
        switch key {
        case .escape, .char("q"), .enter, .backspace, .left, .char("h"):
            detailTasks.cancelAll()
            mode = .table
            return
        case .down, .char("j"): view.firstLine += 1
        case .up, .char("k"): view.firstLine = max(0, view.firstLine - 1)
        case .char("r"):
            if case .failed(let hotel, _) = view.content {
                view.content = .loading(hotel)
                mode = .detail(view)
                loadDetail(hotel)
            }
            return
        default:
            return
        }
        mode = .detail(view)
    }

    /// Failed pages and logos become eligible again; the next refresh requests the visible ones.
    func retry() {
        pages.retryFailed()
        logos.retryFailed()
        lastError = nil
    }

    /// The search, the filter or the order changed: start again from the first row.
    func startNewQuery() {
        for page in pages.reset() { pageTasks.cancel(page) }
        pageStarts = [:]
        state.updateRowCount(nil)
        state.select(0)
        lastError = nil
    }

    /// What is asked of the service: the search narrowed by the filter.
    var effectiveQuery: HotelQuery { filter.applied(to: settings.query) }

    /// The hotel shown at table row `index` (the order may be reversed), if loaded.
    func hotel(atRow index: Int) -> HotelInfo? {
        rows.hotel(at: index)
    }

    func openDetail() {
        guard let hotel = hotel(atRow: state.selectedIndex) else { return }
        var view = HotelDetailView(content: .loading(hotel), priceBasis: client.dialect.priceBasis)
        if case .loaded(let picture) = logos.state(of: hotel.id) { setDetailLogo(picture, in: &view) }
        guard client.dialect.hasDetails else {
            view.content = .loaded(
                HotelDetail(hotel: hotel, description: "\(client.dialect.name) has no details operation: this is what the search returned.")
            )
            mode = .detail(view)
            return
        }
        mode = .detail(view)
        loadDetail(hotel)
    }

    /// The detail view's larger logo: with kitty a second image of the same PNG, with
    /// sixel and iTerm2 the logo encoded at that size.
    func setDetailLogo(_ picture: LogoPicture, in view: inout HotelDetailView) {
        view.logo = picture
        let columns = HotelDetailView.logoColumns
        let rows = HotelDetailView.logoRows
        let drawing = logoDrawing
        view.symbols = drawing.symbolImage(picture.source, columns: columns, rows: rows)
        if let payload = picture.kittyPayload {
            // The table's PNG is made for its small cells: the larger picture gets its own.
            let larger = drawing.kittyPayload(for: picture.source, columns: columns, rows: rows) ?? payload
            view.kittyLogo = kittyImages.makeImage(columns: columns, rows: rows, format: .png, payload: larger)
            if settings.images == .kittyDirect, let kitty = view.kittyLogo {
                view.picture = TerminalPicture(id: kitty.id, columns: columns, rows: rows)
                view.pictureSequence = kittyPlacement(kitty)
            }
        } else if let sequence = drawing.sequence(for: picture.source, columns: columns, rows: rows) {
            view.picture = TerminalPicture(id: nextPictureID(), columns: columns, rows: rows)
            view.pictureSequence = sequence
        }
    }
}

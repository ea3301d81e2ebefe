import Foundation
import HotelSOAP
import TerminalTable

/// Keys: the table's own moves, then the session's commands (search, sort, details, retry).
extension BrowseSession {
    func handleKey(_ key: Key) -> Bool {
        if key == .resize {
            state.resize(screenHeight: terminal.size.height)
            screen.invalidate()
            return true
        }
        if key == .ctrl("c") { return false }
        switch mode {
        case .help:
            mode = .table  // any key closes the help
            return key != .char("q")
        case .prompt(let text):
            handlePromptKey(key, text: text)
            return true
        case .detail(let view):
            handleDetailKey(key, view: view)
            return true
        case .table:
            break
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
            mode = .prompt(settings.query.name ?? "")
        case .char("s"):
            cycleSort()
        case .char("r"):
            retry()
        case .enter:
            openDetail()
        default:
            break
        }
        return true
    }

    func handlePromptKey(_ key: Key, text: String) {
        switch key {
        case .enter:
            mode = .table
            let name = text.trimmingCharacters(in: .whitespaces)
            settings.query.name = name.isEmpty ? nil : name
            startNewQuery()
        case .escape:
            mode = .table
        case .backspace:
            mode = .prompt(String(text.dropLast()))
        case .char(let character) where text.count < 100:
            mode = .prompt(text + String(character))
        default:
            break
        }
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

    /// The sorts that make sense for this query, in the order `s` steps through them.
    var sorts: [HotelSOAP.SortOrder] {
        settings.query.near == nil ? [.relevance, .price, .stars, .name] : [.relevance, .distance, .price, .stars, .name]
    }

    func cycleSort() {
        let current = settings.query.sortBy ?? .relevance
        let index = sorts.firstIndex(of: current) ?? -1
        settings.query.sortBy = sorts[(index + 1) % sorts.count]
        startNewQuery()
    }

    /// Failed pages and logos become eligible again; the next refresh requests the visible ones.
    func retry() {
        pages.retryFailed()
        logos.retryFailed()
        lastError = nil
    }

    func startNewQuery() {
        for page in pages.reset() { pageTasks.cancel(page) }
        pageStarts = [:]
        state.updateRowCount(nil)
        state.select(0)
        lastError = nil
    }

    func openDetail() {
        guard let hotel = pages.row(at: state.selectedIndex) else { return }
        var view = HotelDetailView(content: .loading(hotel))
        if case .loaded(let picture) = logos.state(of: hotel.id) { setDetailLogo(picture, in: &view) }
        mode = .detail(view)
        loadDetail(hotel)
    }

    /// The detail view's larger logo; with kitty, a second placement of the same PNG.
    func setDetailLogo(_ picture: LogoPicture, in view: inout HotelDetailView) {
        view.logo = picture
        if let payload = picture.kittyPayload {
            view.kittyLogo = kittyImages.makeImage(
                columns: HotelDetailView.logoColumns, rows: HotelDetailView.logoRows, format: .png, payload: payload)
        }
    }
}

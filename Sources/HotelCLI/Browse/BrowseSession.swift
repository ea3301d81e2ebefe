import Foundation
import HotelClient
import HotelSOAP
import Imaging
import TerminalTable

/// The interactive table behind `hotels browse` and `hotels demo`.
///
/// One loop owns all state and handles one event at a time: keys from the terminal,
/// pages, logos and details arriving from tasks it started. After each event it works out
/// which pages and logos the viewport needs now (`PagedRows`, `LogoQueue`), starts and
/// cancels tasks to match, and draws a frame; the diff renderer sends only what changed.
///
/// ```swift
/// let session = BrowseSession(terminal: terminal, client: client, logos: fetcher, settings: settings)
/// try await session.run()   // until q, Esc or Ctrl-C
/// ```
public final class BrowseSession {
    public struct Settings: Sendable {
        public var query: HotelQuery
        /// Shown in the status bar.
        public var endpointLabel: String
        public var images: ImageProtocol = .halfBlocks
        /// Kitty graphics commands must be wrapped for tmux to pass them on.
        public var inTmux = false
        public var pageSize = 50
        public var maxConcurrentLogos = 4
        public var logoCacheCapacity = 512

        public init(query: HotelQuery, endpointLabel: String) {
            self.query = query
            self.endpointLabel = endpointLabel
        }
    }

    enum Event: Sendable {
        case input(Key)
        case inputEnded
        case page(Int, token: Int, Result<SearchPage, Failure>)
        case logo(String, token: Int, Result<LogoPicture, LogoLoadError>, kittyPayload: [UInt8]?)
        case detail(token: Int, Result<HotelDetail, Failure>)
        /// Fast scrolling may have stopped: time to look at held logo loads again.
        case settle
    }

    struct Failure: Error, Sendable {
        let message: String
    }

    enum Mode {
        case table
        case help
        case prompt(String)
        case detail(HotelDetailView)
    }

    /// Counters for tests and the benchmark: what the session asked the network for.
    public struct Activity: Sendable, Equatable {
        public var pagesRequested: [Int] = []
        public var pagesCancelled = 0
        public var logosStarted: [(row: Int, visible: Range<Int>)] = []
        public var logosCancelled = 0
        public var frames = 0

        public static func == (a: Activity, b: Activity) -> Bool {
            a.pagesRequested == b.pagesRequested && a.pagesCancelled == b.pagesCancelled && a.logosCancelled == b.logosCancelled
                && a.frames == b.frames && a.logosStarted.map(\.row) == b.logosStarted.map(\.row)
        }
    }

    static let logoColumns = 4

    let terminal: any TerminalDriver
    let client: HotelSearchClient
    let fetcher: LogoFetcher
    private(set) var settings: Settings
    private(set) var state: TableViewState
    private(set) var pages: PagedRows<HotelInfo>
    private(set) var logos: LogoQueue<String, LogoPicture>
    private(set) var mode: Mode = .table
    private(set) var lastError: String?
    private(set) var activity = Activity()
    private var screen: TerminalScreen
    private var direction: PagedRows<HotelInfo>.Direction = .down
    private var generation = 0
    private let pageTasks = TaskTable<Int>()
    private let logoTasks = TaskTable<String>()
    private let detailTasks = TaskTable<Int>()
    private var settleScheduled = false
    /// Which kitty images the terminal holds; unused in the other image modes.
    private var kittyImages: KittyImageRegistry
    private let inbox = EventInbox<Event>()
    /// The longest a burst of events may hold back a frame.
    static let maxFrameDelay = Duration.milliseconds(100)

    public init(terminal: any TerminalDriver, client: HotelSearchClient, logos fetcher: LogoFetcher, settings: Settings) {
        self.terminal = terminal
        self.client = client
        self.fetcher = fetcher
        self.settings = settings
        let rowHeight = settings.images == .disabled ? 1 : 2
        state = TableViewState(rowHeight: rowHeight, screenHeight: terminal.size.height)
        pages = PagedRows(pageSize: settings.pageSize)
        logos = LogoQueue(maxConcurrent: settings.maxConcurrentLogos, capacity: settings.logoCacheCapacity)
        screen = TerminalScreen(terminal)
        // Image ids are shared by every program in the terminal window: start somewhere
        // another program is unlikely to be.
        kittyImages = KittyImageRegistry(capacity: 256, firstID: UInt32.random(in: 0x1000...0x7F_0000), inTmux: settings.inTmux)
    }

    /// Runs until the user quits or input ends, and says what it loaded. The caller enters
    /// and restores the terminal.
    @discardableResult
    public func run() async -> Activity {
        let input = Task { [terminal, inbox] in
            for await key in terminal.events { inbox.send(.input(key)) }
            inbox.send(.inputEnded)
        }
        defer {
            input.cancel()
            pageTasks.cancelAll()
            logoTasks.cancelAll()
            detailTasks.cancelAll()
        }
        refreshLoads()
        draw()
        var lastFrame = ContinuousClock.now
        for await event in inbox.stream {
            let queued = inbox.took()
            guard handle(event) else { break }
            // Draw once the burst is applied (or at least every maxFrameDelay): keys are
            // cheap to apply, frames are not.
            let now = ContinuousClock.now
            guard queued == 0 || now - lastFrame >= Self.maxFrameDelay else { continue }
            refreshLoads()
            draw()
            lastFrame = now
        }
        if settings.images == .kitty { terminal.write(kittyImages.deleteAll()) }
        return activity
    }

    // MARK: Events

    /// Applies one event; false means quit.
    private func handle(_ event: Event) -> Bool {
        switch event {
        case .input(let key):
            return handleKey(key)
        case .inputEnded:
            return false
        case .page(let page, let token, let result):
            guard pageTasks.complete(page, token: token) else { return true }
            switch result {
            case .success(let received):
                pages.receive(page: page, rows: received.hotels, totalCount: received.totalCount)
                state.updateRowCount(pages.totalCount)
            case .failure(let failure):
                pages.fail(page: page, message: failure.message)
                lastError = failure.message
            }
        case .logo(let id, let token, var result, let kittyPayload):
            guard logoTasks.complete(id, token: token) else { return true }
            if case .success(var picture) = result, let kittyPayload {
                picture.kitty = kittyImages.makeImage(columns: picture.cell.columns, rows: picture.cell.rows, format: .png, payload: kittyPayload)
                picture.kittyPayload = kittyPayload
                result = .success(picture)
            }
            logos.finish(id, with: result)
            if case .failure(let error) = result, !error.isCancellation { lastError = "logo: \(error.message)" }
            if case .detail(var view) = mode, view.hotel.id == id, case .success(let picture) = result {
                setDetailLogo(picture, in: &view)
                mode = .detail(view)
            }
        case .detail(let token, let result):
            guard detailTasks.complete(0, token: token), case .detail(var view) = mode else { return true }
            switch result {
            case .success(let detail): view.content = .loaded(detail)
            case .failure(let failure): view.content = .failed(view.hotel, failure.message)
            }
            mode = .detail(view)
        case .settle:
            settleScheduled = false
        }
        return true
    }

    private func handleKey(_ key: Key) -> Bool {
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

    private func handlePromptKey(_ key: Key, text: String) {
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

    private func handleDetailKey(_ key: Key, view: HotelDetailView) {
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

    // MARK: Commands

    /// The sorts that make sense for this query, in the order `s` steps through them.
    private var sorts: [HotelSOAP.SortOrder] {
        settings.query.near == nil ? [.relevance, .price, .stars, .name] : [.relevance, .distance, .price, .stars, .name]
    }

    private func cycleSort() {
        let current = settings.query.sortBy ?? .relevance
        let index = sorts.firstIndex(of: current) ?? -1
        settings.query.sortBy = sorts[(index + 1) % sorts.count]
        startNewQuery()
    }

    /// Failed pages and logos become eligible again; the next refresh requests the visible ones.
    private func retry() {
        pages.retryFailed()
        logos.retryFailed()
        lastError = nil
    }

    private func startNewQuery() {
        generation += 1
        for page in pages.reset() { pageTasks.cancel(page) }
        state.updateRowCount(nil)
        state.select(0)
        lastError = nil
    }

    private func openDetail() {
        guard let hotel = pages.row(at: state.selectedIndex) else { return }
        var view = HotelDetailView(content: .loading(hotel))
        if case .loaded(let picture) = logos.state(of: hotel.id) { setDetailLogo(picture, in: &view) }
        mode = .detail(view)
        loadDetail(hotel)
    }

    /// The detail view's larger logo; with kitty, a second placement of the same PNG.
    private func setDetailLogo(_ picture: LogoPicture, in view: inout HotelDetailView) {
        view.logo = picture
        if let payload = picture.kittyPayload {
            view.kittyLogo = kittyImages.makeImage(columns: HotelDetailView.logoColumns, rows: HotelDetailView.logoRows, format: .png, payload: payload)
        }
    }

    private func loadDetail(_ hotel: HotelInfo) {
        detailTasks.start(0) { [client, inbox] token in
            do {
                let detail = try await client.hotel(id: hotel.id)
                inbox.send(.detail(token: token, .success(detail)))
            } catch {
                inbox.send(.detail(token: token, .failure(Failure(message: Self.describe(error)))))
            }
        }
    }

    // MARK: Loading

    /// Starts and cancels page and logo loads to match the viewport.
    private func refreshLoads() {
        let visible = state.visibleRows
        let plan = pages.plan(visible: visible, direction: direction)
        for page in plan.cancel {
            pageTasks.cancel(page)
            activity.pagesCancelled += 1
        }
        for page in plan.fetch { fetchPage(page) }

        guard settings.images != .disabled else { return }
        let now = ContinuousClock.now
        let hold = state.isScrollingFast(at: now)
        var wanted: [String] = []
        var rowOf: [String: Int] = [:]
        for index in visible {
            guard let hotel = pages.row(at: index), hotel.logoURL != nil else { continue }
            wanted.append(hotel.id)
            rowOf[hotel.id] = index
        }
        let step = logos.update(visible: wanted, hold: hold)
        for id in step.cancel {
            logoTasks.cancel(id)
            activity.logosCancelled += 1
        }
        for id in step.start {
            guard let row = rowOf[id], let hotel = pages.row(at: row), let url = hotel.logoURL.flatMap(URL.init(string:)) else { continue }
            activity.logosStarted.append((row, visible))
            fetchLogo(id: id, url: url)
        }
        if hold, !settleScheduled {
            // Look again once the scroll has had time to settle.
            settleScheduled = true
            let delay = state.scrollVelocity.window
            Task { [inbox] in
                try? await Task.sleep(for: delay)
                inbox.send(.settle)
            }
        }
    }

    private func fetchPage(_ page: Int) {
        var query = settings.query
        query.offset = page * settings.pageSize
        query.limit = settings.pageSize
        activity.pagesRequested.append(page)
        pageTasks.start(page) { [client, inbox, query] token in
            do {
                let result = try await client.searchPage(query)
                inbox.send(.page(page, token: token, .success(result)))
            } catch {
                inbox.send(.page(page, token: token, .failure(Failure(message: Self.describe(error)))))
            }
        }
    }

    private func fetchLogo(id: String, url: URL) {
        let columns = Self.logoColumns, rows = state.rowHeight, kitty = settings.images == .kitty
        logoTasks.start(id) { [fetcher, inbox] token in
            let result: Result<LogoPicture, LogoLoadError>
            var kittyPayload: [UInt8]?
            do {
                let bytes = try await fetcher.fetch(url)
                try Task.checkCancellation()
                // Decoded even for kitty: a corrupt or absurd image must become the failure
                // mark here, not reach the terminal.
                let image = try ImageDecoder(maxPixels: 2048 * 2048, maxSide: 4096).decode(bytes)
                if kitty { kittyPayload = try PNGEncoder.encode(image.thumbnail(fittingWidth: 128, height: 128)) }
                result = .success(LogoPicture(image, columns: columns, rows: rows))
            } catch let error as LogoLoadError {
                result = .failure(error)
            } catch is CancellationError {
                result = .failure(.cancelled)
            } catch {
                result = .failure(LogoLoadError("\(url.lastPathComponent): \(error)"))
            }
            inbox.send(.logo(id, token: token, result, kittyPayload: kittyPayload))
        }
    }

    static func describe(_ error: any Error) -> String {
        if error is CancellationError { return "cancelled" }
        return Diagnostics.classify(error).1
    }

    // MARK: Drawing

    private var tableView: TableView {
        TableView(
            columns: HotelRows.columns(logoColumns: Self.logoColumns, showsLogos: settings.images != .disabled, showsDistance: settings.query.near != nil),
            emptyText: "No hotels match this search. Press / to search by name, q to quit.")
    }

    private func draw() {
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

    private var rows: HotelRows {
        HotelRows(pages: pages, logos: logos, showsLogos: settings.images != .disabled, showsDistance: settings.query.near != nil)
    }

    var statusLine: StatusLine {
        if case .prompt(let text) = mode {
            return StatusLine(left: "Name contains: \(text)▏", right: "Enter search · Esc cancel")
        }
        var parts: [String] = []
        if let total = pages.totalCount {
            parts.append(total == 0 ? "0 hotels" : "row \(HotelRows.grouped(String(state.selectedIndex + 1))) of \(HotelRows.grouped(String(total)))")
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

    static let help = TextPanel(title: "Keys", lines: [
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

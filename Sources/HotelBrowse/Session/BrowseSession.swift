import Foundation
import HotelClient
import HotelSOAP
import TerminalTable

/// The interactive table behind `hotels browse` and `hotels demo`.
///
/// One loop owns all state and handles one event at a time: keys from the terminal,
/// pages, logos and details arriving from tasks it started. After each burst of events it
/// works out which pages and logos the viewport needs now (`PagedRows`, `LogoQueue`),
/// starts and cancels tasks to match, and draws a frame; the diff renderer sends only what
/// changed. The concerns live in their own files: keys (`+Keys`), loading (`+Loading`),
/// drawing and the status bar (`+Drawing`), prompts (`+Prompts`), the filter (`+Filter`),
/// sorting and columns (`+Columns`), copying and writing CSV (`+Export`).
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
        /// Kitty and iTerm2 commands must be wrapped for tmux to pass them on.
        public var inTmux = false
        /// The block symbols of text logos (`--images blocks`, and the detail view's
        /// fallback).
        public var symbols: SymbolSet = .quadrants
        /// One cell in pixels, for sixel and iTerm2 pictures; nil when the terminal did not
        /// say (a 10 × 20 cell is assumed).
        public var cellSize: PixelSize?
        /// The terminal does not scroll a picture ending on a scroll region's last line
        /// (`GraphicsChoice.picturesAtRegionBottomStay`).
        public var picturesAtRegionBottomStay = false
        /// Why `images` was chosen, for the help panel: the last of
        /// `GraphicsChoice.reasons`.
        public var imagesReason = ""
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
        case page(Int, token: Int, Result<ResultPage, Failure>)
        case logo(String, token: Int, Result<LogoPicture, LogoLoadError>, kittyPayload: [UInt8]?)
        case detail(token: Int, Result<HotelDetail, Failure>)
        /// Fast scrolling may have stopped: time to look at held logo loads again.
        case settle
        case export(token: Int, ExportEvent)
    }

    enum ExportEvent: Sendable {
        case progress(rows: Int, total: Int?)
        case finished(rows: Int)
        case failed(String)
    }

    /// A page, a detail or a file that failed, in the words the status bar shows.
    struct Failure: Error, Sendable, CustomStringConvertible {
        let message: String

        var description: String { message }
    }

    enum Mode {
        case table
        case help
        case prompt(BrowsePrompt)
        case detail(HotelDetailView)
        /// The `c` panel: which columns are shown.
        case columns
        /// The `e` panel: the full text of the last error.
        case lastError
    }

    /// A file being written by `w`.
    struct Export {
        let path: String
        /// The table showed the rows reversed (`S`), which the file does not follow.
        var wasReversed = false
        var rows = 0
        var total: Int?
    }

    static let logoColumns = 4
    /// The longest a burst of events may hold back a frame.
    static let maxFrameDelay = Duration.milliseconds(100)

    let terminal: any TerminalDriver
    let client: HotelSearchClient
    let fetcher: LogoFetcher
    var settings: Settings
    var state: TableViewState
    var pages: PagedRows<HotelInfo>
    /// Where each page starts, as far as known: every page for a random-access dialect,
    /// for a sequential one each page after one that said where it continues.
    var pageStarts: [Int: PageStart] = [:]
    var logos: LogoQueue<String, LogoPicture>
    var mode: Mode = .table
    /// The error the status bar shows until `r` or a new query clears it.
    var lastError: String? {
        didSet { if let lastError { lastErrorText = lastError } }
    }
    /// The last error of the session, kept for `e` after the status bar has moved on.
    var lastErrorText: String?
    /// `G` on a sequential service before its last page: each page that arrives moves the
    /// selection to its last row, which asks for the next, until the count is final. Any
    /// other key stops it; `rowsAtStart` shows how far it got.
    var walkToEnd: (rowsAtStart: Int, pages: Int)?
    /// A one-line answer to the last key (copied, refused, written); the next key clears it.
    var notice: String?
    /// What `f` narrows the search (`settings.query`) to.
    var filter = BrowseFilter()
    /// `S`: the rows shown bottom up.
    var order = RowOrder()
    var hiddenColumns: Set<HotelColumn> = []
    /// The first column shown when they do not all fit (index into the unhidden columns).
    var firstColumn = 0
    var export: Export?
    let exportTasks = TaskTable<Int>()
    var activity = BrowseActivity()
    var screen: TerminalScreen
    var direction: PagedRows<HotelInfo>.Direction = .down
    let pageTasks = TaskTable<Int>()
    let logoTasks = TaskTable<String>()
    let detailTasks = TaskTable<Int>()
    var settleScheduled = false
    /// Which kitty images the terminal holds; unused in the other image modes.
    var kittyImages: KittyImageRegistry
    /// The last id given to a sixel or iTerm2 picture.
    var lastPictureID: UInt32 = 0
    let inbox = EventInbox<Event>()
    /// One line for the status bar and `e`: "cancelled", or what `describeError` says.
    let describe: @Sendable (any Error) -> String

    /// `describeError` words a failed page, logo, detail or file; the command line's wording
    /// adds the flag to change (`hotels browse` passes it in), the default is the error's own.
    public init(
        terminal: any TerminalDriver, client: HotelSearchClient, logos fetcher: LogoFetcher, settings: Settings,
        describeError: @escaping @Sendable (any Error) -> String = { "\($0)" }
    ) {
        self.terminal = terminal
        self.client = client
        self.fetcher = fetcher
        self.settings = settings
        describe = { error in error is CancellationError ? "cancelled" : describeError(error) }
        let rowHeight = settings.images == .disabled ? 1 : 2
        state = TableViewState(rowHeight: rowHeight, screenHeight: terminal.size.height)
        let access: PagedRows<HotelInfo>.Access = client.dialect.paging == .sequential ? .sequential : .randomAccess
        pages = PagedRows(pageSize: settings.pageSize, access: access)
        logos = LogoQueue(maxConcurrent: settings.maxConcurrentLogos, capacity: settings.logoCacheCapacity)
        screen = TerminalScreen(terminal)
        screen.picturesAtRegionBottomStay = settings.picturesAtRegionBottomStay
        // Image ids are shared by every program in the terminal window: start somewhere
        // another program is unlikely to be.
        kittyImages = KittyImageRegistry(
            capacity: 256, firstID: UInt32.random(in: 0x1000...0x7F_0000), inTmux: settings.inTmux,
            createsVirtualPlacements: settings.images == .kitty)
    }

    /// Runs until the user quits or input ends, and says what it loaded. The caller enters
    /// and restores the terminal.
    @discardableResult
    public func run() async -> BrowseActivity {
        let input = Task { [terminal, inbox] in
            for await key in terminal.events { inbox.send(.input(key)) }
            inbox.send(.inputEnded)
        }
        defer {
            input.cancel()
            pageTasks.cancelAll()
            logoTasks.cancelAll()
            detailTasks.cancelAll()
            exportTasks.cancelAll()
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
        if settings.images == .kitty || settings.images == .kittyDirect { terminal.write(kittyImages.deleteAll()) }
        // A file still being written is given up; its task removes the partial file.
        await exportTasks.cancelAllAndWait()
        return activity
    }

    /// Applies one event; false means quit.
    private func handle(_ event: Event) -> Bool {
        switch event {
        case .input(let key):
            return handleKey(key)
        case .inputEnded:
            return false
        case .page(let page, let token, let result):
            guard pageTasks.complete(page, token: token) else { return true }
            receive(page: page, result)
        case .logo(let id, let token, let result, let kittyPayload):
            guard logoTasks.complete(id, token: token) else { return true }
            receiveLogo(id: id, result, kittyPayload: kittyPayload)
        case .detail(let token, let result):
            guard detailTasks.complete(0, token: token), case .detail(var view) = mode else { return true }
            switch result {
            case .success(let detail): view.content = .loaded(detail)
            case .failure(let failure): view.content = .failed(view.hotel, failure.message)
            }
            mode = .detail(view)
        case .settle:
            settleScheduled = false
        case .export(let token, let event):
            receiveExport(event, token: token)
        }
        return true
    }
}

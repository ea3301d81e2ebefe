import HotelBrowse
import Imaging
import TerminalTable

/// What logos cost per frame in each way the browse table draws them: one-row scrolls
/// (↓ with the selection at the bottom) on a 200×50 screen, every whole row with its own
/// monogram logo, drawn as `hotels browse` draws it (`LogoDrawing`, the renderer's
/// pictures, `KittyImageRegistry`). Bytes and pictures sent per frame, CPU per frame
/// (building the frame, uploads, diffing, writing), and the one-off cost of encoding a
/// logo, which browse pays once per logo when it arrives, off the event loop.
enum PictureBench {
    static let width = TerminalBench.width
    static let height = TerminalBench.height
    static let cell = PixelSize(width: 10, height: 20)

    enum Mode: CaseIterable {
        case blocks, kittyPlaceholders, kittyDirect, sixel, iterm

        var label: String {
            switch self {
            case .blocks: "block symbols (quadrants)"
            case .kittyPlaceholders: "kitty, Unicode placeholders"
            case .kittyDirect: "kitty, direct placement"
            case .sixel: "sixel (10×20 px cells)"
            case .iterm: "iTerm2 inline images"
            }
        }

        var images: ImageProtocol {
            switch self {
            case .blocks: .halfBlocks
            case .kittyPlaceholders: .kitty
            case .kittyDirect: .kittyDirect
            case .sixel: .sixel
            case .iterm: .iterm
            }
        }

        /// What starts one picture in the bytes: an upload for placeholders (they are
        /// drawn as text after it), a placement or an image otherwise.
        var marker: String? {
            switch self {
            case .blocks: nil
            case .kittyPlaceholders: "\u{1B}_Ga=T,"
            case .kittyDirect: "\u{1B}_Ga=p,"
            case .sixel: "\u{1B}P0;1;0q"
            case .iterm: "\u{1B}]1337;File="
            }
        }
    }

    struct Measurement {
        var mode: Mode
        var bytes: Double
        var cpuSeconds: Double
        var picturesPerFrame: Double
        var encodeSeconds: Double
        var visibleLogos: Int
    }

    /// A `PictureSource` over every row's picture.
    struct Pictures: PictureSource {
        var sequences: [UInt32: String] = [:]
        var removesKitty = false
        func drawSequence(for id: UInt32) -> String? { sequences[id] }
        func removeSequence(for id: UInt32) -> String { removesKitty ? EscapeSequence.kittyDeletePlacements(id: id) : "" }
    }

    /// The rows of one mode, with their pictures and kitty images.
    struct Setup {
        var source: StaticTableDataSource
        var pictures = Pictures()
        var kittyImages: [Int: KittyImage] = [:]
        var registry: KittyImageRegistry
        var encodeSeconds: Double
    }

    static func run(frames: Int, runs: Int) throws -> [Measurement] {
        // 97 distinct logos, as the Terminal section has; a quick run (few frames) makes 12, so
        // the smoke test's debug build is not timing the encoder.
        let logos = (0..<(frames < 50 ? 12 : 97)).map { MonogramLogo(initials: "H\($0 % 10)", seed: "H\($0)").render() }
        let table = TableView(columns: BenchTableRows.columns)
        return try Mode.allCases.map { mode in
            let rowCount = frames + 2 * height
            let checked = InMemoryTerminal(width: width, height: height)
            var setup = make(mode, rows: rowCount, logos: logos)
            let bytes = try play(mode, frames: frames, rowCount: rowCount, table: table, setup: &setup, terminal: checked)
            let text = String(decoding: checked.written[bytes.start...], as: UTF8.self)
            let pictures = mode.marker.map { Double(text.components(separatedBy: $0).count - 1) / Double(frames) } ?? 0
            let cpu = try (0..<max(1, runs)).map { _ in
                var fresh = make(mode, rows: rowCount, logos: logos)
                return try play(
                    mode, frames: frames, rowCount: rowCount, table: table, setup: &fresh,
                    terminal: CountingTerminal(width: width, height: height)
                )
                .cpu
            }
            return Measurement(
                mode: mode, bytes: Double(checked.written.count - bytes.start) / Double(frames), cpuSeconds: Measure.median(cpu),
                picturesPerFrame: pictures, encodeSeconds: setup.encodeSeconds, visibleLogos: (height - 2) / BenchTableRows.rowHeight)
        }
    }

    private static func make(_ mode: Mode, rows: Int, logos: [RGBAImage]) -> Setup {
        let drawing = LogoDrawing(images: mode.images, symbols: .quadrants, cellSize: cell)
        let columns = BenchTableRows.logoColumns
        let height = BenchTableRows.rowHeight
        let base = BenchTableRows.make(count: rows)
        var setup = Setup(
            source: base, registry: KittyImageRegistry(capacity: 256, firstID: 1, createsVirtualPlacements: mode == .kittyPlaceholders),
            encodeSeconds: 0)
        setup.pictures.removesKitty = mode == .kittyDirect
        // Each logo encoded once, as browse keeps each logo's encoded forms.
        let t0 = Measure.threadCPUTime()
        let symbols = logos.map { drawing.symbolImage($0, columns: columns, rows: height) }
        let sequences = logos.map { drawing.sequence(for: $0, columns: columns, rows: height) }
        let payloads = logos.map { drawing.kittyPayload(for: $0, columns: columns, rows: height) }
        setup.encodeSeconds = (Measure.threadCPUTime() - t0) / Double(logos.count)
        var table: [TableRow] = []
        for index in 0..<rows {
            var cells = base.row(at: index)?.cells ?? []
            let logo = index % logos.count
            let id = UInt32(index + 1)
            switch mode {
            case .blocks:
                cells[0] = .symbolImage(symbols[logo])
            case .sixel, .iterm:
                setup.pictures.sequences[id] = sequences[logo]
                cells[0] = .picture(TerminalPicture(id: id, columns: columns, rows: height))
            case .kittyPlaceholders, .kittyDirect:
                guard let payload = payloads[logo],
                    let image = setup.registry.makeImage(columns: columns, rows: height, format: .png, payload: payload)
                else { continue }
                setup.kittyImages[index] = image
                if mode == .kittyDirect {
                    setup.pictures.sequences[image.id] = image.placeSequence(placement: 1)
                    cells[0] = .picture(TerminalPicture(id: image.id, columns: columns, rows: height))
                } else {
                    cells[0] = .kittyImage(image)
                }
            }
            table.append(TableRow(cells))
        }
        setup.source = StaticTableDataSource(rows: table)
        return setup
    }

    private static func play(
        _ mode: Mode, frames: Int, rowCount: Int, table: TableView, setup: inout Setup, terminal: any TerminalDriver
    ) throws -> (start: Int, cpu: Double) {
        var state = TableViewState(rowHeight: BenchTableRows.rowHeight, screenHeight: height)
        state.updateRowCount(rowCount)
        state.select(state.visibleRowCount - 1)
        var screen = TerminalScreen(terminal)
        draw(mode, state: state, table: table, setup: &setup, screen: &screen, terminal: terminal)
        let start = (terminal as? InMemoryTerminal)?.written.count ?? 0
        var cpu = 0.0
        for _ in 0..<frames {
            state.handle(.down)
            let t0 = Measure.threadCPUTime()
            draw(mode, state: state, table: table, setup: &setup, screen: &screen, terminal: terminal)
            cpu += Measure.threadCPUTime() - t0
        }
        if let memory = terminal as? InMemoryTerminal,
            !(memory.screenLines.last ?? "").contains("row \(BenchFormat.grouped(state.selectedIndex + 1))")
        {
            throw BenchError("\(mode.label): the status line is “\(memory.screenLines.last ?? "")”")
        }
        return (start, cpu / Double(frames))
    }

    private static func draw(
        _ mode: Mode, state: TableViewState, table: TableView, setup: inout Setup, screen: inout TerminalScreen,
        terminal: any TerminalDriver
    ) {
        let size = TerminalSize(width: width, height: height)
        let status = StatusLine(left: "row \(BenchFormat.grouped(state.selectedIndex + 1)) · logos 0 loading", right: "? help · q quit")
        let frame = table.render(state: state, dataSource: setup.source, status: status, size: size)
        switch mode {
        case .kittyPlaceholders, .kittyDirect:
            let shown = state.visibleRows.compactMap { setup.kittyImages[$0] }
            let uploads = setup.registry.prepare(showing: shown)
            if !uploads.isEmpty { terminal.write(uploads) }
        case .blocks, .sixel, .iterm:
            break
        }
        screen.present(frame, pictures: setup.pictures)
    }
}

extension PictureBench {
    static func section(_ measurements: [Measurement], frames: Int) -> BenchmarkReport.Section {
        let visible = measurements.first?.visibleLogos ?? 0
        return BenchmarkReport.Section(
            title: "Logos per protocol",
            intro:
                "One-row scrolls (↓ at the bottom) on a \(width)×\(height) screen with \(visible) whole rows, each with its own 4×2-cell monogram logo, "
                + "drawn as `hotels browse` draws it in each protocol; \(frames) frames per figure. “pictures” counts what starts a picture in the bytes "
                + "(a sixel, an iTerm2 image, a kitty placement, or a kitty upload for placeholders). Encoding is per logo, once, when it arrives.",
            header: ["logos as", "bytes/frame", "pictures/frame", "CPU/frame", "encode/logo"],
            rows: measurements.map { m in
                [
                    m.mode.label, BenchFormat.count(m.bytes), m.mode.marker == nil ? "–" : String(format: "%.2f", m.picturesPerFrame),
                    BenchFormat.seconds(m.cpuSeconds), BenchFormat.seconds(m.encodeSeconds),
                ]
            })
    }
}

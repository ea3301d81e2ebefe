import TerminalTable

/// What one keypress costs the terminal: bytes written and CPU time per frame on a
/// 200×50 screen, with the real `TableView` and `TerminalScreen` (diff renderer) on rows
/// like the browse table's. A full redraw of the same frames is the reference.
enum TerminalBench {
    static let width = 200
    static let height = 50
    static let rowCount = 10_000

    enum Step: CaseIterable {
        /// The selection moves one row and the viewport stays: two rows repaint.
        case move
        /// The selection is at the bottom and moves on: every row shifts up one.
        case scroll
        /// The same frames as `scroll`, diffed in place without a scroll region (as before
        /// issue 16), for comparison.
        case scrollWithoutRegion
        case pageDown
        /// The same frames as `scroll`, each drawn from a cleared screen.
        case fullRedraw

        var label: String {
            switch self {
            case .move: return "one-row move (selection only)"
            case .scroll: return "one-row scroll (↓ at the bottom)"
            case .scrollWithoutRegion: return "one-row scroll, diff only (no scroll region)"
            case .pageDown: return "page down"
            case .fullRedraw: return "full redraw (reference)"
            }
        }
    }

    struct Measurement {
        var step: Step
        /// Per frame, averaged over the frames of a run (the same in every run).
        var bytes: Double
        /// Per frame: the median over runs of each run's mean.
        var cpuSeconds: Double
    }

    static func run(frames: Int, runs: Int) throws -> [Measurement] {
        let source = BenchTableRows.make(count: rowCount)
        let table = TableView(columns: BenchTableRows.columns)
        return try Step.allCases.map { step in
            // Bytes through the in-memory terminal, which also checks the screen shows
            // what the state says; CPU on a counting terminal (see CountingTerminal).
            let checked = InMemoryTerminal(width: width, height: height)
            let bytes = try play(step, frames: frames, table: table, source: source, terminal: checked) { checked.written.count }.bytes
            let cpu = try (0..<max(1, runs)).map { _ in
                let counting = CountingTerminal(width: width, height: height)
                return try play(step, frames: frames, table: table, source: source, terminal: counting) { counting.bytesWritten }.cpuSeconds
            }
            return Measurement(step: step, bytes: bytes, cpuSeconds: Measure.median(cpu))
        }
    }

    /// Draws a first frame, then `frames` frames after one `step` each; returns the mean
    /// bytes and CPU seconds per frame (building the frame, diffing, writing).
    private static func play(
        _ step: Step, frames: Int, table: TableView, source: StaticTableDataSource,
        terminal: any TerminalDriver, written: () -> Int
    ) throws -> (bytes: Double, cpuSeconds: Double) {
        var state = TableViewState(rowHeight: BenchTableRows.rowHeight, screenHeight: height)
        state.updateRowCount(rowCount)
        var screen = TerminalScreen(terminal, usesScrollRegions: step != .scrollWithoutRegion)
        if step == .scroll || step == .scrollWithoutRegion || step == .fullRedraw { state.select(state.visibleRowCount - 1) }
        screen.present(frame(table, state, source))
        let before = written()
        var cpu = 0.0
        for i in 0..<frames {
            switch step {
            case .move: state.handle(i % 2 == 0 ? .down : .up)
            case .scroll, .scrollWithoutRegion, .fullRedraw: state.handle(.down)
            case .pageDown: state.handle(.pageDown)
            }
            let t0 = Measure.threadCPUTime()
            if step == .fullRedraw { screen.invalidate() }
            screen.present(frame(table, state, source))
            cpu += Measure.threadCPUTime() - t0
        }
        if let memory = terminal as? InMemoryTerminal {
            let status = memory.screenLines.last ?? ""
            let expected = "row \(BenchFormat.grouped(state.selectedIndex + 1)) of \(BenchFormat.grouped(rowCount))"
            guard status.contains(expected) else {
                throw BenchError("\(step.label): the screen's status line is “\(status)”, expected \(expected)")
            }
        }
        return (Double(written() - before) / Double(frames), cpu / Double(frames))
    }

    /// The frame a browse session would draw for `state`, status line included.
    private static func frame(_ table: TableView, _ state: TableViewState, _ source: StaticTableDataSource) -> CellBuffer {
        let row = BenchFormat.grouped(state.selectedIndex + 1)
        let total = BenchFormat.grouped(rowCount)
        let status = StatusLine(
            left: "row \(row) of \(total) · sort relevance · pages 3 · logos 0 loading · http://127.0.0.1:8080/soap",
            right: "? help · q quit")
        return table.render(state: state, dataSource: source, status: status, size: TerminalSize(width: width, height: height))
    }
}

extension TerminalBench {
    static func section(_ measurements: [Measurement], frames: Int) -> BenchmarkReport.Section {
        let full = measurements.first { $0.step == .fullRedraw }
        return BenchmarkReport.Section(
            title: "Terminal",
            intro:
                "`TableView` + `TerminalScreen` (the diff renderer) on a \(width)×\(height) screen, rows two lines high with a half-block logo, "
                + "names in mixed scripts; \(frames) frames per figure. Bytes as written to `InMemoryTerminal` (which also checks the screen); "
                + "CPU per frame (build the frame, diff it, write it) on a terminal that only counts bytes, so the in-memory emulator's own parsing is not charged.",
            header: ["frame", "bytes", "CPU", "bytes vs full redraw"],
            rows: measurements.map { m in
                [
                    m.step.label, BenchFormat.count(m.bytes), BenchFormat.seconds(m.cpuSeconds),
                    full.map { BenchFormat.ratio(m.bytes / $0.bytes) } ?? "",
                ]
            })
    }
}

/// Draws a table — header, rows, status line and an optional overlay panel — into a
/// `CellBuffer`. It holds no mutable state: selection and scrolling live in
/// `TableViewState`, rows come from a `TableDataSource`.
///
/// All text is passed through `Sanitizer` and fitted by display width, so wide
/// characters, emoji and hostile strings cannot misalign columns or overflow a line.
///
/// Keep the state in step with the data before rendering (`state.updateRowCount(…)`,
/// `state.resize(screenHeight:)`); the view draws whatever the state says is on screen.
///
/// ```swift
/// let table = TableView(columns: [TableColumn("Name"), TableColumn("City", width: .fixed(12))])
/// let frame = table.render(state: state, dataSource: source,
///                          status: StatusLine(left: "3 rows"), size: terminal.size)
/// screen.present(frame)
/// ```
public struct TableView: Sendable {
    public var columns: [TableColumn]
    public var theme: TableTheme
    /// Drawn between columns on every line, so borders line up.
    public var columnSeparator: String
    /// Where single-line text sits in rows taller than one line.
    public var verticalPlacement: VerticalPlacement
    /// Shown dimmed in every column of a row that is not loaded yet.
    public var loadingText: String
    /// Shown when the data source has no rows.
    public var emptyText: String
    public var sanitizer: Sanitizer

    public enum VerticalPlacement: Sendable, Equatable {
        case top
        case center
    }

    public init(
        columns: [TableColumn],
        theme: TableTheme = .standard,
        columnSeparator: String = " │ ",
        verticalPlacement: VerticalPlacement = .center,
        loadingText: String = "…",
        emptyText: String = "No rows",
        sanitizer: Sanitizer = .standard
    ) {
        self.columns = columns
        self.theme = theme
        self.columnSeparator = columnSeparator
        self.verticalPlacement = verticalPlacement
        self.loadingText = loadingText
        self.emptyText = emptyText
        self.sanitizer = sanitizer
    }

    /// A new frame of `size` showing the table.
    public func render(
        state: TableViewState,
        dataSource: some TableDataSource,
        status: StatusLine,
        overlay: TextPanel? = nil,
        size: TerminalSize
    ) -> CellBuffer {
        var buffer = CellBuffer(width: size.width, height: size.height)
        draw(into: &buffer, state: state, dataSource: dataSource, status: status, overlay: overlay)
        return buffer
    }

    /// Draws the table over the whole of `buffer`.
    public func draw(
        into buffer: inout CellBuffer,
        state: TableViewState,
        dataSource: some TableDataSource,
        status: StatusLine,
        overlay: TextPanel? = nil
    ) {
        let widths = columnWidths(forWidth: buffer.width)
        let headerCount = min(state.headerLines, buffer.height)
        let footerTop = max(headerCount, buffer.height - state.footerLines)
        if headerCount > 0 {
            drawHeader(into: &buffer, widths: widths)
        }
        drawBody(into: &buffer, lines: headerCount..<footerTop, widths: widths, state: state, dataSource: dataSource)
        if footerTop < buffer.height {
            drawStatus(status, into: &buffer, row: buffer.height - 1)
        }
        overlay?.draw(into: &buffer, theme: theme, sanitizer: sanitizer)
    }

    /// Column widths for a table `width` cells wide.
    public func columnWidths(forWidth width: Int) -> [Int] {
        TableColumn.layout(columns, totalWidth: width, separatorWidth: DisplayWidth.of(columnSeparator))
    }
}

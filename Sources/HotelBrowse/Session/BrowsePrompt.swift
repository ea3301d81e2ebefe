import TerminalTable

/// A line typed on the status bar: what it is for and the text so far. Every prompt
/// starts empty and edits like a shell line (`LineEditor`).
struct BrowsePrompt: Sendable {
    enum Purpose: Sendable, Equatable {
        /// `/`: a new name search; empty clears it.
        case name
        /// `f`: filter terms (`BrowseFilter`); empty clears the filter.
        case filter
        /// `w`: the CSV file to write.
        case file
    }

    let purpose: Purpose
    var editor = LineEditor()

    var label: String {
        switch purpose {
        case .name: "Name contains: "
        case .filter: "Filter: "
        case .file: "Write CSV to: "
        }
    }

    var hint: String {
        switch purpose {
        case .name: "Enter search · Esc cancel"
        case .filter: "\(BrowseFilter.syntax) · Enter · Esc"
        case .file: "Enter write · Esc cancel"
        }
    }

    /// The status line for a screen `width` cells wide: the label, as much of the text
    /// as fits around the cursor, and the cursor drawn as a cell in reverse video.
    func statusLine(width: Int) -> StatusLine {
        let labelWidth = DisplayWidth.of(label)
        // StatusLine keeps one cell between the two sides. On a narrow screen the line
        // being typed matters more than the hint.
        var hint = self.hint
        if width - DisplayWidth.of(hint) - 1 - labelWidth < Self.minimumRoom { hint = "" }
        let room = max(1, width - DisplayWidth.of(hint) - 1 - labelWidth)
        let visible = editor.visible(width: room)
        return StatusLine(left: label + visible.text, right: hint, cursorColumn: labelWidth + visible.cursorColumn)
    }

    static let minimumRoom = 20
}

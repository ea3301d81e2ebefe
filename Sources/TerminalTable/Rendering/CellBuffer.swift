/// A width × height grid of cells: one frame of what the screen should show.
///
/// Drawing code writes into a buffer; `Renderer` then turns the difference between
/// two buffers into escape sequences.
///
/// ```swift
/// var buffer = CellBuffer(width: 20, height: 2)
/// buffer.write("Hello 世界", row: 0, column: 0, style: Style(bold: true))
/// ```
public struct CellBuffer: Sendable, Equatable {
    public let width: Int
    public let height: Int
    private var cells: [Cell]
    /// Some cell was set to a slice of a terminal-drawn picture at some point: the
    /// renderer skips its picture bookkeeping for buffers without (most frames of most
    /// terminals).
    public private(set) var hasPictures = false

    public init(width: Int, height: Int, filling cell: Cell = .blank) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: cell, count: self.width * self.height)
    }

    /// The cell at a position; out-of-range positions read as blank.
    /// Equal when the cells are (the `hasPictures` hint does not count).
    public static func == (left: CellBuffer, right: CellBuffer) -> Bool {
        left.width == right.width && left.height == right.height && left.cells == right.cells
    }

    public subscript(row: Int, column: Int) -> Cell {
        guard contains(row: row, column: column) else { return .blank }
        return cells[row * width + column]
    }

    public func contains(row: Int, column: Int) -> Bool {
        row >= 0 && row < height && column >= 0 && column < width
    }

    /// Puts one cell at a position, keeping wide characters consistent:
    /// a wide cell also writes its continuation, a wide cell that would not fit at the
    /// right edge becomes a space, and overwriting half of an old wide character
    /// blanks its other half. Out-of-range writes are ignored.
    public mutating func set(_ cell: Cell, row: Int, column: Int) {
        guard contains(row: row, column: column) else { return }
        var cell = cell
        if cell.width == 2 && column == width - 1 {
            cell = .blank(cell.style)
        }
        breakWideCharacter(row: row, column: column)
        if cell.picture != nil { hasPictures = true }
        cells[row * width + column] = cell
        if cell.width == 2 {
            breakWideCharacter(row: row, column: column + 1)
            cells[row * width + column + 1] = .continuation(cell.style)
        }
    }

    /// Before a cell is replaced, the wide character it belongs to must lose its other
    /// half, otherwise we would keep half a character on screen.
    private mutating func breakWideCharacter(row: Int, column: Int) {
        let old = self[row, column]
        if old.isContinuation, column > 0 {
            let left = self[row, column - 1]
            cells[row * width + column - 1] = .blank(left.style)
        } else if old.width == 2, column + 1 < width {
            let right = self[row, column + 1]
            cells[row * width + column + 1] = .blank(right.style)
        }
    }
}

// Rows as units, for the renderer's scroll detection.
extension CellBuffer {
    /// One hash per row: equal rows have equal hashes.
    func rowHashes() -> [Int] {
        (0..<height).map { row in
            var hasher = Hasher()
            for cell in cells[(row * width)..<((row + 1) * width)] { hasher.combine(cell) }
            return hasher.finalize()
        }
    }

    /// What the screen shows after the terminal scrolled the lines of `region` by `count`
    /// (up when positive, like SU; down when negative, like SD): the lines move, the ones
    /// that enter are blank.
    func scrolled(_ region: ClosedRange<Int>, by count: Int, blank: Cell = .blank) -> CellBuffer {
        var result = self
        for row in region {
            let source = row + count
            let enters = !region.contains(source)
            for column in 0..<width {
                result.cells[row * width + column] = enters ? blank : cells[source * width + column]
            }
        }
        return result
    }
}

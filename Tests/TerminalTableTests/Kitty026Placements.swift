@testable import TerminalTable

/// What kitty 0.26 (Debian 12's) does with directly placed pictures, as far as the
/// renderer's bytes can move them: placements float above the text, keyed by image id;
/// text, ECH and EL leave them alone; a scroll region moves them one line at a time with
/// the off-by-one at the region's bottom that kitty's commit 32d8aac fixed (a picture
/// ending on the last line is not moved; one a reverse scroll brings there loses a line).
/// Read from kitty v0.26.5's `screen.c` (`INDEX_UP`, `INDEX_DOWN`, `INDEX_GRAPHICS`) and
/// `graphics.c` (`scroll_filter_func`, `scroll_filter_margins_func`).
///
/// Feed it a renderer's output drawn with `Kitty026Placements.Source`, then compare
/// `visible` with the frame's whole pictures.
struct Kitty026Placements {
    struct Placement: Equatable, CustomStringConvertible {
        var row: Int
        var column: Int
        var columns: Int
        var rows: Int
        /// Lines kitty cut off the top or the bottom while scrolling: drawn short.
        var cut = false

        var description: String { "\(rows)×\(columns) at \(row),\(column)\(cut ? " cut" : "")" }
    }

    /// Draws and removes in the renderer's terms with a made-up APC the model reads.
    struct Source: PictureSource {
        var columns = 4
        var rows = 2
        func drawSequence(for id: UInt32) -> String? { "\u{1B}_Gp=\(id),\(columns),\(rows)\u{1B}\\" }
        func removeSequence(for id: UInt32) -> String { "\u{1B}_Gd=\(id)\u{1B}\\" }
    }

    let width: Int
    let height: Int
    private(set) var placements: [UInt32: Placement] = [:]
    /// What the model could not follow (a picture drawn where the cursor was not placed).
    private(set) var problems: [String] = []
    private var top = 0
    private var bottom: Int
    private var cursor: (row: Int, column: Int)? = (0, 0)

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        bottom = height - 1
    }

    /// Placements with at least one line on the screen.
    var visible: [UInt32: Placement] { placements.filter { $0.value.row < height && $0.value.row + $0.value.rows > 0 } }

    mutating func feed(_ bytes: [UInt8]) {
        var index = 0
        while index < bytes.count {
            guard bytes[index] == 0x1B, index + 1 < bytes.count else {
                // Text moves the cursor in ways this model does not follow.
                cursor = nil
                index += 1
                continue
            }
            if bytes[index + 1] == UInt8(ascii: "[") {
                var end = index + 2
                while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                guard end < bytes.count else { return }
                control(final: bytes[end], parameters: String(decoding: bytes[(index + 2)..<end], as: UTF8.self))
                index = end + 1
            } else if bytes[index + 1] == UInt8(ascii: "_") {
                var end = index + 2
                while end + 1 < bytes.count, !(bytes[end] == 0x1B && bytes[end + 1] == UInt8(ascii: "\\")) { end += 1 }
                graphics(String(decoding: bytes[(index + 2)..<end], as: UTF8.self))
                index = end + 2
            } else {
                index += 2
            }
        }
    }

    private mutating func control(final: UInt8, parameters: String) {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        let first = numbers.first.flatMap { $0 } ?? 1
        switch final {
        case UInt8(ascii: "H"):
            cursor = (first - 1, (numbers.count > 1 ? numbers[1] : nil).map { $0 - 1 } ?? 0)
        case UInt8(ascii: "r") where !parameters.hasPrefix("?"):
            top = numbers.first.flatMap { $0 }.map { $0 - 1 } ?? 0
            bottom = (numbers.count > 1 ? numbers[1] : nil).map { $0 - 1 } ?? height - 1
            cursor = (0, 0)
        case UInt8(ascii: "S"):
            for _ in 0..<first { scroll(by: -1) }
        case UInt8(ascii: "T"):
            for _ in 0..<min(first, height) { scroll(by: 1) }
        case UInt8(ascii: "J") where first == 2:
            // kitty's erase in display removes the placements on the screen.
            placements = placements.filter { $0.value.row + $0.value.rows <= 0 }
        default:
            break
        }
    }

    private mutating func graphics(_ body: String) {
        if body.hasPrefix("Gd="), let id = UInt32(body.dropFirst(3)) {
            placements[id] = nil
        } else if body.hasPrefix("Gp=") {
            let fields = body.dropFirst(3).split(separator: ",").compactMap { Int($0) }
            guard fields.count == 3, let cursor else {
                problems.append("picture \(body) drawn with the cursor not placed")
                return
            }
            placements[UInt32(fields[0])] = Placement(row: cursor.row, column: cursor.column, columns: fields[1], rows: fields[2])
        }
    }

    /// One INDEX_UP (-1) or INDEX_DOWN (+1), as kitty 0.26.5 moves its placements.
    private mutating func scroll(by amount: Int) {
        let hasMargins = top != 0 || bottom != height - 1
        for (id, var placement) in placements {
            if !hasMargins {
                // scroll_filter_func on the alternate screen: gone once wholly above line 0.
                placement.row += amount
                placements[id] = placement.row + placement.rows <= 0 ? nil : placement
                continue
            }
            // ref_within_region, one line short at the bottom.
            guard placement.row >= top, placement.row + placement.rows <= bottom else { continue }
            placement.row += amount
            if placement.row + placement.rows <= top || placement.row > bottom {
                placements[id] = nil
                continue
            }
            if placement.row < top {
                placement.rows -= top - placement.row
                placement.row = top
                placement.cut = true
            } else if placement.row + placement.rows > bottom {
                // The "image moved down" clip, one line too many.
                placement.rows -= placement.row + placement.rows - bottom
                placement.cut = true
            }
            placements[id] = placement.rows <= 0 || placement.row + placement.rows <= top || placement.row > bottom ? nil : placement
        }
    }

    /// The whole pictures of `frame`, as placements kitty should show.
    static func expected(in frame: CellBuffer) -> [UInt32: Placement] {
        Renderer.pictureExtents(in: frame).filter(\.value.isWhole).mapValues {
            Placement(row: $0.top, column: $0.left, columns: $0.columns, rows: $0.rows)
        }
    }
}

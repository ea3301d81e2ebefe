// Terminal-drawn pictures (sixel, iTerm2, kitty placed directly): the renderer sees them
// only as cells carrying a `PictureSlice`, and keeps the screen honest about them.
//
// - A picture on the old screen whose cells change, or that is no longer whole there
//   (cut by a scroll region, covered by a panel), is taken away before any text is
//   written: its cells are erased with ECH, which removes a sixel or iTerm2 image in
//   every terminal (writing text over one does not in all of them), and the source's
//   remove sequence runs (kitty's placements float above the text).
// - A picture whole in the new frame is drawn after the text when any of its cells
//   differ from the old screen, with the cursor on its top-left cell. One that did not
//   change, or that a scroll region moved with the text, is not sent again.
extension Renderer {
    /// Where a picture's slices lie in a buffer, and whether they make the whole picture.
    struct PictureExtent {
        var top: Int
        var left: Int
        var columns: Int
        var rows: Int
        var found = 0
        var isConsistent = true

        var isWhole: Bool { isConsistent && found == columns * rows }
    }

    /// Every picture id of `buffer` with its extent, read from its slices.
    static func pictureExtents(in buffer: CellBuffer) -> [UInt32: PictureExtent] {
        guard buffer.hasPictures else { return [:] }
        var extents: [UInt32: PictureExtent] = [:]
        for row in 0..<buffer.height {
            for column in 0..<buffer.width {
                guard let slice = buffer[row, column].picture else { continue }
                let top = row - Int(slice.y)
                let left = column - Int(slice.x)
                if var extent = extents[slice.id] {
                    extent.found += 1
                    if extent.top != top || extent.left != left || extent.columns != Int(slice.columns) || extent.rows != Int(slice.rows) {
                        extent.isConsistent = false
                    }
                    extents[slice.id] = extent
                } else {
                    extents[slice.id] = PictureExtent(top: top, left: left, columns: Int(slice.columns), rows: Int(slice.rows), found: 1)
                }
            }
        }
        return extents
    }

    /// Takes away the pictures of `baseline` that `frame` does not keep whole in place,
    /// blanking their cells in `baseline` (which is then what the screen shows), and
    /// returns the bytes that do it.
    /// `rewrites` are the lines about to be erased from a column on (`lineRewrites`):
    /// a picture with cells there goes too, and so do the pictures `stale` names.
    static func removePictures(
        from baseline: inout CellBuffer, keeping frame: CellBuffer, rewrites: [Int: Int] = [:], stale known: Set<UInt32> = [],
        source: some PictureSource
    ) -> String {
        guard baseline.hasPictures else { return "" }
        var stale = known
        let extents = pictureExtents(in: baseline)
        for (id, extent) in extents where !extent.isWhole { stale.insert(id) }
        for (row, start) in rewrites {
            for column in start..<baseline.width { if let slice = baseline[row, column].picture { stale.insert(slice.id) } }
        }
        for row in 0..<baseline.height {
            for column in 0..<baseline.width {
                let old = baseline[row, column]
                if let slice = old.picture, !stale.contains(slice.id), frame[row, column] != old { stale.insert(slice.id) }
            }
        }
        guard !stale.isEmpty else { return "" }
        var output = EscapeSequence.resetStyle
        for row in 0..<baseline.height {
            var column = 0
            while column < baseline.width {
                guard let slice = baseline[row, column].picture, stale.contains(slice.id) else {
                    column += 1
                    continue
                }
                let start = column
                while column < baseline.width, let next = baseline[row, column].picture, stale.contains(next.id) {
                    baseline.set(.blank, row: row, column: column)
                    column += 1
                }
                output += EscapeSequence.moveCursor(row: row, column: start) + EscapeSequence.eraseCharacters(column - start)
            }
        }
        for id in stale.sorted() { output += source.removeSequence(for: id) }
        return output
    }

    /// The bytes that draw the pictures whole in `frame` whose cells differ from
    /// `baseline` (the screen before this frame's text was written), top to bottom.
    static func drawPictures(in frame: CellBuffer, over baseline: CellBuffer, source: some PictureSource) -> String {
        guard frame.hasPictures else { return "" }
        var output = ""
        let extents = pictureExtents(in: frame).filter(\.value.isWhole).sorted {
            ($0.value.top, $0.value.left, $0.key) < ($1.value.top, $1.value.left, $1.key)
        }
        for (id, extent) in extents {
            var changed = false
            scan: for row in extent.top..<(extent.top + extent.rows) {
                for column in extent.left..<(extent.left + extent.columns) where frame[row, column] != baseline[row, column] {
                    changed = true
                    break scan
                }
            }
            guard changed, let sequence = source.drawSequence(for: id) else { continue }
            output += EscapeSequence.moveCursor(row: extent.top, column: extent.left) + sequence
        }
        return output
    }

    /// The pictures of `buffer` inside `region` whose last line is the region's last: those
    /// a terminal with `picturesAtRegionBottomStay` does not scroll (in the frame before a
    /// scroll) or cuts by a line (in the frame a scroll down made).
    static func pictures(in buffer: CellBuffer, endingOn region: ClosedRange<Int>) -> Set<UInt32> {
        var ids: Set<UInt32> = []
        for (id, extent) in pictureExtents(in: buffer)
        where extent.top >= region.lowerBound && extent.top + extent.rows - 1 == region.upperBound {
            ids.insert(id)
        }
        return ids
    }

    /// Whether any cell of `region`'s lines in `buffer` lies under a picture.
    static func hasPictures(in buffer: CellBuffer, lines region: ClosedRange<Int>) -> Bool {
        guard buffer.hasPictures else { return false }
        for row in region where row >= 0 && row < buffer.height {
            for column in 0..<buffer.width where buffer[row, column].picture != nil { return true }
        }
        return false
    }
}

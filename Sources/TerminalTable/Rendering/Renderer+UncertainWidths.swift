// Lines whose text terminals may lay out differently from `DisplayWidth`: a cluster of
// several code points (combining marks, vowel signs, joined emoji), a lone mark, or
// right-to-left text.
// `WidthProbe` settles the emoji rules, but not every script: mlterm shapes Devanagari
// across the line, kitty gives its spacing marks no cell, tmux gives them one. Written in
// place, such a line drifts: a cell lands one column off, or the old text's last cell
// stays ("MDelhi"). So a changed line holding such text, now or before, is erased from
// its first cell that is not a picture (EL) and written whole, with the cursor placed
// absolutely after every such cell. A fresh screen, drawn the same way, always came out
// right.
extension Renderer {
    /// Whether terminals may disagree on where `cell` ends.
    static func hasUncertainWidth(_ cell: Cell) -> Bool {
        guard cell.text.utf8.count > 1 else { return false }
        let scalars = cell.text.unicodeScalars
        // kitty's image placeholder with its row and column marks: one cell, by definition.
        if scalars.first == KittyPlaceholder.character { return false }
        if scalars.count > 1 { return true }
        switch scalars.first!.properties.generalCategory {
        case .spacingMark, .nonspacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }

    /// Whether `cell` is right-to-left text (Hebrew, Arabic, Syriac, Thaana, N'Ko): terminals
    /// that reorder bidirectional lines (mlterm, VTE, Konsole) lay the whole line out anew,
    /// and text written over part of one left the old line's letters beside it. Written in
    /// one run it comes out right, so no extra cursor moves; only the line is rewritten.
    static func isRightToLeft(_ cell: Cell) -> Bool {
        guard let first = cell.text.unicodeScalars.first, first.value >= 0x0590 else { return false }
        switch first.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
        default: return false
        }
    }

    /// Row → the column to erase from, for each changed line that holds text of uncertain
    /// width or direction in `frame` or `baseline`: the first column not under a picture on
    /// either side.
    static func lineRewrites(frame: CellBuffer, baseline: CellBuffer) -> [Int: Int] {
        var rewrites: [Int: Int] = [:]
        for row in 0..<frame.height {
            var changed = false
            var uncertain = false
            for column in 0..<frame.width {
                let new = frame[row, column]
                let old = baseline[row, column]
                if new != old { changed = true }
                if !uncertain, hasUncertainWidth(new) || hasUncertainWidth(old) || isRightToLeft(new) || isRightToLeft(old) {
                    uncertain = true
                }
                if changed && uncertain { break }
            }
            guard changed, uncertain else { continue }
            var start = 0
            while start < frame.width, frame[row, start].picture != nil || baseline[row, start].picture != nil { start += 1 }
            rewrites[row] = start
        }
        return rewrites
    }
}

/// A move of whole lines that turns the old screen into much of the new one: the lines
/// of `region` shifted up by `count` (down when negative), as SU/SD do inside a scroll
/// region. Found by comparing line hashes, so it costs O(lines × shifts), not O(cells).
///
/// ```swift
/// // The table scrolled one line: old lines 2…10 are new lines 1…9.
/// LineScroll.best(from: oldHashes, to: newHashes)   // LineScroll(region: 1...10, count: 1)
/// ```
struct LineScroll: Equatable {
    var region: ClosedRange<Int>
    var count: Int

    /// Fewer saved lines than this are not worth the scroll sequences (~20 bytes) and
    /// the risk of a terminal drawing the move before the fix-ups.
    static let minimumGain = 2

    /// The scroll that leaves the most lines already right, if it saves at least
    /// `minimumGain` lines compared to redrawing in place. Shifts of up to half the screen
    /// are tried: a bigger jump has too little in common to be worth it.
    ///
    /// `oldPictures` and `newPictures` hash each line's picture cells alone (0 for a line
    /// without): a line whose text changed but whose pictures a shift would keep counts
    /// for the shift, as moving a picture is far cheaper than sending it again (the
    /// selected row's highlight moving with a scroll changes its text, not its logo).
    static func best(from old: [Int], to new: [Int], oldPictures: [Int] = [], newPictures: [Int] = []) -> LineScroll? {
        guard old.count == new.count, old.count > 2 else { return nil }
        let pictures = oldPictures.count == old.count && newPictures.count == new.count ? (oldPictures, newPictures) : nil
        var best: (scroll: LineScroll, gain: Int)?
        for magnitude in 1...max(1, old.count / 2) {
            for count in [magnitude, -magnitude] {
                if let candidate = bestWindow(from: old, to: new, count: count, pictures: pictures),
                    candidate.gain > (best?.gain ?? minimumGain - 1)
                {
                    best = candidate
                }
            }
        }
        return best?.scroll
    }

    /// For one shift: the run of lines where shifting wins most (maximum-sum subarray of
    /// +1 where only the shifted line matches, -1 where only the unshifted one does), and
    /// what it saves once the lines that enter blank are paid for.
    private static func bestWindow(from old: [Int], to new: [Int], count: Int, pictures: ([Int], [Int])?) -> (
        scroll: LineScroll, gain: Int
    )? {
        let lines = old.count
        let rows = count > 0 ? 0..<(lines - count) : (-count)..<lines
        var bestSum = 0
        var bestRange: ClosedRange<Int>?
        var sum = 0
        var start = rows.lowerBound
        for row in rows {
            var shifted = new[row] == old[row + count]
            var unshifted = new[row] == old[row]
            if !shifted, !unshifted, let (oldPictures, newPictures) = pictures, newPictures[row] != 0 {
                shifted = newPictures[row] == oldPictures[row + count]
                unshifted = newPictures[row] == oldPictures[row]
            }
            let score = shifted == unshifted ? 0 : (shifted ? 1 : -1)
            if sum <= 0 {
                sum = score
                start = row
            } else {
                sum += score
            }
            if sum > bestSum {
                bestSum = sum
                bestRange = start...row
            }
        }
        guard let window = bestRange else { return nil }
        let region = count > 0 ? window.lowerBound...(window.upperBound + count) : (window.lowerBound + count)...window.upperBound
        // The lines that enter blank were right where they were if they matched unshifted.
        let entering = count > 0 ? (window.upperBound + 1)...region.upperBound : region.lowerBound...(window.lowerBound - 1)
        let lost = entering.filter { new[$0] == old[$0] }.count
        return (LineScroll(region: region, count: count), bestSum - lost)
    }
}

// Area-averaged (box) scaling: each output pixel is the exact mean of the source area it
// covers, fractions of a source pixel weighted by how much of it falls inside. Unlike
// nearest-neighbour sampling, no source pixel is skipped, so a thin stroke still tints the
// cells it crosses, and the average over any block of output pixels equals the source's
// average over the same area, which is what makes "the best colours for a cell" well defined.
extension PixelGrid {
    /// The grid resampled to `width` × `height` by area averaging, premultiplied, row by
    /// row. An empty grid reads as transparent.
    func boxAveraged(toWidth width: Int, height: Int) -> [CoveredColor] {
        guard width > 0, height > 0 else { return [] }
        guard self.width > 0, self.height > 0 else { return Array(repeating: .clear, count: width * height) }
        let columnTaps = Self.boxWeights(from: self.width, to: width)
        let rowTaps = Self.boxWeights(from: self.height, to: height)
        // Across first: every source row becomes `width` premultiplied averages.
        var across = [CoveredColor](repeating: .clear, count: self.height * width)
        for y in 0..<self.height {
            for (x, taps) in columnTaps.enumerated() {
                var sum = CoveredColor.clear
                for tap in taps {
                    let i = (y * self.width + tap.index) * 4
                    let alpha = Double(rgba[i + 3]) / 255 * tap.weight
                    sum.red += Double(rgba[i]) * alpha
                    sum.green += Double(rgba[i + 1]) * alpha
                    sum.blue += Double(rgba[i + 2]) * alpha
                    sum.coverage += alpha
                }
                across[y * width + x] = sum
            }
        }
        var out = [CoveredColor](repeating: .clear, count: width * height)
        for (y, taps) in rowTaps.enumerated() {
            for x in 0..<width {
                var sum = CoveredColor.clear
                for tap in taps {
                    let sample = across[tap.index * width + x]
                    sum.red += sample.red * tap.weight
                    sum.green += sample.green * tap.weight
                    sum.blue += sample.blue * tap.weight
                    sum.coverage += sample.coverage * tap.weight
                }
                out[y * width + x] = sum
            }
        }
        return out
    }

    /// For each of `target` output pixels along one axis, the `source` pixels it overlaps
    /// and the share of it each covers (they sum to 1). Computed in units of 1/`target`
    /// source pixel, where both pixel sizes are whole numbers, so the overlaps are exact.
    static func boxWeights(from source: Int, to target: Int) -> [[(index: Int, weight: Double)]] {
        (0..<target).map { t in
            let start = t * source
            let end = start + source
            var taps: [(index: Int, weight: Double)] = []
            var s = start / target
            while s * target < end {
                let overlap = min(end, (s + 1) * target) - max(start, s * target)
                taps.append((s, Double(overlap) / Double(source)))
                s += 1
            }
            return taps
        }
    }
}

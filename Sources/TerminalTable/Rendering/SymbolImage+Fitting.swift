// One cell's choice of character and colours (see SymbolImage's documentation).
extension SymbolImage {
    /// The best cell for one cell's sub-cell averages, given row by row in mask bit order.
    ///
    /// Every mask splits the sub-cells into a painted part and the rest. A part of `k`
    /// sub-cells with target sum `S` (composited over the background) drawn in one colour
    /// `c` costs `Q − 2 c·S + k |c|²`, where `Q` is the sum of its targets' squares; the two
    /// parts' `Q`s add up to the same for every mask, so they are left out. With its best
    /// colour, the mean `S / k`, a part costs `Q − |S|² / k`; shown as the terminal's
    /// background `B`, `Q − 2 B·S + k |B|²`.
    static func fit(_ samples: [CoveredColor], symbols: SymbolSet, background: RGB, threshold: Double) -> Cell {
        let count = samples.count
        let back = (red: Double(background.red), green: Double(background.green), blue: Double(background.blue))
        let backSquared = back.red * back.red + back.green * back.green + back.blue * back.blue
        let targets = samples.map { $0.composited(over: background) }
        var total = (red: 0.0, green: 0.0, blue: 0.0, coverage: 0.0)
        for (target, sample) in zip(targets, samples) {
            total.red += target.red
            total.green += target.green
            total.blue += target.blue
            total.coverage += sample.coverage
        }

        /// A part's cost less its `Q`, drawn as it will be: in its mean colour, or as the
        /// terminal's background where it is mostly transparent.
        func cost(_ sum: (red: Double, green: Double, blue: Double, coverage: Double), _ k: Int) -> Double {
            guard k > 0 else { return 0 }
            let size = Double(k)
            if sum.coverage / size < threshold {
                return size * backSquared - 2 * (back.red * sum.red + back.green * sum.green + back.blue * sum.blue)
            }
            return -(sum.red * sum.red + sum.green * sum.green + sum.blue * sum.blue) / size
        }

        // A mask and its complement draw the same picture with the colours swapped, so only
        // masks that leave the last (bottom-right) sub-cell to the background are tried:
        // half the work, and the same choice every time (▀, as `HalfBlockImage` draws it).
        /// The sums over the sub-cells a mask paints, and how many there are.
        func sum(ofMask mask: Int) -> (sum: (red: Double, green: Double, blue: Double, coverage: Double), count: Int) {
            var sum = (red: 0.0, green: 0.0, blue: 0.0, coverage: 0.0)
            var k = 0
            for i in 0..<count where mask & (1 << i) != 0 {
                sum.red += targets[i].red
                sum.green += targets[i].green
                sum.blue += targets[i].blue
                sum.coverage += samples[i].coverage
                k += 1
            }
            return (sum, k)
        }

        var best = (mask: 0, cost: Double.infinity)
        for mask in 0..<(1 << (count - 1)) {
            let (painted, k) = sum(ofMask: mask)
            let rest = (
                red: total.red - painted.red, green: total.green - painted.green, blue: total.blue - painted.blue,
                coverage: total.coverage - painted.coverage
            )
            let c = cost(painted, k) + cost(rest, count - k)
            if c < best.cost { best = (mask, c) }
        }

        // The two parts' colours: nil where the part shows the terminal's background.
        func color(ofMask mask: Int) -> RGB? {
            let (sum, k) = sum(ofMask: mask)
            guard k > 0, sum.coverage / Double(k) >= threshold else { return nil }
            let size = Double(k)
            return RGB(channel(sum.red / size), channel(sum.green / size), channel(sum.blue / size))
        }
        let all = (1 << count) - 1
        let mask = best.mask
        if mask == 0 || mask == all {
            // One colour for the whole cell: a space on it, or the terminal's own background.
            return color(ofMask: all).map { Cell.blank(Style(background: $0)) } ?? .blank
        }
        switch (color(ofMask: mask), color(ofMask: all ^ mask)) {
        case (nil, nil):
            return .blank
        case (let painted?, nil):
            return Cell(text: String(symbols.character(for: UInt8(mask))), width: 1, style: Style(foreground: painted))
        case (nil, let rest?):
            // The terminal's background can only be a background: paint the complement.
            return Cell(text: String(symbols.character(for: UInt8(all ^ mask))), width: 1, style: Style(foreground: rest))
        case (let painted?, let rest?):
            if painted == rest { return .blank(Style(background: painted)) }
            return Cell(
                text: String(symbols.character(for: UInt8(mask))), width: 1, style: Style(foreground: painted, background: rest))
        }
    }

    private static func channel(_ value: Double) -> UInt8 {
        UInt8(min(255, max(0, value.rounded())))
    }
}

extension MonogramLogo {
    /// Everything about a logo's look that comes from its seed.
    struct Style: Sendable, Hashable {
        enum Shape: Sendable, Hashable {
            case circle
            case roundedSquare(cornerFraction: Double)
        }

        enum Accent: Sendable, Hashable, CaseIterable {
            case none
            case diagonalBand
            case lowerBand
            case cornerDisc
        }

        var background: RGBAColor
        var accentColor: RGBAColor
        var shape: Shape
        var accent: Accent
        /// 15 bits: a 3x5 half of a mirrored 5x5 grid, used when there are no initials.
        var pattern: UInt16

        /// Large-text contrast (WCAG AA asks 3:1); a little more, as the glyphs are thin at small sizes.
        static let minimumContrast = 3.5

        init(seed: String) {
            var hash = StableHash(seed)
            // Hue carries most of the distinction between hotels; saturation and lightness
            // stay in a band that looks calm and keeps white text readable.
            let hue = hash.nextUnit() * 360
            let saturation = 0.48 + hash.nextUnit() * 0.24
            var lightness = 0.40 + hash.nextUnit() * 0.12
            var background = RGBAColor(hue: hue, saturation: saturation, lightness: lightness)
            // Yellows and greens are bright at any given lightness; darken until white reads well.
            while background.contrastWithWhite < Self.minimumContrast && lightness > 0.2 {
                lightness -= 0.02
                background = RGBAColor(hue: hue, saturation: saturation, lightness: lightness)
            }
            self.background = background
            // Darker, not lighter, so that text crossing the accent keeps its contrast.
            accentColor = RGBAColor(hue: hue, saturation: saturation, lightness: max(lightness - 0.09, 0.1))

            shape =
                switch hash.next(below: 3) {
                case 0: .circle
                case 1: .roundedSquare(cornerFraction: 0.18)
                default: .roundedSquare(cornerFraction: 0.32)
                }
            accent = Accent.allCases[hash.next(below: Accent.allCases.count)]

            var bits = UInt16(truncatingIfNeeded: hash.next()) & 0x7FFF
            // A nearly empty grid reads as a glitch, not a logo.
            if bits.nonzeroBitCount < 5 {
                bits |= 0b00100_01110_00100
            }
            pattern = bits
        }
    }
}

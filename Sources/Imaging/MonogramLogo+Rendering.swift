extension MonogramLogo {
    /// Draws the logo. Pixels outside the shape are transparent; the shape's edge
    /// is anti-aliased, the initials are crisp integer-scaled glyphs.
    ///
    /// ```swift
    /// let image = MonogramLogo(initials: "RB", seed: "hotel-9").render()
    /// let small = image.thumbnail(fittingWidth: 32, height: 32)
    /// ```
    public func render() -> RGBAImage {
        let style = Style(seed: seed)
        let ink = inkMask(style: style)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let side = Double(min(width, height))
        for y in 0..<height {
            for x in 0..<width {
                // Sample at pixel centres; distances are in pixels so coverage is a 1 px ramp.
                let px = Double(x) + 0.5
                let py = Double(y) + 0.5
                let shapeCoverage = Self.coverage(signedDistance: shapeDistance(px, py, style.shape, side: side))
                guard shapeCoverage > 0 else { continue }
                let accentCoverage = Self.coverage(signedDistance: accentDistance(px, py, style.accent))
                var color = Self.mix(style.background, style.accentColor, accentCoverage)
                if ink[y * width + x] {
                    color = .white
                }
                let offset = (y * width + x) * 4
                pixels[offset] = color.red
                pixels[offset + 1] = color.green
                pixels[offset + 2] = color.blue
                pixels[offset + 3] = UInt8((shapeCoverage * 255).rounded())
            }
        }
        return RGBAImage(validatedWidth: width, height: height, pixels: pixels)
    }

    // MARK: Shapes, as signed distances in pixels (negative inside)

    private func shapeDistance(_ px: Double, _ py: Double, _ shape: Style.Shape, side: Double) -> Double {
        let dx = px - Double(width) / 2
        let dy = py - Double(height) / 2
        switch shape {
        case .circle:
            return (dx * dx + dy * dy).squareRoot() - side / 2
        case .roundedSquare(let cornerFraction):
            let radius = side * cornerFraction
            let qx = abs(dx) - (Double(width) / 2 - radius)
            let qy = abs(dy) - (Double(height) / 2 - radius)
            let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
            return outside + min(max(qx, qy), 0) - radius
        }
    }

    private func accentDistance(_ px: Double, _ py: Double, _ accent: Style.Accent) -> Double {
        let w = Double(width)
        let h = Double(height)
        switch accent {
        case .none:
            return .infinity
        case .diagonalBand:
            // A band across the lower-right corner, perpendicular to the main diagonal.
            let u = px / w
            let v = py / h
            let distance = abs(u + v - 1.45) / 2.squareRoot() - 0.12
            return distance * min(w, h)
        case .lowerBand:
            return h * 0.7 - py
        case .cornerDisc:
            let dx = px - w
            let dy = py
            return (dx * dx + dy * dy).squareRoot() - min(w, h) * 0.42
        }
    }

    private static func coverage(signedDistance: Double) -> Double {
        min(max(0.5 - signedDistance, 0), 1)
    }

    private static func mix(_ a: RGBAColor, _ b: RGBAColor, _ t: Double) -> RGBAColor {
        func channel(_ x: UInt8, _ y: UInt8) -> UInt8 {
            UInt8((Double(x) + (Double(y) - Double(x)) * t).rounded())
        }
        return RGBAColor(red: channel(a.red, b.red), green: channel(a.green, b.green), blue: channel(a.blue, b.blue))
    }

    // MARK: Initials or pattern

    /// Which pixels are white: the initials if they fit, else the seed's block pattern.
    private func inkMask(style: Style) -> [Bool] {
        var mask = [Bool](repeating: false, count: width * height)
        if !initials.isEmpty && drawInitials(into: &mask) {
            return mask
        }
        drawPattern(style.pattern, into: &mask)
        return mask
    }

    /// Returns false when not even one glyph fits at 1x.
    private func drawInitials(into mask: inout [Bool]) -> Bool {
        let glyphs = initials.compactMap(BitmapFont.glyph(for:))
        // Two glyphs that do not fit at 1x degrade to the first one alone.
        for count in stride(from: glyphs.count, through: 1, by: -1) {
            let columns = count * BitmapFont.glyphWidth + (count - 1)  // one blank column between glyphs
            let rows = BitmapFont.glyphHeight
            // Text fills about 60% of the width and half the height, which stays inside a circle.
            let scale = min(Int(Double(width) * 0.6) / columns, Int(Double(height) * 0.5) / rows)
            guard scale >= 1 else { continue }
            let originX = (width - columns * scale) / 2
            let originY = (height - rows * scale) / 2
            for (index, glyph) in glyphs.prefix(count).enumerated() {
                let glyphX = originX + index * (BitmapFont.glyphWidth + 1) * scale
                for row in 0..<rows {
                    for column in 0..<BitmapFont.glyphWidth where BitmapFont.isLit(glyph, x: column, y: row) {
                        fill(&mask, x: glyphX + column * scale, y: originY + row * scale, size: scale)
                    }
                }
            }
            return true
        }
        return false
    }

    private func drawPattern(_ pattern: UInt16, into mask: inout [Bool]) {
        let cells = 5
        let cell = Int(Double(min(width, height)) * 0.5) / cells
        guard cell >= 1 else { return }
        let originX = (width - cells * cell) / 2
        let originY = (height - cells * cell) / 2
        for row in 0..<cells {
            for column in 0..<3 where pattern & (1 << UInt16(row * 3 + column)) != 0 {
                // Mirrored left to right, like most emblems and identicons.
                fill(&mask, x: originX + column * cell, y: originY + row * cell, size: cell)
                fill(&mask, x: originX + (cells - 1 - column) * cell, y: originY + row * cell, size: cell)
            }
        }
    }

    private func fill(_ mask: inout [Bool], x: Int, y: Int, size: Int) {
        let top = max(y, 0)
        let bottom = min(y + size, height)
        let left = max(x, 0)
        let right = min(x + size, width)
        guard top < bottom, left < right else { return }
        for row in top..<bottom {
            for column in left..<right {
                mask[row * width + column] = true
            }
        }
    }
}

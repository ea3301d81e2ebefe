import Imaging

/// How well a logo region of a screenshot shows a given logo: both brought to the grid the
/// protocol draws at (half blocks: a cell's width by half its height, so 4 × 4 for the
/// table's 4 × 2-cell logo), then compared value by value.
///
/// The logo is fitted into the grid keeping its aspect ratio and centred, as the table
/// fits it, and laid over the terminal's background by its alpha (a transparent corner
/// shows the background). Each screen grid cell is averaged over its middle half only, so
/// the glyph edges and anti-aliasing between two half blocks do not count.
struct LogoMatch: CustomStringConvertible {
    /// Pearson's correlation over every grid cell's red, green and blue, one list for each
    /// side: 1 for the same picture at any brightness, about 0 for unrelated ones. The
    /// channels in one list make hue count as well as shape (a red logo is not a blue one).
    let correlation: Double
    /// The mean absolute difference of those values, 0...255.
    let meanError: Double

    var description: String {
        "r=\(Self.rounded(correlation)) mae=\(Self.rounded(meanError))"
    }

    static func rounded(_ value: Double) -> String {
        String(Double((value * 1000).rounded()) / 1000)
    }

    /// `expected` is `LogoMatch.expected(_:grid:background:)` for the logo, made once per
    /// logo: a search for the best offset compares every logo with many regions.
    init(_ shot: Screenshot, region: (x: Int, y: Int, width: Int, height: Int), expected: [Double], grid: (columns: Int, rows: Int)) {
        var observed: [Double] = []
        for gy in 0..<grid.rows {
            for gx in 0..<grid.columns {
                // The middle half of the grid cell, at least one pixel.
                let x0 = region.x + (gx * 4 + 1) * region.width / (grid.columns * 4)
                let x1 = max(x0 + 1, region.x + (gx * 4 + 3) * region.width / (grid.columns * 4))
                let y0 = region.y + (gy * 4 + 1) * region.height / (grid.rows * 4)
                let y1 = max(y0 + 1, region.y + (gy * 4 + 3) * region.height / (grid.rows * 4))
                var sum = [0.0, 0.0, 0.0]
                for y in y0..<y1 {
                    for x in x0..<x1 {
                        let pixel = shot[x, y]
                        sum[0] += Double(pixel.red)
                        sum[1] += Double(pixel.green)
                        sum[2] += Double(pixel.blue)
                    }
                }
                let count = Double((x1 - x0) * (y1 - y0))
                observed += sum.map { $0 / count }
            }
        }
        correlation = Self.pearson(expected, observed)
        meanError = zip(expected, observed).map { abs($0 - $1) }.reduce(0, +) / Double(expected.count)
    }

    /// The logo on the grid: fitted, centred, each grid cell the mean of the source
    /// pixels it covers, blended over the background.
    static func expected(_ logo: RGBAImage, grid: (columns: Int, rows: Int), background: Screenshot.RGB) -> [Double] {
        let scale = min(Double(grid.columns) / Double(logo.width), Double(grid.rows) / Double(logo.height))
        let fitted = (
            width: max(1, Int((Double(logo.width) * scale).rounded())), height: max(1, Int((Double(logo.height) * scale).rounded()))
        )
        let left = (grid.columns - fitted.width) / 2
        let top = (grid.rows - fitted.height) / 2
        let back = [Double(background.red), Double(background.green), Double(background.blue)]
        var values: [Double] = []
        for gy in 0..<grid.rows {
            for gx in 0..<grid.columns {
                let (fx, fy) = (gx - left, gy - top)
                guard fx >= 0, fy >= 0, fx < fitted.width, fy < fitted.height else {
                    values += back
                    continue
                }
                let sx = (fx * logo.width / fitted.width)..<max(fx * logo.width / fitted.width + 1, (fx + 1) * logo.width / fitted.width)
                let sy =
                    (fy * logo.height / fitted.height)..<max(fy * logo.height / fitted.height + 1, (fy + 1) * logo.height / fitted.height)
                var sum = [0.0, 0.0, 0.0]
                for y in sy {
                    for x in sx {
                        let pixel = logo[x, y]
                        let alpha = Double(pixel.alpha) / 255
                        sum[0] += alpha * Double(pixel.red) + (1 - alpha) * back[0]
                        sum[1] += alpha * Double(pixel.green) + (1 - alpha) * back[1]
                        sum[2] += alpha * Double(pixel.blue) + (1 - alpha) * back[2]
                    }
                }
                let count = Double(sx.count * sy.count)
                values += sum.map { $0 / count }
            }
        }
        return values
    }

    /// 0 when either side is flat (no shape or colour to correlate).
    static func pearson(_ a: [Double], _ b: [Double]) -> Double {
        let n = Double(a.count)
        let (meanA, meanB) = (a.reduce(0, +) / n, b.reduce(0, +) / n)
        var (covariance, varianceA, varianceB) = (0.0, 0.0, 0.0)
        for (x, y) in zip(a, b) {
            covariance += (x - meanA) * (y - meanB)
            varianceA += (x - meanA) * (x - meanA)
            varianceB += (y - meanB) * (y - meanB)
        }
        guard varianceA > 0, varianceB > 0 else { return 0 }
        return covariance / (varianceA * varianceB).squareRoot()
    }
}

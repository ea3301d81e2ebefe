import Imaging

/// How well a logo region of a screenshot shows a given logo: both brought to a coarse
/// grid (`TerminalHotels.grid`), then compared value by value.
///
/// The logo is fitted into the grid keeping its aspect ratio and centred, as the table
/// fits it, and laid over the terminal's background by its alpha (a transparent corner
/// shows the background). Each screen grid cell is averaged over its middle half only, so
/// edges, anti-aliasing and a pixel of placement do not count.
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

    /// `expected` is `LogoMatch.expected(_:width:height:grid:background:)` for the logo
    /// and this region's size, made once per logo: a search for the best offset compares
    /// every logo with many regions.
    init(_ shot: Screenshot, region: (x: Int, y: Int, width: Int, height: Int), expected: [Double], grid: (columns: Int, rows: Int)) {
        var observed: [Double] = []
        for (xs, ys) in Self.samples(width: region.width, height: region.height, grid: grid) {
            var sum = [0.0, 0.0, 0.0]
            for y in ys {
                for x in xs {
                    let pixel = shot[region.x + x, region.y + y]
                    sum[0] += Double(pixel.red)
                    sum[1] += Double(pixel.green)
                    sum[2] += Double(pixel.blue)
                }
            }
            observed += sum.map { $0 / Double(xs.count * ys.count) }
        }
        correlation = Self.pearson(expected, observed)
        meanError = zip(expected, observed).map { abs($0 - $1) }.reduce(0, +) / Double(expected.count)
    }

    /// The pixels each grid cell is averaged over, left to right, top to bottom: the
    /// middle half of the cell, at least one pixel.
    static func samples(width: Int, height: Int, grid: (columns: Int, rows: Int)) -> [(Range<Int>, Range<Int>)] {
        var cells: [(Range<Int>, Range<Int>)] = []
        for gy in 0..<grid.rows {
            for gx in 0..<grid.columns {
                let x0 = (gx * 4 + 1) * width / (grid.columns * 4)
                let y0 = (gy * 4 + 1) * height / (grid.rows * 4)
                let x1 = max(x0 + 1, (gx * 4 + 3) * width / (grid.columns * 4))
                let y1 = max(y0 + 1, (gy * 4 + 3) * height / (grid.rows * 4))
                cells.append((x0..<x1, y0..<y1))
            }
        }
        return cells
    }

    /// The logo as a region of `width` × `height` pixels would show it: fitted keeping its
    /// aspect ratio and centred (`LogoDrawing.canvas`), blended over the background, then
    /// averaged over the same pixels as the screen (`samples`).
    static func expected(_ logo: RGBAImage, width: Int, height: Int, grid: (columns: Int, rows: Int), background: Screenshot.RGB)
        -> [Double]
    {
        let scale = min(Double(width) / Double(logo.width), Double(height) / Double(logo.height))
        let left = (Double(width) - Double(logo.width) * scale) / 2
        let top = (Double(height) - Double(logo.height) * scale) / 2
        let back = [Double(background.red), Double(background.green), Double(background.blue)]
        var values: [Double] = []
        for (xs, ys) in samples(width: width, height: height, grid: grid) {
            var sum = [0.0, 0.0, 0.0]
            for y in ys {
                for x in xs {
                    let u = Int(((Double(x) + 0.5 - left) / scale).rounded(.down))
                    let v = Int(((Double(y) + 0.5 - top) / scale).rounded(.down))
                    guard u >= 0, v >= 0, u < logo.width, v < logo.height else {
                        for channel in 0..<3 { sum[channel] += back[channel] }
                        continue
                    }
                    let pixel = logo[u, v]
                    let alpha = Double(pixel.alpha) / 255
                    sum[0] += alpha * Double(pixel.red) + (1 - alpha) * back[0]
                    sum[1] += alpha * Double(pixel.green) + (1 - alpha) * back[1]
                    sum[2] += alpha * Double(pixel.blue) + (1 - alpha) * back[2]
                }
            }
            values += sum.map { $0 / Double(xs.count * ys.count) }
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

/// Resizes 8-bit RGBA pixels (row-major, straight alpha) by area averaging: every target
/// pixel is the average of the source area it covers, weighted by how much of each source
/// pixel falls inside. Shrinking a logo this way keeps thin lines as lighter lines instead
/// of dropping them as nearest-neighbour sampling does. Enlarging repeats pixels.
///
/// Colours are averaged premultiplied by alpha, so a transparent pixel's (meaningless)
/// colour never darkens an opaque neighbour at an anti-aliased edge.
///
/// ```swift
/// let small = BoxScaler.scale(rgba: pixels, width: 64, height: 64, toWidth: 20, toHeight: 20)
/// ```
public enum BoxScaler {
    /// `toWidth` × `toHeight` × 4 bytes; empty when either target side is not positive.
    /// `rgba` must hold at least `width` × `height` × 4 bytes.
    public static func scale(rgba: [UInt8], width: Int, height: Int, toWidth: Int, toHeight: Int) -> [UInt8] {
        guard toWidth > 0, toHeight > 0 else { return [] }
        guard width > 0, height > 0 else { return [UInt8](repeating: 0, count: toWidth * toHeight * 4) }
        precondition(rgba.count >= width * height * 4, "pixel data smaller than width × height")
        if width == toWidth, height == toHeight { return Array(rgba.prefix(width * height * 4)) }

        // Premultiplied source: colour × alpha, alpha; both 0...255.
        var source = [Double](repeating: 0, count: width * height * 4)
        for index in 0..<(width * height) {
            let alpha = Double(rgba[index * 4 + 3])
            for channel in 0..<3 { source[index * 4 + channel] = Double(rgba[index * 4 + channel]) * alpha / 255 }
            source[index * 4 + 3] = alpha
        }
        let columns = weights(from: width, to: toWidth)
        let rows = weights(from: height, to: toHeight)

        // Horizontal pass: toWidth × height.
        var wide = [Double](repeating: 0, count: toWidth * height * 4)
        for y in 0..<height {
            for x in 0..<toWidth {
                for (sourceX, weight) in columns[x] {
                    for channel in 0..<4 { wide[(y * toWidth + x) * 4 + channel] += source[(y * width + sourceX) * 4 + channel] * weight }
                }
            }
        }
        // Vertical pass, then back to straight alpha.
        var output = [UInt8](repeating: 0, count: toWidth * toHeight * 4)
        for y in 0..<toHeight {
            for x in 0..<toWidth {
                var sums = (0.0, 0.0, 0.0, 0.0)
                for (sourceY, weight) in rows[y] {
                    let base = (sourceY * toWidth + x) * 4
                    sums.0 += wide[base] * weight
                    sums.1 += wide[base + 1] * weight
                    sums.2 += wide[base + 2] * weight
                    sums.3 += wide[base + 3] * weight
                }
                let index = (y * toWidth + x) * 4
                output[index + 3] = byte(sums.3)
                guard sums.3 > 0 else { continue }
                output[index] = byte(sums.0 * 255 / sums.3)
                output[index + 1] = byte(sums.1 * 255 / sums.3)
                output[index + 2] = byte(sums.2 * 255 / sums.3)
            }
        }
        return output
    }

    /// For each target index, the source indices it covers and their weights, summing to 1.
    static func weights(from sourceCount: Int, to targetCount: Int) -> [[(Int, Double)]] {
        let scale = Double(sourceCount) / Double(targetCount)
        return (0..<targetCount).map { target in
            let start = Double(target) * scale
            let end = Double(target + 1) * scale
            var contributions: [(Int, Double)] = []
            var index = Int(start)
            while Double(index) < end, index < sourceCount {
                let covered = min(end, Double(index + 1)) - max(start, Double(index))
                if covered > 1e-9 { contributions.append((index, covered / scale)) }
                index += 1
            }
            return contributions
        }
    }

    private static func byte(_ value: Double) -> UInt8 {
        UInt8(max(0, min(255, value.rounded())))
    }
}

/// For one axis, which source samples each destination sample mixes, and how much.
///
/// Shrinking uses the exact area each destination pixel covers (a box filter), so
/// every source pixel contributes and nothing aliases. Enlarging uses linear
/// interpolation, since a box would just repeat pixels as blocks.
struct ResamplingWeights: Sendable {
    /// First source index for each destination index.
    private(set) var firstSource: [Int] = []
    /// Range into `weights` for each destination index.
    private(set) var ranges: [Range<Int>] = []
    /// Normalised: each destination's weights add up to 1.
    private(set) var weights: [Float] = []

    init(source: Int, destination: Int) {
        precondition(source > 0 && destination > 0)
        firstSource.reserveCapacity(destination)
        ranges.reserveCapacity(destination)
        let scale = Double(source) / Double(destination)
        for index in 0..<destination {
            let start = weights.count
            if scale >= 1 {
                appendBox(index: index, scale: scale, source: source)
            } else {
                appendLinear(index: index, scale: scale, source: source)
            }
            ranges.append(start..<weights.count)
        }
    }

    private mutating func appendBox(index: Int, scale: Double, source: Int) {
        let low = Double(index) * scale
        let high = min(Double(index + 1) * scale, Double(source))
        let first = Int(low.rounded(.down))
        let last = min(Int(high.rounded(.up)) - 1, source - 1)
        firstSource.append(first)
        for sample in first...max(first, last) {
            let covered = min(high, Double(sample + 1)) - max(low, Double(sample))
            weights.append(Float(max(0, covered) / scale))
        }
    }

    private mutating func appendLinear(index: Int, scale: Double, source: Int) {
        // Pixel centres line up: destination centre (i + 0.5) maps to source (i + 0.5) * scale.
        let centre = min(max((Double(index) + 0.5) * scale - 0.5, 0), Double(source - 1))
        let first = Int(centre.rounded(.down))
        let fraction = Float(centre - Double(first))
        firstSource.append(first)
        if first + 1 < source && fraction > 0 {
            weights.append(1 - fraction)
            weights.append(fraction)
        } else {
            weights.append(1)
        }
    }
}

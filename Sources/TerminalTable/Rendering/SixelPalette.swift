/// The colour registers of one sixel image: at most `maximumSize` colours chosen for that
/// image by median cut. An image with no more distinct colours than allowed (most logos:
/// a few flat colours plus their anti-aliased edges) keeps exactly its own colours, so it
/// needs only as many registers as it has colours.
///
/// Median cut: start with one box holding every colour, split the box with the widest
/// spread of red, green or blue at the pixel-weighted median of that channel, until there
/// are enough boxes; each box becomes its pixels' average colour.
///
/// ```swift
/// let palette = SixelPalette(counts: [RGB(255, 0, 0): 10, RGB(0, 0, 255): 3])
/// palette.colors                     // [RGB(0, 0, 255), RGB(255, 0, 0)]
/// palette.nearestIndex(to: RGB(250, 10, 0))   // 1
/// ```
public struct SixelPalette: Sendable, Equatable {
    /// Registers a palette may use. VT340s had 16, but every terminal in use today offers
    /// at least 256 (xterm's default is 1024, foot's and xterm.js's more).
    public static let maximumSize = 256

    /// Register *n* holds `colors[n]`.
    public let colors: [RGB]

    /// A palette for pixels given as colour → how many pixels have it. `maximumSize` is
    /// clamped to 1...`SixelPalette.maximumSize`; an empty `counts` gives an empty palette.
    public init(counts: [RGB: Int], maximumSize: Int = SixelPalette.maximumSize) {
        let limit = min(max(1, maximumSize), Self.maximumSize)
        // Sorted so the same image always gives the same palette and the same bytes.
        let entries = counts.filter { $0.value > 0 }.map { (color: $0.key, count: $0.value) }.sorted {
            Self.key($0.color) < Self.key($1.color)
        }
        if entries.count <= limit {
            colors = entries.map(\.color)
            return
        }
        var boxes = [entries]
        while boxes.count < limit {
            guard let (index, channel) = Self.widestBox(boxes) else { break }
            let (low, high) = Self.split(boxes[index], along: channel)
            boxes[index] = low
            boxes.append(high)
        }
        colors = boxes.map(Self.average).sorted { Self.key($0) < Self.key($1) }
    }

    /// The register whose colour is closest to `color` (squared distance in RGB); 0 for an
    /// empty palette.
    public func nearestIndex(to color: RGB) -> Int {
        var best = 0
        var bestDistance = Int.max
        for (index, candidate) in colors.enumerated() {
            let red = Int(candidate.red) - Int(color.red)
            let green = Int(candidate.green) - Int(color.green)
            let blue = Int(candidate.blue) - Int(color.blue)
            let distance = red * red + green * green + blue * blue
            if distance < bestDistance {
                best = index
                bestDistance = distance
                if distance == 0 { break }
            }
        }
        return best
    }

    private typealias Entry = (color: RGB, count: Int)

    private static func key(_ color: RGB) -> Int {
        Int(color.red) << 16 | Int(color.green) << 8 | Int(color.blue)
    }

    private static func channel(_ color: RGB, _ channel: Int) -> Int {
        switch channel {
        case 0: Int(color.red)
        case 1: Int(color.green)
        default: Int(color.blue)
        }
    }

    /// The box (with more than one colour) whose widest channel spreads furthest, and that
    /// channel; nil when every box is down to one colour.
    private static func widestBox(_ boxes: [[Entry]]) -> (Int, Int)? {
        var best: (index: Int, channel: Int, range: Int)?
        for (index, box) in boxes.enumerated() where box.count > 1 {
            for channel in 0..<3 {
                let values = box.map { Self.channel($0.color, channel) }
                let range = values.max()! - values.min()!
                if range > (best?.range ?? -1) { best = (index, channel, range) }
            }
        }
        return best.map { ($0.index, $0.channel) }
    }

    /// Two non-empty halves at the pixel-weighted median of `channel`.
    private static func split(_ box: [Entry], along channel: Int) -> ([Entry], [Entry]) {
        let sorted = box.sorted {
            let (a, b) = (Self.channel($0.color, channel), Self.channel($1.color, channel))
            return a != b ? a < b : key($0.color) < key($1.color)
        }
        let total = sorted.reduce(0) { $0 + $1.count }
        var running = 0
        var cut = 1
        for (index, entry) in sorted.enumerated() {
            running += entry.count
            if running * 2 >= total {
                cut = index + 1
                break
            }
        }
        cut = min(max(1, cut), sorted.count - 1)
        return (Array(sorted[..<cut]), Array(sorted[cut...]))
    }

    private static func average(_ box: [Entry]) -> RGB {
        var sums = (0, 0, 0)
        var total = 0
        for entry in box {
            sums.0 += Int(entry.color.red) * entry.count
            sums.1 += Int(entry.color.green) * entry.count
            sums.2 += Int(entry.color.blue) * entry.count
            total += entry.count
        }
        let half = total / 2
        return RGB(UInt8((sums.0 + half) / total), UInt8((sums.1 + half) / total), UInt8((sums.2 + half) / total))
    }
}

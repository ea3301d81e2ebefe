/// A picture for sixel terminals (xterm -ti vt340, foot, mlterm, WezTerm, Konsole,
/// VS Code with images on, tmux 3.4 around one of them): pixels scaled to the size of the
/// cells it should cover, reduced to a palette of its own, ready to encode as one DCS
/// string (`sequence()`) that the caller writes with the cursor on its top-left cell.
///
/// Pixels that are at least half transparent are left unpainted, and the image says so
/// (P2 = 1), so the cell background shows through them.
///
/// **Keeping the screen still.** A sixel image is drawn at the text cursor only while
/// *sixel scrolling* is on (every terminal's default; `EscapeSequence.enableSixelScrolling`
/// sets it, minding the terminals that read mode 80 the other way round). With it on, a
/// terminal moves the text cursor below the picture afterwards, and a picture reaching past
/// the bottom row scrolls the screen. So:
/// - nothing is painted below `pixelHeight`, although sixels come in bands of six rows,
///   and no graphics new line (`-`) follows the last band: the image covers exactly its
///   rows of cells, however the cell height divides by six;
/// - the caller must keep the picture's cells above the screen's last row (the table's
///   status line is always below the logos), or the cursor's move below it scrolls;
/// - `EscapeSequence.sixelCursorRightOfImage` removes that move where the terminal knows
///   mode 8452, and the renderer positions the cursor absolutely before each write anyway.
///
/// ```swift
/// let cell = PixelSize(width: 10, height: 20)    // from ProbeReplies.cellPixelSize
/// if let logo = SixelImage(rgba: pixels, pixelWidth: 64, pixelHeight: 64, targetSize: cell.scaled(columns: 6, rows: 2)) {
///     terminal.write(Array((EscapeSequence.moveCursor(row: 3, column: 0) + logo.sequence()).utf8))
/// }
/// ```
public struct SixelImage: Sendable, Equatable {
    /// Largest side accepted, in pixels: a bad size from a server must not allocate
    /// gigabytes. Far beyond any logo on any screen.
    public static let maximumSide = 4096

    public let pixelWidth: Int
    public let pixelHeight: Int
    public let palette: SixelPalette
    /// Register of every pixel, row by row; nil where the pixel is transparent.
    let registers: [UInt8?]

    /// Scales `rgba` (8-bit RGBA, row-major, straight alpha, `pixelWidth` × `pixelHeight`)
    /// to `targetSize` by area averaging and quantises it to at most `maximumColors`.
    /// Fails when the pixels do not match their size, or a size is not positive or is
    /// beyond `maximumSide`: the data may come from a server, and a bad image should become
    /// "no logo", not a crash.
    public init?(rgba: [UInt8], pixelWidth: Int, pixelHeight: Int, targetSize: PixelSize, maximumColors: Int = SixelPalette.maximumSize) {
        let sides = 1...Self.maximumSide
        guard sides.contains(pixelWidth), sides.contains(pixelHeight), sides.contains(targetSize.width), sides.contains(targetSize.height),
            rgba.count == pixelWidth * pixelHeight * 4
        else { return nil }
        let scaled = BoxScaler.scale(
            rgba: rgba, width: pixelWidth, height: pixelHeight, toWidth: targetSize.width, toHeight: targetSize.height)
        let count = targetSize.width * targetSize.height
        var counts: [RGB: Int] = [:]
        var colors = [RGB?](repeating: nil, count: count)
        for index in 0..<count where scaled[index * 4 + 3] >= 128 {
            let color = RGB(scaled[index * 4], scaled[index * 4 + 1], scaled[index * 4 + 2])
            colors[index] = color
            counts[color, default: 0] += 1
        }
        let palette = SixelPalette(counts: counts, maximumSize: maximumColors)
        var nearest: [RGB: UInt8] = [:]
        self.registers = colors.map { color in
            guard let color else { return nil }
            if let known = nearest[color] { return known }
            let register = UInt8(palette.nearestIndex(to: color))
            nearest[color] = register
            return register
        }
        self.palette = palette
        self.pixelWidth = targetSize.width
        self.pixelHeight = targetSize.height
    }

    /// The palette colour painted at a pixel; nil where it is transparent or outside.
    public subscript(x: Int, y: Int) -> RGB? {
        guard x >= 0, x < pixelWidth, y >= 0, y < pixelHeight, let register = registers[y * pixelWidth + x] else { return nil }
        return palette.colors[Int(register)]
    }
}

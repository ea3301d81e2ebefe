import Imaging
import TerminalTable

/// How this terminal draws logos, and the work of turning a decoded logo into that form:
/// block symbols fitted by `SymbolImage` for text, a sixel string or an iTerm2 inline
/// image for the protocols the terminal draws itself, a PNG for kitty.
///
/// Every form keeps the logo's aspect ratio: the logo is scaled to fit the cells' box in
/// pixels and centred on a transparent canvas of exactly that box, so the terminal (which
/// stretches a picture over the cells it is given) and the symbol fitting (which fills its
/// cells) both draw it undistorted.
///
/// ```swift
/// let drawing = LogoDrawing(images: .sixel, symbols: .quadrants, cellSize: PixelSize(width: 10, height: 20))
/// drawing.sequence(for: logo, columns: 4, rows: 2)   // "\u{1B}P0;1;0q\"1;1;40;40#0;2;…"
/// ```
struct LogoDrawing: Sendable, Equatable {
    var images: ImageProtocol
    var symbols: SymbolSet
    /// One cell in pixels, as the terminal said; the usual 1:2 cell when it did not.
    var cellSize: PixelSize
    /// kitty and iTerm2 commands are wrapped for tmux passthrough.
    var passthrough: Bool

    static let assumedCellSize = PixelSize(width: 10, height: 20)

    init(images: ImageProtocol, symbols: SymbolSet = .quadrants, cellSize: PixelSize? = nil, passthrough: Bool = false) {
        self.images = images
        self.symbols = symbols
        self.cellSize = cellSize ?? Self.assumedCellSize
        self.passthrough = passthrough
    }

    /// Whether the terminal draws the picture itself over blank cells (`TerminalPicture`).
    var drawsPictures: Bool { [.sixel, .iterm, .kittyDirect].contains(images) }

    /// `image` fitted into `width` × `height` pixels, centred, the margins transparent.
    static func canvas(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        let width = max(1, width)
        let height = max(1, height)
        let thumb = image.thumbnail(fittingWidth: width, height: height)
        let left = (width - thumb.width) / 2
        let top = (height - thumb.height) / 2
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<thumb.height {
            let from = y * thumb.width * 4
            let to = ((top + y) * width + left) * 4
            pixels.replaceSubrange(to..<(to + thumb.width * 4), with: thumb.pixels[from..<(from + thumb.width * 4)])
        }
        return (try? RGBAImage(width: width, height: height, pixels: pixels)) ?? thumb
    }

    /// The logo's canvas for `columns` × `rows` cells of `cellSize`.
    func canvas(_ image: RGBAImage, columns: Int, rows: Int) -> RGBAImage {
        Self.canvas(image, width: columns * cellSize.width, height: rows * cellSize.height)
    }

    /// The logo in block symbols over `columns` × `rows` cells (the text fallback). Fitted
    /// on a canvas of 8 × 16 pixels a cell, finer than any symbol set's sub-cells.
    func symbolImage(_ image: RGBAImage, columns: Int, rows: Int) -> SymbolImage {
        let canvas = Self.canvas(image, width: max(1, columns) * 8, height: max(1, rows) * 16)
        let grid = PixelGrid(width: canvas.width, height: canvas.height, rgba: canvas.pixels)
        return SymbolImage(grid, columns: columns, rows: rows, symbols: symbols)
    }

    /// What draws the logo over `columns` × `rows` cells from the cursor, for sixel and
    /// iTerm2; nil for the other protocols, or when it cannot be encoded.
    func sequence(for image: RGBAImage, columns: Int, rows: Int) -> String? {
        switch images {
        case .sixel:
            let canvas = canvas(image, columns: columns, rows: rows)
            let size = PixelSize(width: canvas.width, height: canvas.height)
            return SixelImage(rgba: canvas.pixels, pixelWidth: canvas.width, pixelHeight: canvas.height, targetSize: size)?.sequence()
        case .iterm:
            guard let png = try? PNGEncoder.encode(canvas(image, columns: columns, rows: rows)) else { return nil }
            return ITermImage(columns: columns, rows: rows, png: png)?.sequence(inTmux: passthrough)
        case .kitty, .kittyDirect, .halfBlocks, .disabled:
            return nil
        }
    }

    /// The PNG kitty is given for `columns` × `rows` cells, for both placements.
    func kittyPayload(for image: RGBAImage, columns: Int, rows: Int) -> [UInt8]? {
        guard images == .kitty || images == .kittyDirect else { return nil }
        return try? PNGEncoder.encode(canvas(image, columns: columns, rows: rows))
    }
}

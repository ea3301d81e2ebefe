import Imaging
import TerminalTable

/// A decoded logo, ready to draw: the source image (for the larger picture in the detail
/// view) and its thumbnail for the table's logo cell, made once when the logo arrives so
/// no frame pays for scaling.
struct LogoPicture: Sendable {
    let source: RGBAImage
    let cell: HalfBlockImage
    /// With kitty graphics: the placement for the table cell, and the PNG it shows (kept
    /// for the detail view's larger placement).
    var kitty: KittyImage?
    var kittyPayload: [UInt8]?

    init(_ source: RGBAImage, columns: Int, rows: Int) {
        self.source = source
        self.cell = Self.halfBlocks(source, columns: columns, rows: rows)
    }

    /// The image fitted into `columns` × `rows` cells (two pixels per cell vertically),
    /// keeping its aspect ratio and centred; pixels outside it, and transparent ones, are
    /// left to the terminal's background.
    static func halfBlocks(_ image: RGBAImage, columns: Int, rows: Int) -> HalfBlockImage {
        let boxWidth = max(1, columns)
        let boxHeight = max(1, rows) * 2
        let thumb = image.thumbnail(fittingWidth: boxWidth, height: boxHeight)
        let left = (boxWidth - thumb.width) / 2
        let top = (boxHeight - thumb.height) / 2
        var pixels = [RGB?](repeating: nil, count: boxWidth * boxHeight)
        for y in 0..<thumb.height {
            for x in 0..<thumb.width {
                let pixel = thumb[x, y]
                // Mostly transparent pixels show the background; the rest count as opaque,
                // which keeps anti-aliased edges from turning into dark fringes.
                guard pixel.alpha >= 128 else { continue }
                pixels[(top + y) * boxWidth + left + x] = RGB(pixel.red, pixel.green, pixel.blue)
            }
        }
        return HalfBlockImage(transparentPixels: pixels, pixelWidth: boxWidth, pixelHeight: boxHeight)
    }
}

import Foundation
import Imaging

/// A terminal window's pixels, read from the XWD file `xwd -id WINDOW` writes (X11's own
/// dump format: no ImageMagick, whose `convert` may be a stand-in on a machine, and no
/// PNG round trip between the X server and the check).
///
/// The window, not the root: kitty draws through OpenGL, and a dump of the root window
/// showed its region with garbled colours under Xvfb, while its own window's dump is right.
struct Screenshot: Equatable, Sendable {
    struct RGB: Equatable, Hashable, Sendable {
        var red: Int
        var green: Int
        var blue: Int

        /// The largest difference in any channel: what "looks the same" is measured by.
        func distance(to other: RGB) -> Int {
            max(abs(red - other.red), abs(green - other.green), abs(blue - other.blue))
        }
    }

    let width: Int
    let height: Int
    /// Three bytes per pixel (red, green, blue), row after row.
    let rgb: [UInt8]

    init(width: Int, height: Int, rgb: [UInt8]) {
        precondition(rgb.count == width * height * 3)
        self.width = width
        self.height = height
        self.rgb = rgb
    }

    /// Parses an XWD dump of a TrueColor window (ZPixmap, 32 bits per pixel, the only
    /// layout Xvfb's 24-bit screen gives): a 100-byte big-endian header, the window name,
    /// the colour map (12 bytes an entry), then the pixels in the header's byte order.
    init(xwd bytes: [UInt8]) throws {
        func field(_ index: Int) throws -> Int {
            let at = index * 4
            guard bytes.count >= at + 4 else { throw XWDError("an XWD header cut short (\(bytes.count) bytes)") }
            return bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        let headerSize = try field(0)
        let (format, width, height) = (try field(2), try field(4), try field(5))
        let (byteOrder, bitsPerPixel, bytesPerLine) = (try field(7), try field(11), try field(12))
        let masks = [try field(14), try field(15), try field(16)]
        let colours = try field(19)
        guard format == 2, bitsPerPixel == 32, masks.allSatisfy({ $0 != 0 }) else {
            throw XWDError("an XWD layout this reader does not know: format \(format), \(bitsPerPixel) bits per pixel, masks \(masks)")
        }
        let start = headerSize + colours * 12
        guard bytes.count >= start + bytesPerLine * height, bytesPerLine >= width * 4 else {
            throw XWDError("an XWD file shorter than its \(width)×\(height) pixels")
        }
        let shifts = masks.map { $0.trailingZeroBitCount }
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        // Unsafe buffers: the tests are built for debugging, where a checked loop over half a
        // million pixels, polled several times a second, would cost more than the terminal.
        rgb.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { dump in
                for y in 0..<height {
                    var at = start + y * bytesPerLine
                    var to = y * width * 3
                    for _ in 0..<width {
                        let (b0, b1, b2, b3) = (UInt32(dump[at]), UInt32(dump[at + 1]), UInt32(dump[at + 2]), UInt32(dump[at + 3]))
                        let pixel = byteOrder == 0 ? b3 << 24 | b2 << 16 | b1 << 8 | b0 : b0 << 24 | b1 << 16 | b2 << 8 | b3
                        out[to] = UInt8(truncatingIfNeeded: (pixel & UInt32(masks[0])) >> shifts[0])
                        out[to + 1] = UInt8(truncatingIfNeeded: (pixel & UInt32(masks[1])) >> shifts[1])
                        out[to + 2] = UInt8(truncatingIfNeeded: (pixel & UInt32(masks[2])) >> shifts[2])
                        at += 4
                        to += 3
                    }
                }
            }
        }
        self.init(width: width, height: height, rgb: rgb)
    }

    subscript(x: Int, y: Int) -> RGB {
        let at = (y * width + x) * 3
        return RGB(red: Int(rgb[at]), green: Int(rgb[at + 1]), blue: Int(rgb[at + 2]))
    }

    /// The pixels of rows `0..<height` only (the rest, e.g. a status line, left out).
    func top(_ rows: Int) -> Screenshot {
        Screenshot(width: width, height: rows, rgb: Array(rgb[0..<width * rows * 3]))
    }

    /// A cell of two shots that differs by more than anti-aliasing: its column and line,
    /// how many of its pixels differ and by how much at most.
    struct CellDifference: CustomStringConvertible {
        let column: Int
        let line: Int
        let pixels: Int
        let largest: Int

        var description: String { "cell \(column),\(line): \(pixels) pixels, up to \(largest)" }
    }

    /// The cells where two equally sized shots differ by more than a glyph's overhang
    /// (`differingPixels` counts every pixel). Terminals let a glyph's edge spill into the
    /// next cell, and whether it stays depends on the order cells happen to be drawn in:
    /// xterm's anti-aliased edges (measured: 3 pixels of grey 2 to 63 at a cell's border),
    /// mlterm's half blocks one pixel wider than their cell (a 9-pixel column of the logo's
    /// colour at the left edge of the cell after it). So a cell counts only when more than
    /// 4 of its pixels differ, or any by more than 96 of 255, and not all of them lie in
    /// its first or last pixel column: a stale glyph, image or rule differs in whole strokes
    /// inside the cell.
    func differingCells(from other: Screenshot, cellWidth: Int, cellHeight: Int) -> [CellDifference] {
        guard width == other.width, height == other.height else {
            return [CellDifference(column: 0, line: 0, pixels: width * height, largest: 255)]
        }
        var found: [CellDifference] = []
        for line in 0..<height / cellHeight {
            for column in 0..<width / cellWidth {
                var (pixels, largest, inside) = (0, 0, false)
                for y in line * cellHeight..<(line + 1) * cellHeight {
                    for x in column * cellWidth..<(column + 1) * cellWidth {
                        let distance = self[x, y].distance(to: other[x, y])
                        guard distance > 0 else { continue }
                        pixels += 1
                        largest = max(largest, distance)
                        if x != column * cellWidth && x != (column + 1) * cellWidth - 1 { inside = true }
                    }
                }
                if (pixels > 4 || largest > 96) && inside {
                    found.append(CellDifference(column: column, line: line, pixels: pixels, largest: largest))
                }
            }
        }
        return found
    }

    /// How many pixels differ at all.
    func differingPixels(from other: Screenshot) -> Int {
        guard width == other.width, height == other.height else { return width * height }
        var count = 0
        for index in 0..<width * height {
            let at = index * 3
            let same: Bool = rgb[at] == other.rgb[at] && rgb[at + 1] == other.rgb[at + 1] && rgb[at + 2] == other.rgb[at + 2]
            if !same { count += 1 }
        }
        return count
    }

    /// A PNG of the shot, for docs/screenshots and for a failing test's evidence.
    func png() throws -> [UInt8] {
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for index in 0..<width * height {
            rgba[index * 4] = rgb[index * 3]
            rgba[index * 4 + 1] = rgb[index * 3 + 1]
            rgba[index * 4 + 2] = rgb[index * 3 + 2]
        }
        return try PNGEncoder.encode(try RGBAImage(width: width, height: height, pixels: rgba))
    }

    func writePNG(to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(try png()).write(to: url)
    }
}

struct XWDError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

@testable import TerminalTable

/// A sixel image read back the way a terminal reads it: the DCS parameters, the raster
/// attributes, the colour registers, and the pixels the bands paint.
struct DecodedSixel {
    var parameters: [Int] = []
    var aspect: (Int, Int) = (0, 0)
    var width = 0
    var height = 0
    /// Registers as defined (`#n;2;r;g;b`), converted from percent back to 0...255.
    var registers: [Int: RGB] = [:]
    /// Painted pixels, later paint over earlier as in a terminal.
    var painted: [Int: RGB] = [:]
    /// Pixels painted outside the raster (below the image or right of it).
    var paintedOutside = 0
    /// Graphics new lines (`-`) seen; a trailing one would move the cursor a band down.
    var newLines = 0
    /// Whether a `-` came last before the terminator.
    var endsWithNewLine = false

    subscript(x: Int, y: Int) -> RGB? { painted[y * width + x] }
}

struct SixelDecodingError: Error, CustomStringConvertible {
    var description: String
}

/// Decodes `ESC P p1;p2;p3 q "a;b;W;H #…  bands  ESC \`: palette definitions and
/// selections, sixel characters, `!n` repeats, `$` and `-`. Throws on anything else, so a
/// stray byte in the encoder's output fails the test.
func decodeSixel(_ text: String) throws -> DecodedSixel {
    let bytes = Array(text.utf8)
    var index = 0
    func fail(_ message: String) -> SixelDecodingError { SixelDecodingError(description: "\(message) at byte \(index)") }
    func number() -> Int? {
        var value: Int?
        while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
            value = (value ?? 0) * 10 + Int(bytes[index] - 0x30)
            index += 1
        }
        return value
    }
    func numbers() -> [Int] {
        var values: [Int] = [number() ?? 0]
        while index < bytes.count, bytes[index] == UInt8(ascii: ";") {
            index += 1
            values.append(number() ?? 0)
        }
        return values
    }

    guard bytes.starts(with: [0x1B, UInt8(ascii: "P")]) else { throw fail("no DCS") }
    index = 2
    var image = DecodedSixel()
    image.parameters = numbers()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "q") else { throw fail("no q") }
    index += 1
    var color: RGB?
    var x = 0
    var band = 0
    var lastWasNewLine = false
    while index < bytes.count {
        let byte = bytes[index]
        switch byte {
        case 0x1B:
            guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\"), index + 2 == bytes.count else {
                throw fail("ESC that does not end the string")
            }
            image.endsWithNewLine = lastWasNewLine
            return image
        case UInt8(ascii: "\""):
            index += 1
            let values = numbers()
            guard values.count == 4 else { throw fail("raster attributes need four numbers") }
            image.aspect = (values[0], values[1])
            image.width = values[2]
            image.height = values[3]
            continue
        case UInt8(ascii: "#"):
            index += 1
            let values = numbers()
            if values.count == 5 {
                guard values[1] == 2, values[2...].allSatisfy({ (0...100).contains($0) }) else { throw fail("not an RGB percent colour") }
                let channel = { (percent: Int) in UInt8((percent * 255 + 50) / 100) }
                image.registers[values[0]] = RGB(channel(values[2]), channel(values[3]), channel(values[4]))
            } else if values.count != 1 {
                throw fail("colour with \(values.count) numbers")
            }
            guard let defined = image.registers[values[0]] else { throw fail("register \(values[0]) used before it is defined") }
            color = defined
            lastWasNewLine = false
            continue
        case UInt8(ascii: "!"):
            index += 1
            guard let count = number(), index < bytes.count, (63...126).contains(bytes[index]) else { throw fail("bad repeat") }
            let bits = bytes[index] - 63
            for _ in 0..<count { paint(bits, &image, x: &x, band: band, color: color) }
        case 63...126:
            paint(byte - 63, &image, x: &x, band: band, color: color)
        case UInt8(ascii: "$"):
            x = 0
        case UInt8(ascii: "-"):
            x = 0
            band += 1
            image.newLines += 1
            lastWasNewLine = true
            index += 1
            continue
        default:
            throw fail("unexpected byte \(byte)")
        }
        lastWasNewLine = false
        index += 1
    }
    throw fail("no string terminator")
}

private func paint(_ bits: UInt8, _ image: inout DecodedSixel, x: inout Int, band: Int, color: RGB?) {
    defer { x += 1 }
    guard let color else { return }
    for bit in 0..<6 where bits & (1 << bit) != 0 {
        let y = band * 6 + bit
        if x >= image.width || y >= image.height {
            image.paintedOutside += 1
        } else {
            image.painted[y * image.width + x] = color
        }
    }
}

/// RGBA bytes for a `width` × `height` image whose pixels `pixel` gives (nil = transparent).
func rgbaPixels(width: Int, height: Int, _ pixel: (Int, Int) -> RGB?) -> [UInt8] {
    var bytes: [UInt8] = []
    for y in 0..<height {
        for x in 0..<width {
            if let color = pixel(x, y) {
                bytes += [color.red, color.green, color.blue, 255]
            } else {
                bytes += [0, 0, 0, 0]
            }
        }
    }
    return bytes
}

/// Largest difference in any channel.
func channelDistance(_ a: RGB, _ b: RGB) -> Int {
    max(abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue)))
}

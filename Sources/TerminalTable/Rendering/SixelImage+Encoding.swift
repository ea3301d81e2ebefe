// Turning the registers into sixel data: palette, six-pixel bands, run lengths.
extension SixelImage {
    /// The whole DCS string: `ESC P 0;1;0 q "1;1;W;H`, one `#n;2;r;g;b` per register
    /// (percent, as sixel wants), then each band of six rows: for every colour in it `#n`
    /// and one character per column (63 + the six bits, top pixel lowest) with runs of four
    /// or more as `!count`, colours of a band separated by `$` (back to its start), bands by
    /// `-`; `ESC \` ends it. Columns after a colour's last pixel in a band are left out.
    ///
    /// ```swift
    /// let red = SixelImage(rgba: [255, 0, 0, 255], pixelWidth: 1, pixelHeight: 1, targetSize: PixelSize(width: 8, height: 2))!
    /// red.sequence()   // "\u{1B}P0;1;0q\"1;1;8;2#0;2;100;0;0#0!8B\u{1B}\\"
    /// ```
    public func sequence() -> String {
        var output = EscapeSequence.sixelStart(pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        for (register, color) in palette.colors.enumerated() {
            output += "#\(register);2;\(Self.percent(color.red));\(Self.percent(color.green));\(Self.percent(color.blue))"
        }
        let bands = (pixelHeight + 5) / 6
        for band in 0..<bands {
            if band > 0 { output += "-" }
            var first = true
            for (register, bits) in bandBits(band) {
                if !first { output += "$" }
                first = false
                output += "#\(register)" + Self.runs(bits)
            }
        }
        return output + EscapeSequence.sixelEnd
    }

    /// 0...100 for 0...255, rounded.
    static func percent(_ value: UInt8) -> Int {
        (Int(value) * 100 + 127) / 255
    }

    /// For each register used in the band, in register order: the six bits of every
    /// column up to its last painted one. Rows below the image stay 0.
    private func bandBits(_ band: Int) -> [(Int, [UInt8])] {
        var columns: [Int: [UInt8]] = [:]
        let top = band * 6
        for row in top..<min(top + 6, pixelHeight) {
            let bit = UInt8(1) << UInt8(row - top)
            for x in 0..<pixelWidth {
                guard let register = registers[row * pixelWidth + x] else { continue }
                columns[Int(register), default: [UInt8](repeating: 0, count: pixelWidth)][x] |= bit
            }
        }
        return columns.keys.sorted().map { register in
            var bits = columns[register]!
            while bits.last == 0 { bits.removeLast() }
            return (register, bits)
        }
    }

    /// Sixel characters for `bits`, runs of four or more (where `!n` is shorter) compressed.
    private static func runs(_ bits: [UInt8]) -> String {
        var output = ""
        var index = 0
        while index < bits.count {
            var end = index + 1
            while end < bits.count, bits[end] == bits[index] { end += 1 }
            let character = Character(Unicode.Scalar(63 + bits[index]))
            let length = end - index
            if length >= 4 {
                output += "!\(length)\(character)"
            } else {
                output += String(repeating: character, count: length)
            }
            index = end
        }
        return output
    }
}

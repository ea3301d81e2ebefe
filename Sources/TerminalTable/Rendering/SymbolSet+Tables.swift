// The characters of each symbol set, indexed by mask (bit 0 = the top-left sub-cell, row
// by row). Built once; the tests check every table against the characters' Unicode names.
extension SymbolSet {
    static let halfBlockCharacters: [Character] = [" ", "▀", "▄", "█"]

    // Bits: 0 upper left, 1 upper right, 2 lower left, 3 lower right.
    static let quadrantCharacters: [Character] = [
        " ", "▘", "▝", "▀", "▖", "▌", "▞", "▛",
        "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█",
    ]

    /// U+1FB00 "BLOCK SEXTANT-1" onwards: every 2 × 3 pattern in mask order, except the
    /// four that were encoded before (empty, full, left half, right half).
    static let sextantCharacters: [Character] = (0..<64).map { mask -> Character in
        switch mask {
        case 0: return " "
        case 0b01_0101: return "▌"
        case 0b10_1010: return "▐"
        case 0b11_1111: return "█"
        default:
            let skipped = 1 + (mask > 0b01_0101 ? 1 : 0) + (mask > 0b10_1010 ? 1 : 0)
            return scalar(0x1FB00 + UInt32(mask - skipped))
        }
    }

    /// The 2 × 4 patterns Unicode had before version 16 and so left out of the octant
    /// range: they keep their older characters. Rows of an octant cell are quarters, so a
    /// half is two rows and a quadrant two sub-cells.
    static let octantsEncodedElsewhere: [UInt8: Character] = [
        0b0000_0000: " ",
        0b0000_0001: scalar(0x1CEA8),  // LEFT HALF UPPER ONE QUARTER BLOCK
        0b0000_0010: scalar(0x1CEAB),  // RIGHT HALF UPPER ONE QUARTER BLOCK
        0b0000_0011: scalar(0x1FB82),  // UPPER ONE QUARTER BLOCK
        0b0000_0101: "▘",
        0b0000_1010: "▝",
        0b0000_1111: "▀",
        0b0001_0100: scalar(0x1FBE6),  // MIDDLE LEFT ONE QUARTER BLOCK
        0b0010_1000: scalar(0x1FBE7),  // MIDDLE RIGHT ONE QUARTER BLOCK
        0b0011_1111: scalar(0x1FB85),  // UPPER THREE QUARTERS BLOCK
        0b0100_0000: scalar(0x1CEA3),  // LEFT HALF LOWER ONE QUARTER BLOCK
        0b0101_0000: "▖",
        0b0101_0101: "▌",
        0b0101_1010: "▞",
        0b0101_1111: "▛",
        0b1000_0000: scalar(0x1CEA0),  // RIGHT HALF LOWER ONE QUARTER BLOCK
        0b1010_0000: "▗",
        0b1010_0101: "▚",
        0b1010_1010: "▐",
        0b1010_1111: "▜",
        0b1100_0000: "▂",
        0b1111_0000: "▄",
        0b1111_0101: "▙",
        0b1111_1010: "▟",
        0b1111_1100: "▆",
        0b1111_1111: "█",
    ]

    /// U+1CD00 "BLOCK OCTANT-3" onwards: the 230 patterns not encoded before, in mask order.
    static let octantCharacters: [Character] = {
        var next: UInt32 = 0x1CD00
        return (0...255).map { mask -> Character in
            if let older = octantsEncodedElsewhere[UInt8(mask)] { return older }
            defer { next += 1 }
            return scalar(next)
        }
    }()

    static let halfBlockMasks = inverse(halfBlockCharacters)
    static let quadrantMasks = inverse(quadrantCharacters)
    static let sextantMasks = inverse(sextantCharacters)
    static let octantMasks = inverse(octantCharacters)

    private static func inverse(_ characters: [Character]) -> [Character: UInt8] {
        Dictionary(uniqueKeysWithValues: characters.enumerated().map { ($1, UInt8($0)) })
    }

    private static func scalar(_ value: UInt32) -> Character {
        Character(Unicode.Scalar(value)!)
    }
}

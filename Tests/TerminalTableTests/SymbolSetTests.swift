import Testing

@testable import TerminalTable

@Suite struct SymbolSetTests {
    @Test(arguments: SymbolSet.allCases)
    func everyMaskHasOneCharacterAndBack(_ symbols: SymbolSet) {
        let characters = symbols.characters
        #expect(characters.count == 1 << symbols.subCellCount)
        #expect(Set(characters).count == characters.count, "a character stands for two masks")
        for mask in 0..<characters.count {
            let character = symbols.character(for: UInt8(mask))
            #expect(symbols.mask(of: character) == UInt8(mask), "\(symbols) \(mask) → \(character)")
        }
        #expect(symbols.mask(of: "x") == nil)
    }

    @Test(arguments: SymbolSet.allCases)
    func everySymbolIsOneCellWide(_ symbols: SymbolSet) {
        for character in symbols.characters {
            #expect(DisplayWidth.of(character) == 1, "\(character.unicodeScalars.first!.value)")
        }
    }

    /// The names spell the masks: "BLOCK SEXTANT-1345" paints sub-cells 1, 3, 4 and 5,
    /// numbered like our bits (plus one). The whole range is used, each code point once.
    @Test func sextantsAndOctantsMatchTheirUnicodeNames() throws {
        for (symbols, prefix, range) in [
            (SymbolSet.sextants, "BLOCK SEXTANT-", UInt32(0x1FB00)...0x1FB3B), (.octants, "BLOCK OCTANT-", 0x1CD00...0x1CDE5),
        ] {
            var seen = Set<UInt32>()
            for (mask, character) in symbols.characters.enumerated() {
                let scalar = try #require(character.unicodeScalars.first)
                guard range.contains(scalar.value) else { continue }
                let name = try #require(scalar.properties.name)
                #expect(name.hasPrefix(prefix), "\(name)")
                let named = name.dropFirst(prefix.count).reduce(0) { $0 | 1 << (Int(String($1))! - 1) }
                #expect(named == mask, "\(name) at mask \(mask)")
                seen.insert(scalar.value)
            }
            #expect(seen.count == range.count, "\(symbols) leaves code points of its range unused")
        }
    }

    @Test func quadrantsMatchTheirUnicodeNames() throws {
        let parts = ["UPPER LEFT": 1, "UPPER RIGHT": 2, "LOWER LEFT": 4, "LOWER RIGHT": 8]
        for (mask, character) in SymbolSet.quadrants.characters.enumerated() {
            let name = try #require(character.unicodeScalars.first?.properties.name)
            guard name.hasPrefix("QUADRANT ") else { continue }
            let named = name.dropFirst("QUADRANT ".count).components(separatedBy: " AND ").reduce(0) { $0 | parts[$1]! }
            #expect(named == mask, "\(name)")
        }
        #expect(SymbolSet.quadrants.characters.filter { $0.unicodeScalars.first!.properties.name!.hasPrefix("QUADRANT ") }.count == 10)
    }

    /// The 26 octant patterns Unicode 16 left out, by the names of the characters that draw them.
    @Test func octantsOutsideTheirRangeAreTheOlderBlocks() {
        let expected: [(UInt8, String)] = [
            (0b0000_0000, "SPACE"), (0b0000_0001, "LEFT HALF UPPER ONE QUARTER BLOCK"),
            (0b0000_0010, "RIGHT HALF UPPER ONE QUARTER BLOCK"), (0b0000_0011, "UPPER ONE QUARTER BLOCK"),
            (0b0000_0101, "QUADRANT UPPER LEFT"), (0b0000_1010, "QUADRANT UPPER RIGHT"), (0b0000_1111, "UPPER HALF BLOCK"),
            (0b0001_0100, "MIDDLE LEFT ONE QUARTER BLOCK"), (0b0010_1000, "MIDDLE RIGHT ONE QUARTER BLOCK"),
            (0b0011_1111, "UPPER THREE QUARTERS BLOCK"), (0b0100_0000, "LEFT HALF LOWER ONE QUARTER BLOCK"),
            (0b0101_0000, "QUADRANT LOWER LEFT"), (0b0101_0101, "LEFT HALF BLOCK"),
            (0b0101_1010, "QUADRANT UPPER RIGHT AND LOWER LEFT"), (0b0101_1111, "QUADRANT UPPER LEFT AND UPPER RIGHT AND LOWER LEFT"),
            (0b1000_0000, "RIGHT HALF LOWER ONE QUARTER BLOCK"), (0b1010_0000, "QUADRANT LOWER RIGHT"),
            (0b1010_0101, "QUADRANT UPPER LEFT AND LOWER RIGHT"), (0b1010_1010, "RIGHT HALF BLOCK"),
            (0b1010_1111, "QUADRANT UPPER LEFT AND UPPER RIGHT AND LOWER RIGHT"), (0b1100_0000, "LOWER ONE QUARTER BLOCK"),
            (0b1111_0000, "LOWER HALF BLOCK"), (0b1111_0101, "QUADRANT UPPER LEFT AND LOWER LEFT AND LOWER RIGHT"),
            (0b1111_1010, "QUADRANT UPPER RIGHT AND LOWER LEFT AND LOWER RIGHT"), (0b1111_1100, "LOWER THREE QUARTERS BLOCK"),
            (0b1111_1111, "FULL BLOCK"),
        ]
        #expect(Set(expected.map(\.0)).count == 26)
        for (mask, name) in expected {
            let character = SymbolSet.octants.character(for: mask)
            #expect(character.unicodeScalars.first?.properties.name == name, "mask \(mask)")
        }
        let outside = SymbolSet.octants.characters.filter { !(0x1CD00...0x1CDE5).contains($0.unicodeScalars.first!.value) }
        #expect(outside.count == 26)
    }

    /// A character in several sets (▀ is a half block, two quadrants and four octants)
    /// must cover the same part of the cell in each.
    @Test func sharedCharactersCoverTheSameAreaInEverySet() {
        func covered(_ symbols: SymbolSet, _ mask: UInt8) -> [Bool] {
            (0..<24).flatMap { y in
                (0..<12).map { x in
                    let bit = y * symbols.subRows / 24 * symbols.subColumns + x * symbols.subColumns / 12
                    return mask & (1 << bit) != 0
                }
            }
        }
        var shared = 0
        for first in SymbolSet.allCases {
            for second in SymbolSet.allCases where first != second {
                for character in first.characters {
                    guard let other = second.mask(of: character) else { continue }
                    #expect(covered(first, first.mask(of: character)!) == covered(second, other), "\(character) in \(first), \(second)")
                    shared += 1
                }
            }
        }
        // Space and █ are in all four sets, ▀▄ in all but sextants (thirds cannot make a
        // half), ▌▐ in all but half blocks, the ten quadrants in octants too. Per set, what
        // it shares with the other three: half blocks 4 + 2 + 4, quadrants 4 + 4 + 16,
        // sextants 2 + 4 + 4, octants 4 + 16 + 4.
        #expect(shared == 68)
    }

    @Test func shapeFindsTheCoarsestSet() throws {
        let upper = try #require(SymbolSet.shape(of: "▀"))
        #expect(upper.symbols == .halfBlocks && upper.mask == 0b01)
        let middle = try #require(SymbolSet.shape(of: "🬋"))
        #expect(middle.symbols == .sextants && middle.mask == 0b00_1100)
        let corner = try #require(SymbolSet.shape(of: "\u{1CEA0}"))
        #expect(corner.symbols == .octants && corner.mask == 0b1000_0000)
        #expect(SymbolSet.shape(of: "ab") == nil)
        #expect(SymbolSet.shape(of: "") == nil)
        #expect(SymbolSet.shape(of: "x") == nil)
    }
}

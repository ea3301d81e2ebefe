/// Which block characters a `SymbolImage` may draw with. Each set divides a cell into a
/// grid of equal rectangles (*sub-cells*) and has one character for every way of
/// colouring them with two colours: a cell shows the sub-cells whose bit is set in the
/// foreground colour, the rest in the background colour.
///
/// A *mask* numbers the sub-cells row by row from the top left, bit 0 first: in a 2 × 4
/// octant cell, bit 0 is the top-left sub-cell, bit 1 the top-right, bit 7 the
/// bottom-right. Every set holds all `1 << subCellCount` masks, so a mask and its
/// complement (the same picture with the colours swapped) are both there.
///
/// ```swift
/// SymbolSet.quadrants.character(for: 0b0101)   // "▌": top-left and bottom-left
/// SymbolSet.sextants.mask(of: "🬋")             // 0b00_1100: the middle row
/// ```
///
/// Finer sets draw more detail but need a font (or a terminal that draws block characters
/// itself) that has the characters: half blocks and quadrants are in the Block Elements
/// every monospace font with box drawing has; sextants (Unicode 13) and octants (Unicode
/// 16) are newer, and many fonts still lack them.
public enum SymbolSet: Sendable, Hashable, CaseIterable {
    /// `▀` `▄` `█` and space: 1 × 2 sub-cells, the pixels `HalfBlockImage` draws.
    case halfBlocks
    /// The quadrants U+2596…U+259F with `▀` `▄` `▌` `▐` `█` and space: 2 × 2 sub-cells.
    case quadrants
    /// The sextants U+1FB00…U+1FB3B (Symbols for Legacy Computing), with space, `█`,
    /// `▌` and `▐` for the four patterns that block leaves out: 2 × 3 sub-cells.
    case sextants
    /// The octants U+1CD00…U+1CDE5 (Unicode 16), with the 26 patterns that range leaves
    /// out taken from the older blocks (space, `█`, the halves, the quadrants, and blocks a
    /// quarter of the cell high, full or half width): 2 × 4 sub-cells.
    case octants

    /// Sub-cells across one cell.
    public var subColumns: Int { self == .halfBlocks ? 1 : 2 }

    /// Sub-cells down one cell.
    public var subRows: Int {
        switch self {
        case .halfBlocks, .quadrants: 2
        case .sextants: 3
        case .octants: 4
        }
    }

    /// Sub-cells in one cell: the number of bits in a mask.
    public var subCellCount: Int { subColumns * subRows }

    /// The character that shows `mask`'s sub-cells in the foreground colour. Bits above
    /// `subCellCount` are ignored.
    public func character(for mask: UInt8) -> Character {
        let table = characters
        return table[Int(mask) & (table.count - 1)]
    }

    /// The mask `character` draws in this set, or nil when the set does not have it.
    public func mask(of character: Character) -> UInt8? {
        masks[character]
    }

    /// Every character of the set, indexed by mask.
    public var characters: [Character] {
        switch self {
        case .halfBlocks: Self.halfBlockCharacters
        case .quadrants: Self.quadrantCharacters
        case .sextants: Self.sextantCharacters
        case .octants: Self.octantCharacters
        }
    }

    private var masks: [Character: UInt8] {
        switch self {
        case .halfBlocks: Self.halfBlockMasks
        case .quadrants: Self.quadrantMasks
        case .sextants: Self.sextantMasks
        case .octants: Self.octantMasks
        }
    }

    /// The set and mask that draw `text`, trying the coarsest set first, so `▀` is
    /// half blocks' top half (the same picture in any set that has it). Nil for text that
    /// is no block character of any set.
    ///
    /// ```swift
    /// SymbolSet.shape(of: "🬋")   // (.sextants, 0b00_1100)
    /// ```
    public static func shape(of text: String) -> (symbols: SymbolSet, mask: UInt8)? {
        guard text.count == 1, let character = text.first else { return nil }
        for symbols in allCases {
            if let mask = symbols.mask(of: character) { return (symbols, mask) }
        }
        return nil
    }
}

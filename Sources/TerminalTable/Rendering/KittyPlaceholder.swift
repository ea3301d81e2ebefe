/// The text of kitty's *Unicode placeholder* cells: U+10EEEE followed by a combining
/// diacritic for the image row and one for the image column. A terminal that supports
/// the placeholders draws that piece of the image whose id is the cell's foreground
/// colour; because the cell is ordinary text, overwriting it removes the picture.
///
/// ```swift
/// KittyPlaceholder.text(row: 0, column: 1)  // "\u{10EEEE}\u{305}\u{30D}"
/// KittyPlaceholder.decode("\u{10EEEE}\u{305}\u{30D}")  // (row: 0, column: 1)
/// ```
public enum KittyPlaceholder {
    /// A private-use character in plane 16: one cell wide, with no glyph in any font.
    public static let character: Unicode.Scalar = "\u{10EEEE}"

    /// Rows and columns an image can span: one per diacritic.
    public static var maximumSpan: Int { diacritics.count }

    /// Row and column numbers 0, 1, 2, ... in order, from kitty's
    /// gen/rowcolumn-diacritics.txt: combining marks of class 230 without decompositions,
    /// so normalisation can neither merge nor reorder them.
    public static let diacritics: [Unicode.Scalar] = [
        "\u{305}", "\u{30D}", "\u{30E}", "\u{310}", "\u{312}", "\u{33D}", "\u{33E}", "\u{33F}",
        "\u{346}", "\u{34A}", "\u{34B}", "\u{34C}", "\u{350}", "\u{351}", "\u{352}", "\u{357}",
        "\u{35B}", "\u{363}", "\u{364}", "\u{365}", "\u{366}", "\u{367}", "\u{368}", "\u{369}",
        "\u{36A}", "\u{36B}", "\u{36C}", "\u{36D}", "\u{36E}", "\u{36F}", "\u{483}", "\u{484}",
        "\u{485}", "\u{486}", "\u{487}", "\u{592}", "\u{593}", "\u{594}", "\u{595}", "\u{597}",
        "\u{598}", "\u{599}", "\u{59C}", "\u{59D}", "\u{59E}", "\u{59F}", "\u{5A0}", "\u{5A1}",
        "\u{5A8}", "\u{5A9}", "\u{5AB}", "\u{5AC}", "\u{5AF}", "\u{5C4}", "\u{610}", "\u{611}",
        "\u{612}", "\u{613}", "\u{614}", "\u{615}", "\u{616}", "\u{617}", "\u{657}", "\u{658}",
        "\u{659}", "\u{65A}", "\u{65B}", "\u{65D}", "\u{65E}", "\u{6D6}", "\u{6D7}", "\u{6D8}",
        "\u{6D9}", "\u{6DA}", "\u{6DB}", "\u{6DC}", "\u{6DF}", "\u{6E0}", "\u{6E1}", "\u{6E2}",
        "\u{6E4}", "\u{6E7}", "\u{6E8}", "\u{6EB}", "\u{6EC}", "\u{730}", "\u{732}", "\u{733}",
        "\u{735}", "\u{736}", "\u{73A}", "\u{73D}", "\u{73F}", "\u{740}", "\u{741}", "\u{743}",
        "\u{745}", "\u{747}", "\u{749}", "\u{74A}", "\u{7EB}", "\u{7EC}", "\u{7ED}", "\u{7EE}",
        "\u{7EF}", "\u{7F0}", "\u{7F1}", "\u{7F3}", "\u{816}", "\u{817}", "\u{818}", "\u{819}",
        "\u{81B}", "\u{81C}", "\u{81D}", "\u{81E}", "\u{81F}", "\u{820}", "\u{821}", "\u{822}",
        "\u{823}", "\u{825}", "\u{826}", "\u{827}", "\u{829}", "\u{82A}", "\u{82B}", "\u{82C}",
        "\u{82D}", "\u{951}", "\u{953}", "\u{954}", "\u{F82}", "\u{F83}", "\u{F86}", "\u{F87}",
        "\u{135D}", "\u{135E}", "\u{135F}", "\u{17DD}", "\u{193A}", "\u{1A17}", "\u{1A75}", "\u{1A76}",
        "\u{1A77}", "\u{1A78}", "\u{1A79}", "\u{1A7A}", "\u{1A7B}", "\u{1A7C}", "\u{1B6B}", "\u{1B6D}",
        "\u{1B6E}", "\u{1B6F}", "\u{1B70}", "\u{1B71}", "\u{1B72}", "\u{1B73}", "\u{1CD0}", "\u{1CD1}",
        "\u{1CD2}", "\u{1CDA}", "\u{1CDB}", "\u{1CE0}", "\u{1DC0}", "\u{1DC1}", "\u{1DC3}", "\u{1DC4}",
        "\u{1DC5}", "\u{1DC6}", "\u{1DC7}", "\u{1DC8}", "\u{1DC9}", "\u{1DCB}", "\u{1DCC}", "\u{1DD1}",
        "\u{1DD2}", "\u{1DD3}", "\u{1DD4}", "\u{1DD5}", "\u{1DD6}", "\u{1DD7}", "\u{1DD8}", "\u{1DD9}",
        "\u{1DDA}", "\u{1DDB}", "\u{1DDC}", "\u{1DDD}", "\u{1DDE}", "\u{1DDF}", "\u{1DE0}", "\u{1DE1}",
        "\u{1DE2}", "\u{1DE3}", "\u{1DE4}", "\u{1DE5}", "\u{1DE6}", "\u{1DFE}", "\u{20D0}", "\u{20D1}",
        "\u{20D4}", "\u{20D5}", "\u{20D6}", "\u{20D7}", "\u{20DB}", "\u{20DC}", "\u{20E1}", "\u{20E7}",
        "\u{20E9}", "\u{20F0}", "\u{2CEF}", "\u{2CF0}", "\u{2CF1}", "\u{2DE0}", "\u{2DE1}", "\u{2DE2}",
        "\u{2DE3}", "\u{2DE4}", "\u{2DE5}", "\u{2DE6}", "\u{2DE7}", "\u{2DE8}", "\u{2DE9}", "\u{2DEA}",
        "\u{2DEB}", "\u{2DEC}", "\u{2DED}", "\u{2DEE}", "\u{2DEF}", "\u{2DF0}", "\u{2DF1}", "\u{2DF2}",
        "\u{2DF3}", "\u{2DF4}", "\u{2DF5}", "\u{2DF6}", "\u{2DF7}", "\u{2DF8}", "\u{2DF9}", "\u{2DFA}",
        "\u{2DFB}", "\u{2DFC}", "\u{2DFD}", "\u{2DFE}", "\u{2DFF}", "\u{A66F}", "\u{A67C}", "\u{A67D}",
        "\u{A6F0}", "\u{A6F1}", "\u{A8E0}", "\u{A8E1}", "\u{A8E2}", "\u{A8E3}", "\u{A8E4}", "\u{A8E5}",
        "\u{A8E6}", "\u{A8E7}", "\u{A8E8}", "\u{A8E9}", "\u{A8EA}", "\u{A8EB}", "\u{A8EC}", "\u{A8ED}",
        "\u{A8EE}", "\u{A8EF}", "\u{A8F0}", "\u{A8F1}", "\u{AAB0}", "\u{AAB2}", "\u{AAB3}", "\u{AAB7}",
        "\u{AAB8}", "\u{AABE}", "\u{AABF}", "\u{AAC1}", "\u{FE20}", "\u{FE21}", "\u{FE22}", "\u{FE23}",
        "\u{FE24}", "\u{FE25}", "\u{FE26}", "\u{10A0F}", "\u{10A38}", "\u{1D185}", "\u{1D186}", "\u{1D187}",
        "\u{1D188}", "\u{1D189}", "\u{1D1AA}", "\u{1D1AB}", "\u{1D1AC}", "\u{1D1AD}", "\u{1D242}", "\u{1D243}",
        "\u{1D244}",
    ]

    /// Diacritic → number, for `decode`.
    private static let numbers: [Unicode.Scalar: Int] = Dictionary(
        uniqueKeysWithValues: diacritics.enumerated().map { ($0.element, $0.offset) }
    )

    /// The cell text for one piece of an image; `nil` outside `0..<maximumSpan`.
    ///
    /// Both diacritics are always written, although kitty could infer them from the cell
    /// to the left: the diff renderer rewrites single cells, and a cell must be right
    /// whatever happens to be drawn next to it.
    public static func text(row: Int, column: Int) -> String? {
        guard diacritics.indices.contains(row), diacritics.indices.contains(column) else { return nil }
        var scalars = String.UnicodeScalarView()
        scalars.append(character)
        scalars.append(diacritics[row])
        scalars.append(diacritics[column])
        return String(scalars)
    }

    /// Row and column of placeholder text made by `text(row:column:)`, or `nil` for any
    /// other text.
    public static func decode(_ text: String) -> (row: Int, column: Int)? {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 3, scalars[0] == character,
            let row = numbers[scalars[1]], let column = numbers[scalars[2]]
        else { return nil }
        return (row, column)
    }

    /// The image id a placeholder cell refers to (its foreground colour as a 24-bit
    /// number), or `nil` when the cell is not a placeholder.
    public static func imageID(of cell: Cell) -> UInt32? {
        guard cell.text.unicodeScalars.first == character, let color = cell.style.foreground else { return nil }
        return UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue)
    }
}

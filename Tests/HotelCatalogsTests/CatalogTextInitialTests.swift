import Foundation
import Testing

@testable import HotelCatalogs

/// `CatalogText.asciiInitial` skips, without folding, every character outside the blocks
/// `mayFoldToASCII` names: that must never skip a letter that folds to ASCII.
@Suite("Logo initials: the shortcut past non-Latin letters")
struct CatalogTextInitialTests {
    @Test("no character of planes 0 and 1 outside the Latin and full-width blocks folds to an ASCII letter or digit")
    func shortcutSkipsNothing() {
        var missed: [String] = []
        for value in UInt32(0x80)...0x1FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let ch = Character(scalar)
            guard !CatalogText.mayFoldToASCII(ch) else { continue }
            let folded = String(ch).folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil).uppercased()
            if folded.unicodeScalars.contains(where: { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }) {
                missed.append(String(format: "U+%04X", value))
            }
        }
        #expect(missed.isEmpty, "\(missed.prefix(20))")
    }
}

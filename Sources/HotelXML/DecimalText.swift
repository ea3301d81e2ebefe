import Foundation

/// `xsd:decimal`: `[+-]? (digits (. digits?)? | . digits)`, exact.
package enum DecimalText {
    package static func parse(_ bytes: [UInt8]) -> Decimal? { bytes.withUnsafeBufferPointer { parse($0) } }

    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Decimal? {
        parseWithScale(bytes)?.value
    }

    /// The value and its scale: the digits written after the point, trailing zeros
    /// included (`129.50` → 2), which `Decimal` itself does not keep.
    package static func parseWithScale(_ bytes: UnsafeBufferPointer<UInt8>) -> (value: Decimal, scale: Int)? {
        parseWithText(bytes).map { ($0.value, $0.scale) }
    }

    /// `parseWithScale`, plus the text `Money.plain(value, minimumFraction: scale)` would
    /// give, spelled from the digits read (nil past 18 significant digits): no leading `+`
    /// or zeros, no sign on zero, the fraction as written (`+007.50` → `7.50`).
    package static func parseWithText(_ bytes: UnsafeBufferPointer<UInt8>) -> (value: Decimal, scale: Int, text: String?)? {
        let s = NumberText.trimmed(bytes)
        var i = s.startIndex
        let negative = NumberText.readSign(s, &i)
        var mantissa: UInt64 = 0
        var digits = 0
        var significant = 0
        var fraction = 0
        var seenPoint = false
        var exact = true
        while i < s.endIndex {
            let b = s[i]
            if b == UInt8(ascii: ".") {
                guard !seenPoint else { return nil }
                seenPoint = true
            } else if b >= 48 && b <= 57 {
                digits += 1
                if seenPoint { fraction += 1 }
                if mantissa != 0 || b != 48 { significant += 1 }
                if significant <= 18 { mantissa = mantissa * 10 + UInt64(b - 48) } else { exact = false }
            } else {
                return nil
            }
            i += 1
        }
        guard digits > 0 else { return nil }
        if !exact {
            // More than 18 significant digits: rare, so the slow exact path is fine.
            return Decimal(string: String(decoding: s, as: UTF8.self), locale: Locale(identifier: "en_US_POSIX")).map {
                ($0, fraction, nil)
            }
        }
        // A negative zero would come out as NaN from Decimal(sign:…): zero has no sign.
        let sign: FloatingPointSign = negative && mantissa != 0 ? .minus : .plus
        let value = Decimal(sign: sign, exponent: -fraction, significand: Decimal(mantissa))
        return (value, fraction, plainText(mantissa: mantissa, fraction: fraction, negative: sign == .minus))
    }

    /// An amount in minor units (`12950`, 2 → 129.50) as a `Decimal`, and its text with
    /// exactly `places` digits after the point (`129.50`), as `Money.plain` spells it; what
    /// OpenTravel's `DecimalPlaces` says. `places` is 0…18.
    package static func minorUnits(_ minor: Int, places: Int) -> (value: Decimal, text: String) {
        let magnitude = UInt64(minor.magnitude)
        let sign: FloatingPointSign = minor < 0 ? .minus : .plus
        let value = Decimal(sign: sign, exponent: -places, significand: Decimal(magnitude))
        return (value, plainText(mantissa: magnitude, fraction: places, negative: minor < 0))
    }

    /// `mantissa` × 10^-`fraction` as plain text with exactly `fraction` digits after the point.
    private static func plainText(mantissa: UInt64, fraction: Int, negative: Bool) -> String {
        // 20 digits, a sign, a point and the leading zeros of a small value: at most 40 here.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer in
            var end = 64
            var m = mantissa
            var written = 0
            repeat {
                if written == fraction && fraction > 0 {
                    end -= 1
                    buffer[end] = UInt8(ascii: ".")
                }
                end -= 1
                buffer[end] = UInt8(ascii: "0") + UInt8(m % 10)
                m /= 10
                written += 1
            } while m > 0 || written <= fraction
            if negative {
                end -= 1
                buffer[end] = UInt8(ascii: "-")
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[end...]), as: UTF8.self)
        }
    }
}

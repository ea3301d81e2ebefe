import Foundation

// Numbers are parsed straight from the text bytes: no String per number on the hot path.
// Each accepts surrounding XML whitespace, as `xsd:` numeric types collapse it.

@inline(__always)
private func isXMLSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

private func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> Slice<UnsafeBufferPointer<UInt8>> {
    var lo = bytes.startIndex, hi = bytes.endIndex
    while lo < hi, isXMLSpace(bytes[lo]) { lo += 1 }
    while hi > lo, isXMLSpace(bytes[hi - 1]) { hi -= 1 }
    return bytes[lo..<hi]
}

/// Exact powers of ten as doubles (all of 10^0…10^22 are representable exactly).
private let exactPowersOfTen: [Double] = (0...22).map { pow(10, Double($0)) }

/// `xsd:int`: optional sign, digits.
enum IntegerText {
    static func parse(_ bytes: [UInt8]) -> Int? { bytes.withUnsafeBufferPointer { parse($0) } }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let s = trimmed(bytes)
        var i = s.startIndex
        var negative = false
        if i < s.endIndex, s[i] == UInt8(ascii: "-") || s[i] == UInt8(ascii: "+") {
            negative = s[i] == UInt8(ascii: "-")
            i += 1
        }
        guard i < s.endIndex, s.endIndex - i <= 18 else { return nil }
        var n = 0
        while i < s.endIndex {
            let d = Int(s[i]) &- 48
            guard d >= 0 && d <= 9 else { return nil }
            n = n * 10 + d
            i += 1
        }
        return negative ? -n : n
    }
}

/// `xsd:double`: Swift's parser (locale-independent), after refusing what XML does not
/// allow but Swift would accept (`0x1p3`, `nan`, `infinity`). `INF`/`NaN` are refused too:
/// no field of ours can hold them.
enum DoubleText {
    static func parse(_ bytes: [UInt8]) -> Double? { bytes.withUnsafeBufferPointer { parse($0) } }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        let s = trimmed(bytes)
        guard !s.isEmpty, s.count < 64 else { return nil }
        if let fast = fastPath(s) { return fast }
        for b in s {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"),
                 UInt8(ascii: "+"), UInt8(ascii: "e"), UInt8(ascii: "E"):
                continue
            default:
                return nil
            }
        }
        guard let value = Double(String(decoding: s, as: UTF8.self)), value.isFinite else { return nil }
        return value
    }

    /// Clinger's fast path: up to 15 significant digits and no exponent, the value is
    /// mantissa / 10^k with both operands exact, and IEEE division rounds correctly, so
    /// this equals what strtod returns. Anything else takes the general path.
    @inline(__always)
    private static func fastPath(_ s: Slice<UnsafeBufferPointer<UInt8>>) -> Double? {
        var i = s.startIndex
        var negative = false
        if s[i] == UInt8(ascii: "-") || s[i] == UInt8(ascii: "+") {
            negative = s[i] == UInt8(ascii: "-")
            i += 1
        }
        var mantissa: Int64 = 0
        var digits = 0, fraction = 0
        var seenPoint = false
        while i < s.endIndex {
            let b = s[i]
            if b == UInt8(ascii: ".") {
                if seenPoint { return nil }
                seenPoint = true
            } else if b >= 48 && b <= 57 {
                mantissa = mantissa &* 10 &+ Int64(b &- 48)
                digits += 1
                if seenPoint { fraction += 1 }
            } else {
                return nil
            }
            i += 1
        }
        guard digits > 0, digits <= 15 else { return nil }
        let value = Double(mantissa) / exactPowersOfTen[fraction]
        return negative ? -value : value
    }
}

/// `xsd:decimal`: `[+-]? (digits (. digits?)? | . digits)`, exact.
enum DecimalText {
    static func parse(_ bytes: [UInt8]) -> Decimal? { bytes.withUnsafeBufferPointer { parse($0) } }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Decimal? {
        let s = trimmed(bytes)
        var i = s.startIndex
        var negative = false
        if i < s.endIndex, s[i] == UInt8(ascii: "-") || s[i] == UInt8(ascii: "+") {
            negative = s[i] == UInt8(ascii: "-")
            i += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0, significant = 0, fraction = 0
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
            return Decimal(string: String(decoding: s, as: UTF8.self), locale: Locale(identifier: "en_US_POSIX"))
        }
        // A negative zero would come out as NaN from Decimal(sign:…): zero has no sign.
        let sign: FloatingPointSign = negative && mantissa != 0 ? .minus : .plus
        return Decimal(sign: sign, exponent: -fraction, significand: Decimal(mantissa))
    }
}

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
/// A literal, so the optimizer emits it as constant data: a computed global would cost a
/// `swift_once` check on every number.
private let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]

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

/// `xsd:double`: `[+-]? (digits ('.' digits?)? | '.' digits) ([eE] [+-]? digits)?`,
/// correctly rounded like `strtod`. `INF`/`NaN` are refused: no field of ours can hold
/// them, and neither can hexadecimal or Swift-only spellings.
///
/// Up to 19 significant digits take Clinger's exact fast path or the Eisel–Lemire
/// algorithm (as in fast_float and Swift's own parser); anything else (more digits,
/// exponents past ±64, subnormals) goes to `strtod` through `Double(String)`. Coordinates
/// printed as shortest round-trip decimals have 17 digits, so the general path matters:
/// it was 3 % of a 100,000-hotel parse through `strtod`.
enum DoubleText {
    static func parse(_ bytes: [UInt8]) -> Double? { bytes.withUnsafeBufferPointer { parse($0) } }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        let s = trimmed(bytes)
        guard !s.isEmpty, s.count < 64 else { return nil }
        var i = s.startIndex
        var negative = false
        if s[i] == UInt8(ascii: "-") || s[i] == UInt8(ascii: "+") {
            negative = s[i] == UInt8(ascii: "-")
            i += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0, significant = 0, fraction = 0
        var seenPoint = false
        while i < s.endIndex {
            let b = s[i]
            if b == UInt8(ascii: ".") {
                if seenPoint { return nil }
                seenPoint = true
            } else if b >= 48 && b <= 57 {
                digits += 1
                if seenPoint { fraction += 1 }
                if mantissa != 0 || b != 48 {
                    significant += 1
                    // Past 19 digits the mantissa would overflow: the slow path decides.
                    if significant > 19 { return slowPath(s) }
                    mantissa = mantissa &* 10 &+ UInt64(b &- 48)
                }
            } else {
                break
            }
            i += 1
        }
        guard digits > 0 else { return nil }
        var exponent = 0
        if i < s.endIndex {
            guard s[i] == UInt8(ascii: "e") || s[i] == UInt8(ascii: "E") else { return nil }
            i += 1
            var negativeExponent = false
            if i < s.endIndex, s[i] == UInt8(ascii: "-") || s[i] == UInt8(ascii: "+") {
                negativeExponent = s[i] == UInt8(ascii: "-")
                i += 1
            }
            guard i < s.endIndex else { return nil }
            while i < s.endIndex {
                let d = Int(s[i]) &- 48
                guard d >= 0 && d <= 9 else { return nil }
                if exponent < 100_000 { exponent = exponent * 10 + d }
                i += 1
            }
            if negativeExponent { exponent = -exponent }
        }
        if mantissa == 0 { return negative ? -0.0 : 0.0 }
        let q = exponent - fraction
        guard let magnitude = positive(mantissa, q) ?? slowPath(s).map(abs) else { return nil }
        return negative ? -magnitude : magnitude
    }

    /// `mantissa × 10^q` for mantissa > 0, or nil when only the slow path can say.
    @inline(__always)
    static func positive(_ mantissa: UInt64, _ q: Int) -> Double? {
        // Clinger: both operands exact, so one IEEE operation rounds correctly.
        if mantissa <= 1 << 53, q >= -22, q <= 22 {
            let m = Double(mantissa)
            return q < 0 ? m / exactPowersOfTen[-q] : m * exactPowersOfTen[q]
        }
        return eiselLemire(mantissa, q)
    }

    /// Eisel–Lemire (Lemire, "Number Parsing at a Gigabyte per Second", 2021), following
    /// fast_float's `compute_float`, restricted to the exponents of `powersOfFive`.
    static func eiselLemire(_ w: UInt64, _ q: Int) -> Double? {
        guard q >= powersOfFiveMin, q <= powersOfFiveMin + powersOfFive.count / 2 - 1 else { return nil }
        let lz = w.leadingZeroBitCount
        let normalized = w << UInt64(lz)
        let index = 2 * (q - powersOfFiveMin)
        var (hi, lo) = normalized.multipliedFullWidth(by: powersOfFive[index])
        if hi & 0x1FF == 0x1FF {
            let second = normalized.multipliedFullWidth(by: powersOfFive[index + 1]).high
            let (sum, carry) = lo.addingReportingOverflow(second)
            lo = sum
            if carry { hi &+= 1 }
        }
        // The truncated product may be too imprecise to decide: let strtod.
        if lo == .max, q < -27 || q > 55 { return nil }
        let upper = Int(hi >> 63)
        let shift = UInt64(upper + 9)
        var m = hi >> shift
        var power2 = (((152_170 + 65_536) * q) >> 16) + 63 + upper - lz + 1023
        guard power2 > 0 else { return nil } // subnormal
        // Exactly halfway between two doubles: round to even instead of up.
        if lo <= 1, q >= -4, q <= 23, m & 3 == 1, m << shift == hi { m &= ~1 }
        m += m & 1
        m >>= 1
        if m >= 2 << 52 {
            m = 1 << 52
            power2 += 1
        }
        m &= ~(1 << 52)
        guard power2 < 0x7FF else { return nil } // overflow: strtod says infinity, refused below
        return Double(bitPattern: UInt64(power2) << 52 | m)
    }

    private static func slowPath(_ s: Slice<UnsafeBufferPointer<UInt8>>) -> Double? {
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

    /// The lowest exponent in `powersOfFive`.
    static let powersOfFiveMin = -64

    /// 5^q for q in -64…64, normalized to 128 bits (high word first), truncated for q ≥ 0
    /// and rounded up for q < 0: fast_float's table, generated by its script.
    static let powersOfFive: [UInt64] = [
        0xA87FEA27A539E9A5, 0x3F2398D747B36224, // 5^-64
        0xD29FE4B18E88640E, 0x8EEC7F0D19A03AAD, // 5^-63
        0x83A3EEEEF9153E89, 0x1953CF68300424AC, // 5^-62
        0xA48CEAAAB75A8E2B, 0x5FA8C3423C052DD7, // 5^-61
        0xCDB02555653131B6, 0x3792F412CB06794D, // 5^-60
        0x808E17555F3EBF11, 0xE2BBD88BBEE40BD0, // 5^-59
        0xA0B19D2AB70E6ED6, 0x5B6ACEAEAE9D0EC4, // 5^-58
        0xC8DE047564D20A8B, 0xF245825A5A445275, // 5^-57
        0xFB158592BE068D2E, 0xEED6E2F0F0D56712, // 5^-56
        0x9CED737BB6C4183D, 0x55464DD69685606B, // 5^-55
        0xC428D05AA4751E4C, 0xAA97E14C3C26B886, // 5^-54
        0xF53304714D9265DF, 0xD53DD99F4B3066A8, // 5^-53
        0x993FE2C6D07B7FAB, 0xE546A8038EFE4029, // 5^-52
        0xBF8FDB78849A5F96, 0xDE98520472BDD033, // 5^-51
        0xEF73D256A5C0F77C, 0x963E66858F6D4440, // 5^-50
        0x95A8637627989AAD, 0xDDE7001379A44AA8, // 5^-49
        0xBB127C53B17EC159, 0x5560C018580D5D52, // 5^-48
        0xE9D71B689DDE71AF, 0xAAB8F01E6E10B4A6, // 5^-47
        0x9226712162AB070D, 0xCAB3961304CA70E8, // 5^-46
        0xB6B00D69BB55C8D1, 0x3D607B97C5FD0D22, // 5^-45
        0xE45C10C42A2B3B05, 0x8CB89A7DB77C506A, // 5^-44
        0x8EB98A7A9A5B04E3, 0x77F3608E92ADB242, // 5^-43
        0xB267ED1940F1C61C, 0x55F038B237591ED3, // 5^-42
        0xDF01E85F912E37A3, 0x6B6C46DEC52F6688, // 5^-41
        0x8B61313BBABCE2C6, 0x2323AC4B3B3DA015, // 5^-40
        0xAE397D8AA96C1B77, 0xABEC975E0A0D081A, // 5^-39
        0xD9C7DCED53C72255, 0x96E7BD358C904A21, // 5^-38
        0x881CEA14545C7575, 0x7E50D64177DA2E54, // 5^-37
        0xAA242499697392D2, 0xDDE50BD1D5D0B9E9, // 5^-36
        0xD4AD2DBFC3D07787, 0x955E4EC64B44E864, // 5^-35
        0x84EC3C97DA624AB4, 0xBD5AF13BEF0B113E, // 5^-34
        0xA6274BBDD0FADD61, 0xECB1AD8AEACDD58E, // 5^-33
        0xCFB11EAD453994BA, 0x67DE18EDA5814AF2, // 5^-32
        0x81CEB32C4B43FCF4, 0x80EACF948770CED7, // 5^-31
        0xA2425FF75E14FC31, 0xA1258379A94D028D, // 5^-30
        0xCAD2F7F5359A3B3E, 0x096EE45813A04330, // 5^-29
        0xFD87B5F28300CA0D, 0x8BCA9D6E188853FC, // 5^-28
        0x9E74D1B791E07E48, 0x775EA264CF55347E, // 5^-27
        0xC612062576589DDA, 0x95364AFE032A819E, // 5^-26
        0xF79687AED3EEC551, 0x3A83DDBD83F52205, // 5^-25
        0x9ABE14CD44753B52, 0xC4926A9672793543, // 5^-24
        0xC16D9A0095928A27, 0x75B7053C0F178294, // 5^-23
        0xF1C90080BAF72CB1, 0x5324C68B12DD6339, // 5^-22
        0x971DA05074DA7BEE, 0xD3F6FC16EBCA5E04, // 5^-21
        0xBCE5086492111AEA, 0x88F4BB1CA6BCF585, // 5^-20
        0xEC1E4A7DB69561A5, 0x2B31E9E3D06C32E6, // 5^-19
        0x9392EE8E921D5D07, 0x3AFF322E62439FD0, // 5^-18
        0xB877AA3236A4B449, 0x09BEFEB9FAD487C3, // 5^-17
        0xE69594BEC44DE15B, 0x4C2EBE687989A9B4, // 5^-16
        0x901D7CF73AB0ACD9, 0x0F9D37014BF60A11, // 5^-15
        0xB424DC35095CD80F, 0x538484C19EF38C95, // 5^-14
        0xE12E13424BB40E13, 0x2865A5F206B06FBA, // 5^-13
        0x8CBCCC096F5088CB, 0xF93F87B7442E45D4, // 5^-12
        0xAFEBFF0BCB24AAFE, 0xF78F69A51539D749, // 5^-11
        0xDBE6FECEBDEDD5BE, 0xB573440E5A884D1C, // 5^-10
        0x89705F4136B4A597, 0x31680A88F8953031, // 5^-9
        0xABCC77118461CEFC, 0xFDC20D2B36BA7C3E, // 5^-8
        0xD6BF94D5E57A42BC, 0x3D32907604691B4D, // 5^-7
        0x8637BD05AF6C69B5, 0xA63F9A49C2C1B110, // 5^-6
        0xA7C5AC471B478423, 0x0FCF80DC33721D54, // 5^-5
        0xD1B71758E219652B, 0xD3C36113404EA4A9, // 5^-4
        0x83126E978D4FDF3B, 0x645A1CAC083126EA, // 5^-3
        0xA3D70A3D70A3D70A, 0x3D70A3D70A3D70A4, // 5^-2
        0xCCCCCCCCCCCCCCCC, 0xCCCCCCCCCCCCCCCD, // 5^-1
        0x8000000000000000, 0x0000000000000000, // 5^0
        0xA000000000000000, 0x0000000000000000, // 5^1
        0xC800000000000000, 0x0000000000000000, // 5^2
        0xFA00000000000000, 0x0000000000000000, // 5^3
        0x9C40000000000000, 0x0000000000000000, // 5^4
        0xC350000000000000, 0x0000000000000000, // 5^5
        0xF424000000000000, 0x0000000000000000, // 5^6
        0x9896800000000000, 0x0000000000000000, // 5^7
        0xBEBC200000000000, 0x0000000000000000, // 5^8
        0xEE6B280000000000, 0x0000000000000000, // 5^9
        0x9502F90000000000, 0x0000000000000000, // 5^10
        0xBA43B74000000000, 0x0000000000000000, // 5^11
        0xE8D4A51000000000, 0x0000000000000000, // 5^12
        0x9184E72A00000000, 0x0000000000000000, // 5^13
        0xB5E620F480000000, 0x0000000000000000, // 5^14
        0xE35FA931A0000000, 0x0000000000000000, // 5^15
        0x8E1BC9BF04000000, 0x0000000000000000, // 5^16
        0xB1A2BC2EC5000000, 0x0000000000000000, // 5^17
        0xDE0B6B3A76400000, 0x0000000000000000, // 5^18
        0x8AC7230489E80000, 0x0000000000000000, // 5^19
        0xAD78EBC5AC620000, 0x0000000000000000, // 5^20
        0xD8D726B7177A8000, 0x0000000000000000, // 5^21
        0x878678326EAC9000, 0x0000000000000000, // 5^22
        0xA968163F0A57B400, 0x0000000000000000, // 5^23
        0xD3C21BCECCEDA100, 0x0000000000000000, // 5^24
        0x84595161401484A0, 0x0000000000000000, // 5^25
        0xA56FA5B99019A5C8, 0x0000000000000000, // 5^26
        0xCECB8F27F4200F3A, 0x0000000000000000, // 5^27
        0x813F3978F8940984, 0x4000000000000000, // 5^28
        0xA18F07D736B90BE5, 0x5000000000000000, // 5^29
        0xC9F2C9CD04674EDE, 0xA400000000000000, // 5^30
        0xFC6F7C4045812296, 0x4D00000000000000, // 5^31
        0x9DC5ADA82B70B59D, 0xF020000000000000, // 5^32
        0xC5371912364CE305, 0x6C28000000000000, // 5^33
        0xF684DF56C3E01BC6, 0xC732000000000000, // 5^34
        0x9A130B963A6C115C, 0x3C7F400000000000, // 5^35
        0xC097CE7BC90715B3, 0x4B9F100000000000, // 5^36
        0xF0BDC21ABB48DB20, 0x1E86D40000000000, // 5^37
        0x96769950B50D88F4, 0x1314448000000000, // 5^38
        0xBC143FA4E250EB31, 0x17D955A000000000, // 5^39
        0xEB194F8E1AE525FD, 0x5DCFAB0800000000, // 5^40
        0x92EFD1B8D0CF37BE, 0x5AA1CAE500000000, // 5^41
        0xB7ABC627050305AD, 0xF14A3D9E40000000, // 5^42
        0xE596B7B0C643C719, 0x6D9CCD05D0000000, // 5^43
        0x8F7E32CE7BEA5C6F, 0xE4820023A2000000, // 5^44
        0xB35DBF821AE4F38B, 0xDDA2802C8A800000, // 5^45
        0xE0352F62A19E306E, 0xD50B2037AD200000, // 5^46
        0x8C213D9DA502DE45, 0x4526F422CC340000, // 5^47
        0xAF298D050E4395D6, 0x9670B12B7F410000, // 5^48
        0xDAF3F04651D47B4C, 0x3C0CDD765F114000, // 5^49
        0x88D8762BF324CD0F, 0xA5880A69FB6AC800, // 5^50
        0xAB0E93B6EFEE0053, 0x8EEA0D047A457A00, // 5^51
        0xD5D238A4ABE98068, 0x72A4904598D6D880, // 5^52
        0x85A36366EB71F041, 0x47A6DA2B7F864750, // 5^53
        0xA70C3C40A64E6C51, 0x999090B65F67D924, // 5^54
        0xD0CF4B50CFE20765, 0xFFF4B4E3F741CF6D, // 5^55
        0x82818F1281ED449F, 0xBFF8F10E7A8921A4, // 5^56
        0xA321F2D7226895C7, 0xAFF72D52192B6A0D, // 5^57
        0xCBEA6F8CEB02BB39, 0x9BF4F8A69F764490, // 5^58
        0xFEE50B7025C36A08, 0x02F236D04753D5B4, // 5^59
        0x9F4F2726179A2245, 0x01D762422C946590, // 5^60
        0xC722F0EF9D80AAD6, 0x424D3AD2B7B97EF5, // 5^61
        0xF8EBAD2B84E0D58B, 0xD2E0898765A7DEB2, // 5^62
        0x9B934C3B330C8577, 0x63CC55F49F88EB2F, // 5^63
        0xC2781F49FFCFA6D5, 0x3CBF6B71C76B25FB, // 5^64
    ]
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

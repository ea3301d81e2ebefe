/// Zero-padded decimal digits written into a buffer that `String(unsafeUninitializedCapacity:)`
/// is filling: the dates and time stamps OpenTravel pages carry by the thousand, without an
/// intermediate `String` for each number.
///
/// ```swift
/// String(unsafeUninitializedCapacity: 4) { out in PaddedDigits.write(7, width: 4, into: out, at: 0); return 4 }   // "0007"
/// ```
enum PaddedDigits {
    /// The last `width` digits of `value` (not negative) at `out[start..<start + width]`.
    static func write(_ value: Int, width: Int, into out: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        var rest = value
        for index in stride(from: start + width - 1, through: start, by: -1) {
            out[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
    }

    /// `YYYY-MM-DD` at `out[start..<start + 10]`: an `xsd:date`, and the first part of an
    /// `xs:dateTime`.
    static func date(_ year: Int, _ month: Int, _ day: Int, into out: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        write(year, width: 4, into: out, at: start)
        out[start + 4] = UInt8(ascii: "-")
        write(month, width: 2, into: out, at: start + 5)
        out[start + 7] = UInt8(ascii: "-")
        write(day, width: 2, into: out, at: start + 8)
    }
}

import Foundation

// Numbers are parsed straight from the text bytes: no String per number on the hot path.
// Each accepts surrounding XML whitespace, as `xsd:` numeric types collapse it.

/// What `IntegerText`, `DoubleText` and `DecimalText` share.
package enum NumberText {
    @inline(__always)
    package static func isXMLSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    /// Whether the number at `i` is negative; steps `i` past a leading `-` or `+`.
    @inline(__always)
    package static func readSign(_ s: Slice<UnsafeBufferPointer<UInt8>>, _ i: inout Int) -> Bool {
        guard i < s.endIndex, s[i] == UInt8(ascii: "-") || s[i] == UInt8(ascii: "+") else { return false }
        i += 1
        return s[i - 1] == UInt8(ascii: "-")
    }

    /// `bytes` without XML whitespace at either end.
    @inline(__always)
    package static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> Slice<UnsafeBufferPointer<UInt8>> {
        var lo = bytes.startIndex
        var hi = bytes.endIndex
        while lo < hi, isXMLSpace(bytes[lo]) { lo += 1 }
        while hi > lo, isXMLSpace(bytes[hi - 1]) { hi -= 1 }
        return bytes[lo..<hi]
    }
}

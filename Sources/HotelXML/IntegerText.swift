import Foundation

/// `xsd:int`: optional sign, digits.
package enum IntegerText {
    package static func parse(_ bytes: [UInt8]) -> Int? { bytes.withUnsafeBufferPointer { parse($0) } }

    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let s = NumberText.trimmed(bytes)
        var i = s.startIndex
        let negative = NumberText.readSign(s, &i)
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

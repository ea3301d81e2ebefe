import Foundation
import HotelSOAP
import HotelXML

/// Star ratings as services write them.
enum StarRating {
    /// A number 0…5, rounded down (`4`, `4.5`).
    static func number(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        if let n = IntegerText.parse(bytes) { return (0...5).contains(n) ? n : nil }
        guard let value = DoubleText.parse(bytes), value >= 0, value < 6 else { return nil }
        let n = Int(value.rounded(.down))
        return (0...5).contains(n) ? n : nil
    }

    /// `convert: stars`: digits first (`4`, `4.5`, `4 Stars`), else stars (`****`, `★★★★`),
    /// else the one digit of a code (`4ST`, `ST4`); 0…5, rounded down.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let text = String(decoding: bytes.trimmingXMLSpace, as: UTF8.self)
        guard !text.isEmpty else { return nil }
        let scalars = Array(text.unicodeScalars)
        func digit(_ s: Unicode.Scalar) -> Bool { ("0"..."9").contains(s) }
        if digit(scalars[0]) {
            // The leading number: digits, an optional fraction.
            var end = 0
            while end < scalars.count, digit(scalars[end]) { end += 1 }
            if end + 1 < scalars.count, scalars[end] == ".", digit(scalars[end + 1]) {
                end += 1
                while end < scalars.count, digit(scalars[end]) { end += 1 }
            }
            guard let value = Double(String(String.UnicodeScalarView(scalars[0..<end]))) else { return nil }
            let n = Int(value.rounded(.down))
            return (0...5).contains(n) ? n : nil
        }
        if scalars.allSatisfy({ $0 == "*" || $0 == "★" }) { return scalars.count <= 5 ? scalars.count : nil }
        // A code: exactly one run of digits (ST4, 4ST handled above, 3STAR…).
        let runs = text.split(whereSeparator: { !$0.isASCII || !$0.isNumber })
        guard runs.count == 1, let n = Int(runs[0]), (0...5).contains(n) else { return nil }
        return n
    }
}

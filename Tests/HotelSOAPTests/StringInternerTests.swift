import Foundation
import HotelXML
import Testing

/// The interner may only change how often a string is built, never which string comes
/// out: every answer must equal `String(decoding:as:)` on the same bytes.
@Suite("String interner")
struct StringInternerTests {
    private func interned(_ interner: inout StringInterner, _ bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { interner.string($0) }
    }

    @Test("a repeated value comes back equal, including after a collision evicted it")
    func repeats() {
        var interner = StringInterner()
        let values = ["Berlin", "서울", "東京", "wifi", "EUR", "", "DE"]
        for _ in 0..<3 {
            for value in values {
                #expect(interned(&interner, Array(value.utf8)) == value)
            }
        }
        // Far more distinct values than slots: each must still read back exactly.
        for i in 0..<5_000 {
            let value = "city-\(i)"
            #expect(interned(&interner, Array(value.utf8)) == value)
        }
        for value in values {
            #expect(interned(&interner, Array(value.utf8)) == value)
        }
    }

    @Test("random bytes, short and long, valid or not: the same String as String(decoding:)")
    func matchesDecoding() {
        var interner = StringInterner()
        var rng = SplitMix64(seed: 0x1A7E_2026)
        // A small alphabet with UTF-8 lead and continuation bytes, so values repeat,
        // collide on hash slots, and are sometimes invalid UTF-8.
        let alphabet: [UInt8] = [0x41, 0x42, 0x20, 0xC3, 0xA9, 0xE6, 0x9D, 0xB1, 0xFF, 0x80]
        var mismatches: [String] = []
        for _ in 0..<50_000 {
            let length = Int.random(in: 0...(StringInterner.maxLength + 4), using: &rng)
            let bytes = (0..<length).map { _ in alphabet.randomElement(using: &rng)! }
            let expected = String(decoding: bytes, as: UTF8.self)
            let got = interned(&interner, bytes)
            // Compare the UTF-8 as well: String == is canonical equivalence, looser than bytes.
            if got != expected || Array(got.utf8) != Array(expected.utf8) {
                mismatches.append("\(bytes): \(got.debugDescription) vs \(expected.debugDescription)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }
}

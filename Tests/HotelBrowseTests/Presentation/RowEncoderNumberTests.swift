import Testing

@testable import HotelBrowse
@testable import HotelSeeder

/// `RowEncoder.number` writes short decimals itself, without `description`'s `String`:
/// it must write exactly what `description` writes, for every value.
@Suite("Row encoder numbers")
struct RowEncoderNumberTests {
    static func written(_ value: Double) -> String {
        var bytes: [UInt8] = []
        RowEncoder.number(value, &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("decimals of 0 to 8 places at every magnitude, and random bit patterns, as description writes them")
    func sameAsDescription() {
        var random = SplitMix64(seed: 15)
        var mismatches: [String] = []
        for _ in 0..<200_000 {
            let places = Int(random.next() % 9)
            let digits = Int(random.next() % 17) + 1
            let integer = Double(random.next() % UInt64(Self.pow10(digits)))
            let sign: Double = random.next() % 2 == 0 ? 1 : -1
            let values = [sign * integer / Self.pow10(places), Double(bitPattern: random.next()), sign * integer * 0.1 * 3]
            for value in values where value.isFinite {
                if Self.written(value) != value.description { mismatches.append(value.description) }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) differ, e.g. \(mismatches.prefix(5))")
    }

    @Test(
        "the edges of the short form: its range, zeros, the last representable places",
        arguments: [
            0.0, -0.0, 0.001, -0.001, 0.000999, 0.0001, 1e-7, 1e15, 999_999_999_999_999.9, 99_999_999_999_999.9, 1e14 + 0.5,
            9_007_199_254_740_993, 0.1 + 0.2, 45, -90, 180, 37.566535, 126.978, 1.000001, 1.0000001, 123_456.789012, .infinity,
            -.infinity, .greatestFiniteMagnitude, .leastNonzeroMagnitude,
        ])
    func edges(_ value: Double) {
        #expect(Self.written(value) == value.description)
    }

    static func pow10(_ n: Int) -> Double { (0..<n).reduce(1) { value, _ in value * 10 } }
}

import Foundation
import Testing

@testable import HotelXML

/// `FixedDecimalText` must write what `String(format: "%.Nf")` writes, byte for byte: an
/// OpenTravel partner's parser, and our own tests, see the same text either way.
@Suite("FixedDecimalText")
struct FixedDecimalTextTests {
    @Test("coordinates at random, every magnitude: the same text as String(format:)")
    func randomCoordinates() {
        var generator = SystemRandomNumberGenerator()
        var differing: [Double] = []
        for _ in 0..<200_000 {
            let magnitude = [1.0, 10, 90, 180, 1e-3, 1e-6][Int.random(in: 0..<6, using: &generator)]
            let value = Double.random(in: -magnitude...magnitude, using: &generator)
            if FixedDecimalText.format(value, places: 6) != String(format: "%.6f", value) { differing.append(value) }
        }
        #expect(differing.isEmpty, "\(differing.prefix(5).map { "\($0.debugDescription)" })")
    }

    @Test(
        "halves, signs, zeros and edges",
        arguments: [
            0.0, -0.0, 1e-7, -1e-7, 0.0000005, -0.0000005, 0.0000015, 0.0000025, 1.0000005, 179.9999995, 179.99999949999999,
            -179.9999995, 48.8566, 35.6812, -23.5505, 139.7671, 0.1, 0.125, 2.5e-7, 123456.0000005, 1e12, -1e12, 1e300, 5e-324,
            .infinity, -.infinity, .nan, 0.9999995, 9.9999995, 99.9999995,
        ])
    func edges(value: Double) {
        for places in [0, 1, 2, 6, 7, 9] {
            #expect(FixedDecimalText.format(value, places: places) == String(format: "%.\(places)f", value), "\(value) to \(places)")
        }
    }

    @Test("the decimals of every multiple of 1/64 (exact halves in binary) round as printf rounds them")
    func exactHalves() {
        for numerator in -1_000...1_000 {
            let value = Double(numerator) / 64
            for places in 0...3 {
                #expect(FixedDecimalText.format(value, places: places) == String(format: "%.\(places)f", value), "\(value) to \(places)")
            }
        }
    }
}

/// `XMLWriter.integer` writes the digits `String(value)` would, at both ends of `Int64`.
@Suite("XMLWriter.integer")
struct XMLWriterIntegerTests {
    @Test("as String(value) writes it", arguments: [0, 7, -1, 10, 99, 100, 1_234_567, -1_234_567, Int64.max, Int64.min])
    func digits(value: Int64) {
        var writer = XMLWriter()
        writer.literal("<")
        writer.integer(value)
        writer.literal(">")
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "<\(value)>")
    }
}

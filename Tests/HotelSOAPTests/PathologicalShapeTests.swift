import Foundation
import HotelSOAP
import Testing

/// Shapes an attacker picks to make a parser do quadratic work: each costs about what a
/// plain response of the same size costs, measured in the same run (a ratio, so a slow
/// machine changes nothing), and a shape past a limit is refused as soon as it is seen.
@Suite("Pathological shapes cost linear time")
struct PathologicalShapeTests {
    static let size = 1 << 20
    static let hotel = HotelInfo(
        id: "H0000001", name: "Grand Hôtel de Paris", address: "1 rue de Rivoli", city: "Paris", country: "FR",
        latitude: 48.8566, longitude: 2.3522, stars: 4, price: Money(Decimal(string: "129.50")!, "EUR"), distanceKm: 1.25,
        logoURL: "http://127.0.0.1:8080/logos/H0000001.png", phone: "+33 1 23 45 67 89", amenities: ["wifi", "pool"])

    /// A search response with `hotels` hotels.
    static func response(hotels: Int) -> [UInt8] {
        let page = SearchPage(totalCount: hotels, offset: 0, hotels: Array(repeating: hotel, count: hotels))
        return try! SOAPResponseWriter.searchResults(page, version: .v11)
    }

    /// A response padded to `size` with `unit` repeated inside the response element,
    /// which skips what it does not know, as responses must.
    static func document(repeating unit: String) -> [UInt8] {
        document(padding: String(repeating: unit, count: max(1, (size - 600) / unit.utf8.count)))
    }

    static func document(padding: String) -> [UInt8] {
        let text = String(decoding: response(hotels: 1), as: UTF8.self)
        let close = text.range(
            of: "</", options: .backwards, range: text.startIndex..<text.range(of: "SearchHotelsResponse>", options: .backwards)!.lowerBound
        )!
        return Array((text[..<close.lowerBound] + padding + text[close.lowerBound...]).utf8)
    }

    /// The yardstick: an ordinary response of the same size, hotels and all.
    static let plain: [UInt8] = {
        let one = response(hotels: 1).count
        let each = response(hotels: 2).count - one
        return response(hotels: 1 + (size - one) / each)
    }()

    static func attributes(_ count: Int, prefix: String = "a") -> String {
        (0..<count).map { " \(prefix)\($0)=\"v\"" }.joined()
    }

    /// Shapes within the limits, each allowed and each the worst of its kind.
    static let allowed: [(String, [UInt8])] = [
        ("256 attributes per element", document(repeating: "<X\(attributes(256))/>")),
        ("64 namespace declarations per element", document(repeating: "<X\(attributes(64, prefix: "xmlns:p"))/>")),
        ("names of 40,000 characters", document(repeating: "<\(String(repeating: "n", count: 40_000))/>")),
        (
            "nesting at the depth limit",
            document(repeating: String(repeating: "<X>", count: 58) + "t" + String(repeating: "</X>", count: 58))
        ),
        ("one text field of 900 KB", document(padding: "<X>" + String(repeating: "t", count: 900_000) + "</X>")),
        ("text in 1-byte elements", document(repeating: "<X>t</X>")),
        ("attribute values full of references", document(repeating: "<X a=\"\(String(repeating: "&amp;&#x41;", count: 200))\"/>")),
    ]

    /// Shapes past a limit, with what the error must say.
    static let refused: [(String, [UInt8], String)] = [
        ("50,000 attributes on one element", document(repeating: "<X\(attributes(50_000))/>"), "more than 256 attributes"),
        (
            "20,000 namespace declarations on one element",
            document(repeating: "<X\(attributes(20_000, prefix: "xmlns:p"))/>"), "declares more than 64 namespaces"
        ),
        ("a 100 KB start tag", document(repeating: "<X a=\"\(String(repeating: "v", count: 100_000))\"/>"), "longer than 65536 bytes"),
    ]

    /// The fastest of a few parses, fed in 16 KiB chunks as the network delivers them.
    static func cost(_ bytes: [UInt8]) -> (seconds: Double, error: SOAPParseError?) {
        var best = Double.infinity
        var failure: SOAPParseError?
        for _ in 0..<5 {
            let clock = ContinuousClock()
            let start = clock.now
            let parser = SOAPMessageParser(onHotel: { _ in })
            do {
                var offset = 0
                while offset < bytes.count {
                    let end = min(offset + 16_384, bytes.count)
                    try bytes[offset..<end].withUnsafeBytes { try parser.feed($0) }
                    offset = end
                }
                _ = try parser.finish()
                failure = nil
            } catch {
                failure = error as? SOAPParseError
            }
            let elapsed = start.duration(to: clock.now)
            best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        return (best, failure)
    }

    @Test("every allowed shape parses, within a small factor of a plain response of the same size")
    func allowedShapes() {
        let plain = Self.cost(Self.plain)
        #expect(plain.error == nil, "the yardstick itself failed: \(String(describing: plain.error))")
        for (name, bytes) in Self.allowed {
            #expect(bytes.count > Self.size * 3 / 4, "\(name): \(bytes.count) bytes")
            let shape = Self.cost(bytes)
            #expect(shape.error == nil, "\(name): \(String(describing: shape.error))")
            let ratio = shape.seconds / plain.seconds
            // libxml2's own per-tag work differs by shape; quadratic work would be 100× and more.
            #expect(ratio < 5, "\(name): \(ratio)× the plain response (\(shape.seconds) s vs \(plain.seconds) s)")
        }
    }

    @Test("a shape past a limit is refused naming the element, before the quadratic work")
    func refusedShapes() {
        let plain = Self.cost(Self.plain)
        for (name, bytes, message) in Self.refused {
            let shape = Self.cost(bytes)
            #expect(shape.error?.kind == .tooLarge, "\(name): \(String(describing: shape.error))")
            #expect(
                shape.error?.reason.contains("element X ") == true && shape.error?.reason.contains(message) == true,
                "\(name): \(String(describing: shape.error))")
            #expect(shape.seconds / plain.seconds < 2, "\(name): \(shape.seconds / plain.seconds)× the plain response")
        }
    }

    @Test("the limits also hold when the document is UTF-16, where the bytes between markup differ")
    func wideEncodings() throws {
        let text = String(decoding: Self.document(repeating: "<X\(Self.attributes(1000))/>"), as: UTF8.self)
            .replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"UTF-16\"")
        for encoding in [String.Encoding.utf16LittleEndian, .utf16BigEndian] {
            let bom: [UInt8] = encoding == .utf16LittleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
            let bytes = bom + Array(try #require(text.data(using: encoding)))
            let shape = Self.cost(bytes)
            #expect(shape.error?.kind == .tooLarge, "\(encoding): \(String(describing: shape.error))")
        }
    }
}

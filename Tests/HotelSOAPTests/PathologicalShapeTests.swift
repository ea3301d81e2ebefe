import Foundation
import HotelSOAP
import Testing

/// Shapes an attacker picks to make a parser do quadratic work
/// (`SOAPMessageParser.WorstShapes`): each allowed one parses, and each past a limit is
/// refused as soon as it is seen, naming the element. What the allowed ones cost beside a
/// plain response of the same size is a ratio of times, so it lives in `hotels-bench`
/// ("Worst shapes"), not here: a loaded CI machine made a 5 × bound fail at 5.3 ×.
@Suite("Pathological shapes")
struct PathologicalShapeTests {
    static let shapes = SOAPMessageParser.WorstShapes()
    static let chunk = 16_384

    /// Feeds `bytes` in 16 KiB chunks, as the network delivers them; on an error, how many
    /// bytes had been fed when it came.
    static func parse(_ bytes: [UInt8]) -> (error: SOAPParseError?, fedWhenThrown: Int) {
        let parser = SOAPMessageParser(onHotel: { _ in })
        var offset = 0
        do {
            while offset < bytes.count {
                let end = min(offset + chunk, bytes.count)
                try bytes[offset..<end].withUnsafeBytes { try parser.feed($0) }
                offset = end
            }
            _ = try parser.finish()
            return (nil, offset)
        } catch {
            return (error as? SOAPParseError, min(offset + chunk, bytes.count))
        }
    }

    @Test("the yardstick and every allowed shape parse, each about a megabyte")
    func allowedShapes() {
        #expect(Self.parse(Self.shapes.plain()).error == nil)
        let allowed = Self.shapes.allowed()
        #expect(allowed.count == 7)
        for shape in allowed {
            #expect(shape.bytes.count > Self.shapes.size * 3 / 4, "\(shape.name): \(shape.bytes.count) bytes")
            let result = Self.parse(shape.bytes)
            #expect(result.error == nil, "\(shape.name): \(String(describing: result.error))")
        }
    }

    /// "Early" without a clock: the error comes while the parser is still within one start
    /// tag's limit of where the attack begins, so it never reads the rest of the megabyte.
    @Test("a shape past a limit is refused naming the element, within a start tag's limit of where it begins")
    func refusedShapes() {
        let limit = SOAPMessageParser.Limits.default.maxStartTagBytes
        for shape in Self.shapes.refused() {
            let result = Self.parse(shape.bytes)
            #expect(result.error?.kind == .tooLarge, "\(shape.name): \(String(describing: result.error))")
            let reason = result.error?.reason ?? ""
            #expect(reason.contains("element X ") && reason.contains(shape.refusal ?? "?"), "\(shape.name): \(reason)")
            let start = SOAPMessageParser.WorstShapes.paddingOffset(in: shape.bytes)
            #expect(start > 0 && start < 2_000, "\(shape.name): the padding starts at \(start)")
            #expect(
                result.fedWhenThrown <= start + limit + Self.chunk,
                "\(shape.name): refused after \(result.fedWhenThrown) of \(shape.bytes.count) bytes")
            #expect(result.fedWhenThrown < shape.bytes.count / 4, "\(shape.name): \(result.fedWhenThrown) bytes read first")
        }
    }

    @Test("the limits also hold when the document is UTF-16, where the bytes between markup differ")
    func wideEncodings() throws {
        let refused = try #require(Self.shapes.refused().first)
        let text = String(decoding: refused.bytes, as: UTF8.self)
            .replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"UTF-16\"")
        #expect(text.contains("encoding=\"UTF-16\""))
        for encoding in [String.Encoding.utf16LittleEndian, .utf16BigEndian] {
            let bom: [UInt8] = encoding == .utf16LittleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
            let bytes = bom + Array(try #require(text.data(using: encoding)))
            let result = Self.parse(bytes)
            #expect(result.error?.kind == .tooLarge, "\(encoding): \(String(describing: result.error))")
            #expect(result.fedWhenThrown < bytes.count / 4, "\(encoding): refused after \(result.fedWhenThrown) of \(bytes.count) bytes")
        }
    }
}

import Foundation

extension SOAPMessageParser {
    /// The shapes an attacker picks to make a parser do quadratic work, at the edge of
    /// `Limits.default`: the worst of each kind the limits still allow, and a few past a
    /// limit. One definition for the tests (every allowed shape parses, every refused one is
    /// refused early, naming the element) and for `hotels-bench`, which times each allowed
    /// shape against a plain response of the same size.
    ///
    /// Each document is a `SearchHotelsResponse` with one hotel, padded to about `size` bytes
    /// with the shape's unit inside the response element, which readers skip as they must
    /// skip what they do not know.
    package struct WorstShapes: Sendable {
        /// One padded document.
        package struct Shape: Sendable {
            package var name: String
            package var bytes: [UInt8]
            /// For a refused shape, words the error's reason must hold; nil for an allowed one.
            package var refusal: String?
        }

        package let size: Int

        package init(size: Int = 1 << 20) {
            self.size = size
        }

        /// The yardstick: an ordinary response of about `size` bytes, hotels and all.
        package func plain() -> [UInt8] {
            let one = Self.response(hotels: 1).count
            let each = Self.response(hotels: 2).count - one
            return Self.response(hotels: 1 + max(0, size - one) / each)
        }

        /// Shapes within the limits, each allowed and each the worst of its kind.
        package func allowed() -> [Shape] {
            let limits = Limits.default
            return [
                Shape(
                    name: "\(limits.maxAttributes) attributes per element",
                    bytes: document(repeating: "<X\(Self.attributes(limits.maxAttributes))/>")),
                Shape(
                    name: "\(limits.maxNamespaceDeclarations) namespace declarations per element",
                    bytes: document(repeating: "<X\(Self.attributes(limits.maxNamespaceDeclarations, prefix: "xmlns:p"))/>")),
                Shape(name: "names of 40,000 characters", bytes: document(repeating: "<\(String(repeating: "n", count: 40_000))/>")),
                // The response element sits 3 levels down (Envelope, Body, response).
                Shape(
                    name: "nesting at the depth limit",
                    bytes: document(
                        repeating: String(repeating: "<X>", count: limits.maxDepth - 6) + "t"
                            + String(repeating: "</X>", count: limits.maxDepth - 6))),
                Shape(
                    name: "one text field of \(size * 7 / 8 / 1000) KB",
                    bytes: document(padding: "<X>" + String(repeating: "t", count: size * 7 / 8) + "</X>")),
                Shape(name: "text in 1-byte elements", bytes: document(repeating: "<X>t</X>")),
                Shape(
                    name: "attribute values full of references",
                    bytes: document(repeating: "<X a=\"\(String(repeating: "&amp;&#x41;", count: 200))\"/>")),
            ]
        }

        /// Shapes past a limit, with words the error must say.
        package func refused() -> [Shape] {
            let limits = Limits.default
            return [
                Shape(
                    name: "50,000 attributes on one element", bytes: document(repeating: "<X\(Self.attributes(50_000))/>"),
                    refusal: "more than \(limits.maxAttributes) attributes"),
                Shape(
                    name: "20,000 namespace declarations on one element",
                    bytes: document(repeating: "<X\(Self.attributes(20_000, prefix: "xmlns:p"))/>"),
                    refusal: "declares more than \(limits.maxNamespaceDeclarations) namespaces"),
                Shape(
                    name: "a 100 KB start tag", bytes: document(repeating: "<X a=\"\(String(repeating: "v", count: 100_000))\"/>"),
                    refusal: "longer than \(limits.maxStartTagBytes) bytes"),
            ]
        }

        /// Where the padding starts: the first byte an attack controls.
        package static func paddingOffset(in bytes: [UInt8]) -> Int {
            let plain = document(response(hotels: 1), padding: "")
            return zip(plain, bytes).prefix { $0 == $1 }.count
        }

        private static let hotel = HotelInfo(
            id: "H0000001", name: "Grand Hôtel de Paris", address: "1 rue de Rivoli", city: "Paris", country: "FR",
            latitude: 48.8566, longitude: 2.3522, stars: 4, price: Money(Decimal(string: "129.50")!, "EUR"), distanceKm: 1.25,
            logoURL: "http://127.0.0.1:8080/logos/H0000001.png", phone: "+33 1 23 45 67 89", amenities: ["wifi", "pool"])

        private static func response(hotels: Int) -> [UInt8] {
            let page = SearchPage(totalCount: hotels, offset: 0, hotels: Array(repeating: hotel, count: hotels))
            // The writer throws only for a value it cannot write, and this hotel has none.
            return (try? SOAPResponseWriter.searchResults(page, version: .v11)) ?? []
        }

        private static func attributes(_ count: Int, prefix: String = "a") -> String {
            (0..<count).map { " \(prefix)\($0)=\"v\"" }.joined()
        }

        private func document(repeating unit: String) -> [UInt8] {
            document(padding: String(repeating: unit, count: max(1, (size - 600) / unit.utf8.count)))
        }

        private func document(padding: String) -> [UInt8] {
            Self.document(Self.response(hotels: 1), padding: padding)
        }

        /// `response` with `padding` just before the response element's end tag.
        private static func document(_ response: [UInt8], padding: String) -> [UInt8] {
            let text = String(decoding: response, as: UTF8.self)
            guard let end = text.range(of: "SearchHotelsResponse>", options: .backwards),
                let close = text.range(of: "</", options: .backwards, range: text.startIndex..<end.lowerBound)
            else { return response }
            return Array((text[..<close.lowerBound] + padding + text[close.lowerBound...]).utf8)
        }
    }
}

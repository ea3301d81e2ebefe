import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import HotelSOAP

/// Our streaming parser vs `xmllint --stream` vs Foundation's XMLParser(stream:) on one file.
enum ParseBench {
    struct Result {
        var megabytes: Double
        var hotels: Int
        var ours: Double
        var xmllint: Double
        var foundation: Double
    }

    static func run(path: String, runs: Int) throws -> Result {
        let size = Double((try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) / 1e6
        var hotels = 0
        let ours = try Measure.time(runs: runs) { hotels = try parseOurs(path: path) }
        let xmllint = try Measure.command(["xmllint", "--stream", "--noout", path], runs: runs)
        var foundationCount = 0
        let foundation = try Measure.time(runs: runs) { foundationCount = try parseFoundation(path: path) }
        guard foundationCount == hotels else { throw BenchError("Foundation saw \(foundationCount) hotels, ours \(hotels)") }
        return Result(megabytes: size, hotels: hotels, ours: ours, xmllint: xmllint, foundation: foundation)
    }

    /// Reads the file in 64 KiB chunks, as from a socket, and builds every HotelInfo.
    static func parseOurs(path: String) throws -> Int {
        var count = 0
        let parser = SOAPMessageParser { _ in count += 1 }
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            try buffer.withUnsafeBytes { try parser.feed(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
        }
        _ = try parser.finish()
        return count
    }

    /// An equivalent delegate on Foundation's XMLParser: builds the same models by element name.
    static func parseFoundation(path: String) throws -> Int {
        guard let stream = InputStream(fileAtPath: path) else { throw BenchError("cannot open \(path)") }
        let parser = XMLParser(stream: stream)
        let delegate = FoundationDelegate()
        parser.shouldProcessNamespaces = true
        parser.delegate = delegate
        guard parser.parse(), parser.parserError == nil else { throw BenchError("Foundation parse failed: \(String(describing: parser.parserError))") }
        return delegate.count
    }
}

private final class FoundationDelegate: NSObject, XMLParserDelegate {
    var count = 0
    var text = ""
    var fields: [String: String] = [:]
    var currency = ""
    var amenities: [String] = []

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        text = ""
        if name == "Hotel" { fields = [:]; amenities = [] }
        if name == "Price" { currency = attributes["currency"] ?? "" }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
    func parser(_ parser: XMLParser, foundCDATA block: Data) { text += String(decoding: block, as: UTF8.self) }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        switch name {
        case "Hotel":
            let hotel = HotelInfo(
                id: fields["HotelId"] ?? "", name: fields["Name"] ?? "", address: fields["Address"] ?? "",
                city: fields["City"] ?? "", country: fields["Country"] ?? "",
                latitude: Double(fields["Latitude"] ?? "") ?? 0, longitude: Double(fields["Longitude"] ?? "") ?? 0,
                stars: Int(fields["Stars"] ?? "") ?? 0, price: Money(Decimal(string: fields["Price"] ?? "") ?? 0, currency),
                logoURL: fields["LogoURL"], phone: fields["Phone"], amenities: amenities)
            if !hotel.id.isEmpty { count += 1 }
        case "Amenity": amenities.append(text)
        default: fields[name] = text
        }
    }
}

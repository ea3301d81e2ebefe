import Foundation
import HotelSOAP

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The comparison's other side: Foundation's `XMLParser` with a delegate that builds the
/// same `HotelInfo` models ours does, by element name, the way a typical app would.
final class FoundationParseDelegate: NSObject, XMLParserDelegate {
    var count = 0
    var text = ""
    var fields: [String: String] = [:]
    var currency = ""
    var amenities: [String] = []

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        text = ""
        if name == "Hotel" {
            fields = [:]
            amenities = []
        }
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

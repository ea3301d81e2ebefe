import HotelXML

/// A `Hotel` element written once, to be copied into many responses.
///
/// A server answering the same hotels again and again (a popular city's first page)
/// spent most of a search escaping the same strings into the same XML. Everything in a
/// `Hotel` but `DistanceKm` depends only on the hotel, so the element is kept as bytes
/// with the place where a query's distance goes.
///
/// ```swift
/// let rendered = try RenderedHotel(hotel)  // hotel.distanceKm is ignored
/// var writer = SOAPResponseWriter(version: .v11)
/// writer.beginSearchResults(totalCount: 1, offset: 0)
/// try writer.append(rendered, distanceKm: 1.5)
/// let body = writer.finishSearchResults()  // the same bytes as writer.append(hotel) with 1.5
/// ```
///
/// A class: a cache hands the same one to every response, one retain each.
///
/// It keeps only the bytes: a cache that must know which hotel they stand for keeps that
/// itself (the server's `RenderedHotelCache` does), and a second copy of every hotel here
/// cost memory and a copy per hotel written.
public final class RenderedHotel: Sendable {
    let bytes: [UInt8]
    /// Where `<h:DistanceKm>` goes: right after `</h:Price>`.
    let distanceAt: Int

    /// Bytes of the element without a distance: for sizing a response before writing it.
    public var byteCount: Int { bytes.count }

    /// Throws as ``SOAPResponseWriter/append(_:)-(HotelInfo)`` would for the same hotel.
    public init(_ hotel: HotelInfo) throws(XMLWriterError) {
        var xml = XMLWriter(capacity: 512)
        try xml.hotelHead(hotel)
        distanceAt = xml.bytes.count
        try xml.hotelTail(hotel)
        bytes = xml.bytes
    }
}

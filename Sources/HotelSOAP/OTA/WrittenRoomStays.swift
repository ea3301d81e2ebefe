import HotelXML

/// One hotel's `RoomStay` elements written once, to be copied into many responses: the
/// OpenTravel twin of ``RenderedHotel``.
///
/// Writing a page of 50 hotels' 150 stays (escaping, amounts, the property info) was most of
/// an `OTA_HotelAvailRS`'s CPU, and a popular search asks for the same hotels, dates and
/// guests again. Everything in a hotel's stays but the page's `MoreDataEchoToken` (on the
/// page's last `RoomStay`) depends only on the stays, so they are kept as bytes with the place
/// where that token goes.
///
/// ```swift
/// let written = try WrittenRoomStays(stays)  // one hotel's stays, in order
/// let body = try OTAAvailResponseWriter.success(
///     version: .v11, echoToken: nil, timeStamp: stamp, warnings: [], written: [written], more: token)
/// // the same bytes as OTAAvailResponseWriter.success(…, stays: stays, more: token)
/// ```
///
/// A class: a cache hands the same one to every response, one retain each.
public final class WrittenRoomStays: Sendable {
    /// The stays it was written from.
    public let stays: [OTARoomStay]
    let bytes: [UInt8]
    /// Where the last stay's `<RoomStay>` start tag begins.
    let lastOpenAt: Int

    private static let plainOpen = Array("<RoomStay>".utf8)

    /// Bytes written, for sizing a response before writing it.
    public var byteCount: Int { bytes.count }

    /// Throws as ``OTAAvailResponseWriter/success(version:echoToken:timeStamp:warnings:stays:more:)``
    /// would for the same stays.
    public init(_ stays: [OTARoomStay]) throws(XMLWriterError) {
        var xml = XMLWriter(capacity: stays.count * 1200)
        var property: OTAAvailResponseWriter.WrittenProperty?
        var lastOpenAt = 0
        for stay in stays {
            lastOpenAt = xml.bytes.count
            try OTAAvailResponseWriter.roomStay(&xml, stay, more: nil, property: &property)
        }
        self.stays = stays
        self.bytes = xml.bytes
        self.lastOpenAt = lastOpenAt
    }

    /// Appends the stays; with `more`, the last one's start tag carries it as `MoreDataEchoToken`.
    func write(to xml: inout XMLWriter, more: String? = nil) {
        guard let more, !stays.isEmpty else {
            bytes.withUnsafeBufferPointer { xml.append(bytes: $0) }
            return
        }
        bytes.withUnsafeBufferPointer { all in
            xml.append(bytes: UnsafeBufferPointer(rebasing: all[..<lastOpenAt]))
            xml.open("RoomStay", ["MoreDataEchoToken": more])
            xml.append(bytes: UnsafeBufferPointer(rebasing: all[(lastOpenAt + Self.plainOpen.count)...]))
        }
    }
}

/// OpenTravel Alliance (OTA) constants shared by the reader and the writer of
/// `OTA_HotelAvailRQ` / `OTA_HotelAvailRS` (2017B schemas).
///
/// ```swift
/// OTA.namespace   // "http://www.opentravel.org/OTA/2003/05"
/// ```
public enum OTA {
    /// The namespace of every OTA message element.
    public static let namespace = "http://www.opentravel.org/OTA/2003/05"
    /// The request's root element.
    public static let availRequest = "OTA_HotelAvailRQ"
    /// The response's root element.
    public static let availResponse = "OTA_HotelAvailRS"
    /// The `Version` our responses carry (`xs:decimal` in the schema).
    public static let messageVersion = "1.000"
}

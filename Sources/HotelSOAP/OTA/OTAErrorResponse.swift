/// An `OTA_HotelAvailRS` holding `Errors`: the partner refused the request. Thrown by
/// ``OTAAvailResponseReader/finish()`` the way a contract response's fault is thrown as
/// `SOAPFault`, and reported by the CLI like one (exit status 3).
///
/// ```swift
/// do { _ = try reader.finish() } catch let refused as OTAErrorResponse {
///     print(refused)   // OTA_HotelAvailRS Errors: 404 Invalid dates: … (type 3)
/// }
/// ```
public struct OTAErrorResponse: Error, Sendable, Hashable, CustomStringConvertible {
    /// Every `Error` of the response, in document order (at least one).
    public var errors: [OTAMessageNote]

    public init(errors: [OTAMessageNote]) {
        self.errors = errors
    }

    /// One line, all errors joined with `; `.
    public var description: String {
        "\(OTA.availResponse) Errors: " + errors.map(\.description).joined(separator: "; ")
    }
}

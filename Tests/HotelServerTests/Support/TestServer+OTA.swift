import Foundation
import HotelSOAP
import Testing

@testable import HotelCatalogs
@testable import HotelSeeder
@testable import HotelServer

/// OTA_HotelAvailRQ envelopes for the tests.
enum OTARequest {
    static func envelope(
        _ version: SOAPVersion, root: String = "", segmentAttributes: String = "", criterion: String = "", segment: String = ""
    ) -> String {
        let criteria = criterion.isEmpty ? "" : "<HotelSearchCriteria><Criterion>\(criterion)</Criterion></HotelSearchCriteria>"
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <s:Envelope xmlns:s="\(version.envelopeNamespace)"><s:Body>\
            <OTA_HotelAvailRQ xmlns="\(OTA.namespace)" Version="1.0" \(root)>\
            <AvailRequestSegments><AvailRequestSegment \(segmentAttributes)>\(criteria)\(segment)</AvailRequestSegment></AvailRequestSegments>\
            </OTA_HotelAvailRQ></s:Body></s:Envelope>
            """
    }
}

extension TestServer {
    func otaRaw(_ xml: String, version: SOAPVersion = .v11) async throws -> Reply {
        try await request("/ota", method: .POST, headers: [("Content-Type", version.contentType(action: nil))], body: Array(xml.utf8))
    }

    /// Sends a request and returns the response, validated against the official schema.
    func ota(
        criterion: String = "", segment: String = "", root: String = "", segmentAttributes: String = "", version: SOAPVersion = .v11
    ) async throws -> OTAResponse {
        let xml = OTARequest.envelope(version, root: root, segmentAttributes: segmentAttributes, criterion: criterion, segment: segment)
        return try validated(try await otaRaw(xml, version: version))
    }
}

/// The OTA payload of a 200 response, after checking it against OTA_HotelAvailRS.xsd and
/// against the types of our WSDL (which must describe what the service sends).
func validated(_ reply: TestServer.Reply, sourceLocation: SourceLocation = #_sourceLocation) throws -> OTAResponse {
    try #require(reply.status == 200, "HTTP \(reply.status): \(reply.text.prefix(500))", sourceLocation: sourceLocation)
    let schema = try OTASchema.response.get()
    let payload = try #require(
        OTASchema.payload(reply.text), "no OTA_HotelAvailRS in \(reply.text.prefix(500))", sourceLocation: sourceLocation)
    let errors = schema.errors(payload)
    try #require(
        errors.isEmpty, "not valid by OTA_HotelAvailRS.xsd: \(errors.prefix(5))\n\(payload.prefix(1500))", sourceLocation: sourceLocation)
    let ours = try OTASchema.wsdlTypes.get().errors(payload)
    try #require(ours.isEmpty, "not valid by WSDL/OTAHotelAvail.wsdl's types: \(ours.prefix(5))", sourceLocation: sourceLocation)
    return try OTAResponse(payload)
}

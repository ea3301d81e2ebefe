import Foundation
import HotelSOAP
import Testing

/// The saved OpenTravel messages in `Samples/ota` stay honest: requests read the same in any
/// chunking and are valid OTA; responses are valid by the official schema and our WSDL.
@Suite("OpenTravel samples")
struct OTASampleTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples/ota")

    static func files(_ kind: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".xml") && $0.contains(kind) }.sorted()
    }

    @Test("there are samples of each kind")
    func present() {
        #expect(Self.files("request").count >= 3)
        #expect(Self.files("response").count + Self.files("errors").count >= 3)
    }

    @Test("requests read the same whole and byte by byte, and validate against OTA_HotelAvailRQ.xsd", arguments: files("request"))
    func request(_ name: String) throws {
        let text = try String(contentsOf: Self.directory.appendingPathComponent(name), encoding: .utf8)
        let whole = try OTAAvailRequestReader.read(Array(text.utf8))
        let reader = OTAAvailRequestReader()
        for byte in text.utf8 { try reader.feed([byte]) }
        let chunked = try reader.finish()
        #expect(whole.version == chunked.version && whole.request == chunked.request)
        #expect(whole.version == (name.contains("soap12") ? .v12 : .v11))
        #expect(whole.request.minRating == 3 && whole.request.guestCounts.first?.count == 2 && whole.request.problems.isEmpty)
        let payload = try #require(OTASchema.payload(text, root: "OTA_HotelAvailRQ"))
        let errors = try OTASchema.request.get().errors(payload)
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test("responses validate against OTA_HotelAvailRS.xsd and the WSDL's types", arguments: files("response") + files("errors"))
    func response(_ name: String) throws {
        let text = try String(contentsOf: Self.directory.appendingPathComponent(name), encoding: .utf8)
        let payload = try #require(OTASchema.payload(text))
        let official = try OTASchema.response.get().errors(payload)
        #expect(official.isEmpty, "\(official)")
        let ours = try OTASchema.wsdlTypes.get().errors(payload)
        #expect(ours.isEmpty, "\(ours)")
        let rs = try OTAResponse(payload)
        #expect(name.contains("errors") ? rs.errors.map(\.code) == ["404"] : rs.success && rs.stays.count >= 2)
    }

    /// Hand-written partner shapes for `hotels parse` (default namespace, prefixed, several
    /// RoomStays, Warnings, empty): valid by the official schema; our WSDL's types are
    /// narrower than what partners send, so they are not checked against it.
    static let clientSamples = files(".xml").filter { !$0.contains("request") && !$0.contains("response") && !$0.contains("errors") }

    @Test("hand-written client samples validate against OTA_HotelAvailRS.xsd", arguments: clientSamples)
    func clientSample(_ name: String) throws {
        let text = try String(contentsOf: Self.directory.appendingPathComponent(name), encoding: .utf8)
        // `payload` cuts the root out as text: a prefixed root needs its prefix, and the
        // declaration it inherited from the envelope.
        let prefixed = text.contains("<ota:OTA_HotelAvailRS")
        var payload = try #require(OTASchema.payload(text, root: prefixed ? "ota:OTA_HotelAvailRS" : "OTA_HotelAvailRS"))
        if prefixed {
            payload = payload.replacingOccurrences(
                of: "<ota:OTA_HotelAvailRS", with: "<ota:OTA_HotelAvailRS xmlns:ota=\"\(OTA.namespace)\"", options: .anchored)
        }
        let official = try OTASchema.response.get().errors(payload)
        #expect(official.isEmpty, "\(official)")
    }

    @Test("there are at least 5 hand-written client samples")
    func clientSampleCount() {
        #expect(Self.clientSamples.count >= 5)
    }
}

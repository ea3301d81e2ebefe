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
    /// RoomStays, Warnings, empty, deliberately invalid). Our WSDL's types are narrower than
    /// what partners send, so only the official schema judges them.
    static let clientSamples = files(".xml").filter { !$0.contains("request") && !$0.contains("response") && !$0.contains("errors") }

    /// Samples named `*-invalid-*` are responses as real systems send them against the
    /// schema (elements out of order, a required attribute missing, unknown elements),
    /// which our reader still reads; every other one must be valid. Both are checked, so
    /// a sample's name cannot lie about it.
    static func isLabelledInvalid(_ name: String) -> Bool { name.contains("-invalid-") }

    @Test(
        "hand-written client samples not named invalid validate against OTA_HotelAvailRS.xsd",
        arguments: clientSamples.filter { !isLabelledInvalid($0) })
    func clientSample(_ name: String) throws {
        let text = try String(contentsOf: Self.directory.appendingPathComponent(name), encoding: .utf8)
        let official = try OTASchema.response.get().bodyErrors(text)
        #expect(official.isEmpty, "\(official)")
    }

    @Test("samples named invalid are invalid by OTA_HotelAvailRS.xsd, and our reader still reads them", arguments: files("-invalid-"))
    func invalidSample(_ name: String) throws {
        let text = try String(contentsOf: Self.directory.appendingPathComponent(name), encoding: .utf8)
        let official = try OTASchema.response.get().bodyErrors(text)
        #expect(!official.isEmpty, "\(name) is named invalid but validates")
        #expect(!official.contains("no element in the Body"), "\(official)")
        let page = try OTAAvailResponseReader.read(Array(text.utf8)).page
        #expect(page.count > 0)
    }

    @Test("there are at least 5 hand-written client samples, 2 of them deliberately invalid")
    func clientSampleCount() {
        #expect(Self.clientSamples.count >= 5)
        #expect(Self.files("-invalid-").count >= 2)
    }

    @Test("there are at least 10 saved responses, each read the same by the schema check as a whole envelope")
    func responseCount() throws {
        let responses = Self.files(".xml").filter { !$0.contains("request") }
        #expect(responses.count >= 10)
        // The envelope-level check agrees with the cut-out payload on our server's responses.
        for name in Self.files("response") + Self.files("errors") {
            let text = try String(contentsOf: Self.directory.appendingPathComponent(name), encoding: .utf8)
            #expect(try OTASchema.response.get().bodyErrors(text).isEmpty, "\(name)")
        }
    }
}

import Foundation
import Testing

@testable import HotelSOAP

/// The UsernameToken arithmetic and spelling shared by client and server.
@Suite("WS-Security UsernameToken")
struct WSSecurityTests {
    @Test("PasswordDigest = Base64(SHA-1(nonce bytes + Created + password)): the profile's published example")
    func digest() throws {
        let nonce = try #require(Data(base64Encoded: "LKqI6G/AikKCQrN0zqZFlg=="))
        #expect(
            WSSecurity.passwordDigest(nonce: Array(nonce), created: "2010-09-16T07:50:45Z", password: "userpassword")
                == "tuOSpGlFlIXsozq4HFNeeGeFLEI=")
        // Hashing the nonce's base64 text instead of its bytes gives something else.
        #expect(
            WSSecurity.passwordDigest(
                nonce: Array("LKqI6G/AikKCQrN0zqZFlg==".utf8), created: "2010-09-16T07:50:45Z", password: "userpassword")
                != "tuOSpGlFlIXsozq4HFNeeGeFLEI=")
    }

    @Test("Timestamps: written UTC with milliseconds and Z; read with Z, +00:00, other offsets and any fraction")
    func timestamps() throws {
        let date = Date(timeIntervalSince1970: 1_795_628_701.123_9)
        #expect(WSSecurity.timestamp(date) == "2026-11-25T17:45:01.123Z")
        #expect(WSSecurity.timestamp(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        let second = Date(timeIntervalSince1970: 1_795_628_701)
        for text in ["2026-11-25T17:45:01Z", "2026-11-25T17:45:01+00:00", "2026-11-25T18:45:01+01:00", "2026-11-25T12:15:01-05:30"] {
            #expect(WSSecurity.parseTimestamp(text) == second, "\(text)")
        }
        let fractional = try #require(WSSecurity.parseTimestamp("2026-11-25T17:45:01.123456789Z"))
        #expect(abs(fractional.timeIntervalSince1970 - 1_795_628_701.123_456_789) < 1e-5)
        #expect(WSSecurity.parseTimestamp(WSSecurity.timestamp(date)).map { abs($0.timeIntervalSince(date)) < 0.001 } == true)
        for bad in ["2026-11-25T17:45:01", "2026-11-25 17:45:01Z", "2026-13-25T17:45:01Z", "2026-11-25T17:45:01.Z", "yesterday", ""] {
            #expect(WSSecurity.parseTimestamp(bad) == nil, "\(bad)")
        }
    }

    @Test("The header: a fresh nonce each time, the digest over it, Timestamp optional; the password never in descriptions")
    func header() throws {
        let token = UsernameToken(username: "agent<7>", password: "pa55&word", type: .digest)
        let now = Date(timeIntervalSince1970: 1_795_628_701)
        let one = String(decoding: try token.header(now: now), as: UTF8.self)
        let two = String(decoding: try token.header(now: now), as: UTF8.self)
        #expect(one != two, "the nonce must change")
        #expect(one.contains("<wsse:Username>agent&lt;7&gt;</wsse:Username>"))
        #expect(one.contains("<wsu:Created>2026-11-25T17:45:01.000Z</wsu:Created><wsu:Expires>2026-11-25T17:50:01.000Z</wsu:Expires>"))
        #expect(!one.contains("pa55"))
        let fixed = String(decoding: try token.header(now: now, nonce: Array(repeating: 7, count: 16)), as: UTF8.self)
        let digest = WSSecurity.passwordDigest(
            nonce: Array(repeating: 7, count: 16), created: "2026-11-25T17:45:01.000Z", password: "pa55&word")
        #expect(fixed.contains(">\(digest)</wsse:Password>"))
        #expect(
            fixed.contains(
                "<wsse:Nonce EncodingType=\"\(WSSecurity.base64Binary)\">\(Data(repeating: 7, count: 16).base64EncodedString())</wsse:Nonce>"
            ))

        var text = UsernameToken(username: "u", password: "pa55&word", type: .text, timestampLifetime: nil)
        let plain = String(decoding: try text.header(now: now), as: UTF8.self)
        #expect(plain.contains(">pa55&amp;word</wsse:Password>") && !plain.contains("Timestamp") && !plain.contains("Nonce"))
        text.username = "u"
        for shown in [
            "\(text)", String(reflecting: text),
            {
                var s = ""
                dump(text, to: &s)
                return s
            }(),
        ] {
            #expect(!shown.contains("pa55"), "\(shown)")
        }
    }

    @Test("addingHeader puts a Header in the envelope's prefix right before the Body")
    func addingHeader() throws {
        for version in [SOAPVersion.v11, .v12] {
            let request = try SOAPRequestBuilder(version: version).getHotel(id: "H1")
            let signed = try request.addingHeader(Array("<x:Block xmlns:x=\"urn:x\"/>".utf8))
            let text = String(decoding: signed.body, as: UTF8.self)
            let p = version == .v11 ? "soap" : "env"
            #expect(text.contains("<\(p):Header><x:Block xmlns:x=\"urn:x\"/></\(p):Header><\(p):Body>"), "\(text)")
            #expect(signed.action == request.action && signed.version == version)
            let parsed = try SOAPMessageParser.parse(signed.body)
            #expect(parsed.version == version)
        }
        #expect(throws: SOAPParseError.self) { try SOAPRequest(version: .v11, action: nil, body: Array("<a/>".utf8)).addingHeader([]) }
    }
}

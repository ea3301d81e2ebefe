import Foundation
import Testing

@testable import HotelServer

/// A page token is exact only over the catalog version it was issued under.
@Suite("OTAPageToken")
struct OTAPageTokenTests {
    @Test("tokens are base64url without padding, the same text Foundation's base64 gives with - and _ for + and /")
    func base64url() {
        var random = SystemRandomNumberGenerator()
        for count in 0..<100 {
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
            let foundation = Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
            #expect(OTAPageToken.base64url(bytes) == foundation, "\(bytes)")
        }
        #expect(OTAPageToken.base64url([0xFB, 0xFF]) == "-_8")
    }

    @Test("the same version pages; another version is resultsChanged, other criteria otherSearch, another key forged")
    func versions() throws {
        let signer = OTAPageToken()
        let token = signer.make(offset: 50, criteria: "city=Paris", catalogVersion: 7)
        #expect(token.count <= 128)
        #expect(try signer.offset(of: token, criteria: "city=Paris", catalogVersion: 7) == 50)
        #expect(throws: OTAPageToken.Failure.resultsChanged) { try signer.offset(of: token, criteria: "city=Paris", catalogVersion: 8) }
        #expect(throws: OTAPageToken.Failure.otherSearch) { try signer.offset(of: token, criteria: "city=Rome", catalogVersion: 7) }
        #expect(throws: OTAPageToken.Failure.forged) {
            try OTAPageToken().offset(of: token, criteria: "city=Paris", catalogVersion: 7)
        }
    }

    @Test("each refusal is answered by its own OTA error: 450 Results changed for a change, 320 for the others")
    func rejections() {
        let changed = OTAEndpoint.rejection(.resultsChanged).issues
        #expect(changed.map(\.code) == [.resultsChanged] && changed[0].code.rawValue == "450")
        #expect(changed[0].text.contains("the catalog changed"))
        #expect(OTAEndpoint.rejection(.otherSearch).issues.map(\.code) == [.invalidValue])
        #expect(OTAEndpoint.rejection(.forged).issues.map(\.code) == [.invalidValue])
    }
}

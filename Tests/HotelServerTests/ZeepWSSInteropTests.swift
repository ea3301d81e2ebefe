import Foundation
import HotelCatalogs
import HotelSOAP
import HotelSeeder
import HotelServer
import Testing

/// zeep's own `zeep.wsse.username.UsernameToken` against a server with users: every way
/// zeep sends the token authenticates on all four bindings of both served WSDLs (which
/// carry the WS-SecurityPolicy, so zeep must still load them); a wrong password and a
/// replay come back as `zeep.exceptions.Fault` with WS-Security's code.
@Suite("Interop with zeep's WS-Security UsernameToken")
struct ZeepWSSInteropTests {
    @Test("text, digest (+00:00 and Z), with and without a Timestamp; the faults as zeep sees them")
    func zeepAuthenticates() async throws {
        try await ForeignClient.require("zeep", check: "python3 -c 'import zeep.wsse.username'")
        try await TestServer.with(users: UserList(["zeep-agent": "pa:ss word"])) { (server: TestServer) async throws in
            // Suspends while zeep runs: the in-process server needs the cooperative threads to answer it.
            let output = try await ForeignClient.run([
                "python3", ForeignClient.script("zeep_wss_client.py"), server.url, "zeep-agent", "pa:ss word",
            ])
            let zeep = try ForeignClient.json(output, from: "zeep")

            let accepted = try #require(zeep["accepted"] as? [String: [String: Any]])
            let kinds = ["text", "digest", "digestZulu", "textTimestamp", "digestTimestamp"]
            let bindings = ["soap11", "soap12", "ota11", "ota12"]
            #expect(accepted.count == kinds.count * bindings.count)
            for kind in kinds {
                for binding in bindings {
                    let result = accepted["\(kind)/\(binding)"]
                    #expect((result?["count"] as? Int ?? 0) > 0, "\(kind) on \(binding): \(String(describing: result))")
                }
            }

            let wrong = try #require(zeep["wrongPassword"] as? [String: [String: Any]])
            for binding in bindings {
                let fault = try #require(wrong[binding]?["fault"] as? [String: Any], "\(binding): \(String(describing: wrong[binding]))")
                Self.expectFailedAuthentication(fault, soap12: binding.hasSuffix("12"), binding)
            }

            let replay = try #require(zeep["replay"] as? [String: [[String: Any]]])
            for binding in bindings {
                let pair = try #require(replay[binding])
                #expect(pair.count == 2)
                #expect((pair.first?["count"] as? Int ?? 0) > 0, "\(binding): the first message passes")
                let fault = try #require(pair.last?["fault"] as? [String: Any], "\(binding): the second is a replay")
                Self.expectFailedAuthentication(fault, soap12: binding.hasSuffix("12"), binding)
            }
        }
    }

    /// SOAP 1.1: zeep's `code` is the faultcode's text; SOAP 1.2: `Sender` with the subcode,
    /// which zeep resolves against the declared prefix, so the namespace is checked too.
    static func expectFailedAuthentication(_ fault: [String: Any], soap12: Bool, _ binding: String) {
        #expect(fault["message"] as? String == "The security token could not be authenticated or authorized", "\(binding)")
        if soap12 {
            #expect(fault["code"] as? String == "env:Sender", "\(binding)")
            let subcodes = fault["subcodes"] as? [[String: String]]
            #expect(subcodes == [["namespace": WSSecurity.secext, "name": "FailedAuthentication"]], "\(binding)")
        } else {
            #expect(fault["code"] as? String == "wsse:FailedAuthentication", "\(binding)")
        }
    }
}

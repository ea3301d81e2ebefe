import Foundation
import HotelSOAP
import Testing

/// suds (suds-community), Python, reads the served WSDL; what it reads must be what our own
/// parser reads. suds posts SOAP 1.1 whatever the binding says, so only 1.1 is compared.
@Suite("Interop with suds")
struct SudsInteropTests {
    @Test("suds searches, fetches and gets our fault as a WebFault")
    func sudsMatchesOurs() async throws {
        try await ForeignClient.require("suds", check: "python3 -c 'import suds.client'")
        try await TestServer.with { (server: TestServer) async throws in
            let ours = try await InteropReference.read(from: server, version: .v11)
            // Suspends while suds runs: the in-process server needs the cooperative threads to answer it.
            let output = try await ForeignClient.run([
                "python3", ForeignClient.script("suds_client.py"), server.url + "/wsdl", ours.knownID, InteropReference.unknownID,
            ])
            try ours.expectMatches(try ForeignClient.json(output, from: "suds"), stack: "suds")
        }
    }
}

import Foundation
import HotelSOAP
import Testing

/// PHP's SoapClient reads the served WSDL and drives both bindings; what it reads must be
/// what our own parser reads.
@Suite("Interop with PHP's SoapClient")
struct PHPInteropTests {
    @Test("PHP's SoapClient searches, fetches and gets our fault as a SoapFault", arguments: [SOAPVersion.v11, .v12])
    func phpMatchesOurs(version: SOAPVersion) async throws {
        try await ForeignClient.require("PHP with the soap extension", check: "php -r 'exit(class_exists(\"SoapClient\") ? 0 : 1);'")
        try await TestServer.with { (server: TestServer) async throws in
            let ours = try await InteropReference.read(from: server, version: version)
            // Suspends while PHP runs: the in-process server needs the cooperative threads to answer it.
            let output = try await ForeignClient.run([
                "php", ForeignClient.script("php_client.php"), server.url + "/wsdl", version.rawValue, ours.knownID,
                InteropReference.unknownID,
            ])
            let theirs = try ForeignClient.json(output, from: "PHP \(version)")
            try ours.expectMatches(theirs, stack: "PHP \(version)")
            // The binding PHP picked shows in what it sent, the action included for 1.2.
            let contentType = theirs["contentType"] as? String ?? ""
            #expect(contentType.hasPrefix(version.mediaType), "PHP \(version) sent \(contentType)")
            if version == .v12 {
                #expect(contentType.contains(HotelSearchContract.Operation.searchHotels.action), "PHP 1.2 sent \(contentType)")
            }
        }
    }
}

import Foundation
import HotelSOAP
import Testing

/// gSOAP, C++: wsdl2h and soapcpp2 generate a proxy per binding from the WSDL the server
/// serves, g++ builds `Interop/gsoap_client.cpp` on it, and what it reads must be what our
/// own parser reads. Nothing generated is edited.
@Suite("Interop with gSOAP")
struct GSOAPInteropTests {
    @Test("gSOAP's generated SOAP 1.1 and 1.2 proxies search, fetch and get our fault")
    func gsoapMatchesOurs() async throws {
        try await ForeignClient.require(
            "gSOAP (wsdl2h, soapcpp2, stdsoap2.h) or g++",
            check: "command -v wsdl2h && command -v soapcpp2 && echo '#include <stdsoap2.h>' | g++ -E -x c++ - >/dev/null")
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("gsoap-interop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }

        try await TestServer.with { (server: TestServer) async throws in
            let wsdl = server.url + "/wsdl"
            // -N: one proxy class per binding instead of both merged into one service.
            // The test suspends while each tool runs: the in-process server needs the
            // cooperative threads to answer.
            try await ForeignClient.run(["wsdl2h", "-Nhs", "-o", "hs.h", wsdl], in: work)
            // One header serves both bindings, and it imports soap12.h, so its code speaks
            // SOAP 1.2; soapcpp2 -1 is gSOAP's own way to get the SOAP 1.1 code from it.
            async let soap11 = Self.build(binding: "11", soapcpp2: ["-1"], in: work)
            async let soap12 = Self.build(binding: "12", soapcpp2: [], in: work)
            let clients = try await [(SOAPVersion.v11, soap11), (.v12, soap12)]

            for (version, client) in clients {
                let ours = try await InteropReference.read(from: server, version: version)
                let output = try await ForeignClient.run([client.path, ours.knownID, InteropReference.unknownID])
                let theirs = try ForeignClient.json(output, from: "gSOAP \(version)")
                try ours.expectMatches(theirs, stack: "gSOAP \(version)")
                // soap->version after the calls is the envelope the server answered in.
                #expect(theirs["version"] as? Int == (version == .v11 ? 1 : 2), "gSOAP \(version) spoke another SOAP version")
                if version == .v12 {
                    let subcode = (theirs["fault"] as? [String: Any])?["subcode"] as? String ?? ""
                    #expect(subcode.hasSuffix(":\(ours.fault.subcode?.rawValue ?? "-")"), "gSOAP 1.2 fault subcode \(subcode)")
                }
            }
        }
    }

    /// Generates the binding's proxy into a directory of its own and compiles the client on it.
    static func build(binding: String, soapcpp2 options: [String], in work: URL) async throws -> URL {
        let directory = work.appendingPathComponent("soap\(binding)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try await ForeignClient.run(["soapcpp2"] + options + ["-j", "-C", "-x", "-L", "-w", "-d", directory.path, "hs.h"], in: work)
        var compile = ["g++", "-O0", "-w", "-I", directory.path, "-o", "client", ForeignClient.script("gsoap_client.cpp")]
        compile += ["soapC.cpp", "soapHotelSearchSoap\(binding)BindingProxy.cpp", "-lgsoap++"]
        if binding == "12" { compile.insert("-DBINDING_SOAP12", at: 1) }
        try await ForeignClient.run(compile, in: directory)
        return directory.appendingPathComponent("client")
    }
}

import CLibXML2
import Foundation
import HotelCatalogs
import HotelSeeder
import HotelServer
import Testing

/// With users the served WSDLs state the requirement as WS-SecurityPolicy 1.2 (zeep loads
/// them in `ZeepWSSInteropTests`); without, they are byte for byte what they were.
@Suite("WS-SecurityPolicy in the served WSDLs")
struct SecurityPolicyTests {
    @Test("with --users both WSDLs carry the UsernameToken policy on every binding; without, they are the files as they were")
    func policy() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let files = [
            ("/wsdl", "WSDL/HotelSearch.wsdl", "http://localhost:8080/soap", "/soap"),
            ("/ota?wsdl", "WSDL/OTAHotelAvail.wsdl", "http://localhost:8080/ota", "/ota"),
        ]
        try await TestServer.with { server in
            for (path, file, placeholder, endpoint) in files {
                let original = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                let served = try await server.request(path).text
                #expect(served == original.replacingOccurrences(of: placeholder, with: server.url + endpoint), "\(path)")
            }
        }
        try await TestServer.with(users: UserList(["agent7": "pw"])) { server in
            for (path, _, _, _) in files {
                let served = try await server.request(path).text
                #expect(Self.isWellFormed(served), "\(path)")
                #expect(served.contains("<wsp:Policy xmlns:wsp=\"http://www.w3.org/ns/ws-policy\""))
                #expect(served.contains("wsu:Id=\"UsernameTokenPolicy\""))
                #expect(served.contains("<sp:SupportingTokens>"))
                #expect(
                    served.contains(
                        "<sp:UsernameToken sp:IncludeToken=\"http://docs.oasis-open.org/ws-sx/ws-securitypolicy/200702/IncludeToken/AlwaysToRecipient\">"
                    ))
                #expect(served.contains("<sp:WssUsernameToken10/>"))
                let bindings = served.components(separatedBy: "<wsdl:binding ").count - 1
                let references =
                    served.components(
                        separatedBy: "<wsp:PolicyReference xmlns:wsp=\"http://www.w3.org/ns/ws-policy\" URI=\"#UsernameTokenPolicy\"/>"
                    ).count - 1
                #expect(bindings == 2)
                #expect(references == bindings)
            }
        }
    }

    static func isWellFormed(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let doc = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                xmlReadMemory($0.baseAddress, Int32($0.count), nil, nil, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue))
            }
        }
        guard let doc else { return false }
        xmlFreeDoc(doc)
        return true
    }
}

import Foundation
import HotelSOAP
import Testing

/// WS-Security's fault codes are written in their own namespace, declared where used;
/// a SOAP 1.2 MustUnderstand fault names the blocks in env:NotUnderstood header blocks.
@Suite("Writing WS-Security and MustUnderstand faults")
struct SecurityFaultWritingTests {
    @Test("SOAP 1.1: faultcode wsse:FailedAuthentication with the prefix declared, no detail")
    func soap11() throws {
        let fault = SOAPFault(
            version: .v11, code: .failedAuthentication, reason: "The security token could not be authenticated or authorized")
        let bytes = SOAPResponseWriter.fault(fault)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("<faultcode xmlns:wsse=\"\(WSSecurity.secext)\">wsse:FailedAuthentication</faultcode>"))
        #expect(!text.contains("<detail>"))
        #expect(try SOAPMessageParser.parse(bytes).message == .fault(fault))
    }

    @Test("SOAP 1.2: Code Sender, Subcode wsse:MessageExpired with the prefix declared")
    func soap12() throws {
        let fault = SOAPFault(version: .v12, code: .sender, subcode: .messageExpired, reason: "The message has expired")
        let bytes = SOAPResponseWriter.fault(fault)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("<env:Subcode><env:Value xmlns:wsse=\"\(WSSecurity.secext)\">wsse:MessageExpired</env:Value></env:Subcode>"))
        #expect(try SOAPMessageParser.parse(bytes).message == .fault(fault))
        // Our own subcodes keep their namespace.
        let ours = String(
            decoding: SOAPResponseWriter.fault(SOAPFault(version: .v12, code: .sender, subcode: .notFound, reason: "x")), as: UTF8.self)
        #expect(ours.contains("xmlns:h=\"urn:hotel-search:v1\">h:NotFound<"))
    }

    @Test("SOAP 1.2 MustUnderstand: an env:NotUnderstood per block, its qname's prefix declared; SOAP 1.1 has no such block")
    func notUnderstood() throws {
        let blocks = [
            SOAPHeader.Block(name: "Security", namespace: WSSecurity.secext, mustUnderstand: true),
            SOAPHeader.Block(name: "Plain", namespace: nil, mustUnderstand: true),
        ]
        let fault12 = SOAPFault(version: .v12, code: .mustUnderstand, reason: "not understood")
        let bytes = SOAPResponseWriter.fault(fault12, notUnderstood: blocks)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(
            text.contains(
                "<env:Header><env:NotUnderstood qname=\"q:Security\" xmlns:q=\"\(WSSecurity.secext)\"></env:NotUnderstood>"
                    + "<env:NotUnderstood qname=\"Plain\"></env:NotUnderstood></env:Header><env:Body>"))
        #expect(try SOAPMessageParser.parse(bytes).message == .fault(fault12))

        let fault11 = SOAPFault(version: .v11, code: .mustUnderstand, reason: "not understood")
        let text11 = String(decoding: SOAPResponseWriter.fault(fault11, notUnderstood: blocks), as: UTF8.self)
        #expect(!text11.contains("Header"))
        #expect(text11.contains("<faultcode>soap:MustUnderstand</faultcode>"))
    }
}

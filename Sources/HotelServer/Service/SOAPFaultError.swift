import HotelSOAP
import Hummingbird

/// A fault the service answers with. It renders itself as a SOAP fault response
/// (Hummingbird's `HTTPResponseError`), in the SOAP version of the request, with HTTP 500
/// as WS-I Basic Profile asks (or 413/415 where the HTTP layer itself is at fault).
public struct SOAPFaultError: HTTPResponseError, CustomStringConvertible {
    public let fault: SOAPFault
    public let status: HTTPResponse.Status
    /// For a SOAP 1.2 `MustUnderstand` fault: the blocks named in `env:NotUnderstood`.
    public let notUnderstood: [SOAPHeader.Block]

    public init(_ fault: SOAPFault, status: HTTPResponse.Status = .internalServerError, notUnderstood: [SOAPHeader.Block] = []) {
        self.fault = fault
        self.status = status
        self.notUnderstood = notUnderstood
    }

    /// The request was wrong: `Client` (1.1) or `Sender` (1.2), with our detail naming the field.
    public static func sender(
        _ version: SOAPVersion, _ code: SearchFaultCode, _ message: String, field: String? = nil,
        status: HTTPResponse.Status = .internalServerError
    ) -> SOAPFaultError {
        SOAPFaultError(
            SOAPFault(
                version: version, code: .sender(in: version),
                subcode: version == .v12 ? SOAPFault.Subcode(code) : nil, reason: message,
                detail: SearchFault(code: code, message: message, field: field)), status: status)
    }

    /// We failed: `Server`/`Receiver`. The message names the request id for the logs and
    /// nothing else: internals never leak to the caller.
    public static func receiver(_ version: SOAPVersion, requestID: String) -> SOAPFaultError {
        let message = "Internal error; the service logged it as request \(requestID)"
        return SOAPFaultError(
            SOAPFault(
                version: version, code: .receiver(in: version),
                subcode: version == .v12 ? .internal : nil, reason: message,
                detail: SearchFault(code: .internal, message: message, field: nil)))
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(
            status: status,
            headers: [.contentType: fault.version.contentType(action: nil)],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: SOAPResponseWriter.fault(fault, notUnderstood: notUnderstood))))
    }

    public var description: String { fault.description }
}

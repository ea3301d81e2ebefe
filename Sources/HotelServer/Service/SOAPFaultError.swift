import Hummingbird
import HotelSOAP

/// A fault the service answers with. It renders itself as a SOAP fault response
/// (Hummingbird's `HTTPResponseError`), in the SOAP version of the request, with HTTP 500
/// as WS-I Basic Profile asks (or 413/415 where the HTTP layer itself is at fault).
public struct SOAPFaultError: HTTPResponseError, CustomStringConvertible {
    public let fault: SOAPFault
    public let status: HTTPResponse.Status

    public init(_ fault: SOAPFault, status: HTTPResponse.Status = .internalServerError) {
        self.fault = fault
        self.status = status
    }

    /// The request was wrong: `Client` (1.1) or `Sender` (1.2), with our detail naming the field.
    public static func sender(
        _ version: SOAPVersion, _ code: SearchFaultCode, _ message: String, field: String? = nil,
        status: HTTPResponse.Status = .internalServerError
    ) -> SOAPFaultError {
        SOAPFaultError(SOAPFault(
            version: version, code: version == .v11 ? "Client" : "Sender",
            subcode: version == .v12 ? code.rawValue : nil, reason: message,
            detail: SearchFault(code: code.rawValue, message: message, field: field)), status: status)
    }

    /// We failed: `Server`/`Receiver`. The message names the request id for the logs and
    /// nothing else: internals never leak to the caller.
    public static func receiver(_ version: SOAPVersion, requestID: String) -> SOAPFaultError {
        let message = "Internal error; the service logged it as request \(requestID)"
        return SOAPFaultError(SOAPFault(
            version: version, code: version == .v11 ? "Server" : "Receiver",
            subcode: version == .v12 ? SearchFaultCode.internal.rawValue : nil, reason: message,
            detail: SearchFault(code: SearchFaultCode.internal.rawValue, message: message, field: nil)))
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(
            status: status,
            headers: [.contentType: fault.version.contentType(action: nil)],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: SOAPResponseWriter.fault(fault))))
    }

    public var description: String { fault.description }
}

/// The `Code` values of our `SearchFault` detail (see the WSDL).
public enum SearchFaultCode: String, Sendable {
    case invalidValue = "InvalidValue"
    case malformedRequest = "MalformedRequest"
    case unknownOperation = "UnknownOperation"
    case notFound = "NotFound"
    case requestTooLarge = "RequestTooLarge"
    case `internal` = "Internal"
}

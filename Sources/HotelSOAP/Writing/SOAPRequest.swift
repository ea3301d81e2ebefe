/// A SOAP request ready to post: the envelope bytes and the HTTP headers that go with them.
///
/// Dialects make these (`SOAPDialect.searchRequest`); any HTTP client can send one:
/// ```swift
/// let request = try HotelSearchDialect().searchRequest(query, page: .first(size: 50), version: .v12)
/// for (name, value) in request.headers { httpRequest.headers.add(name: name, value: value) }
/// httpRequest.body = request.body
/// ```
public struct SOAPRequest: Sendable, Equatable {
    /// The version the envelope is in: it decides `headers`.
    public let version: SOAPVersion
    /// The SOAP action: a quoted `SOAPAction` header in 1.1, the `action` parameter of the
    /// content type in 1.2. Nil sends none (SOAP 1.1 then sends `SOAPAction: ""`).
    public let action: String?
    /// The envelope, UTF-8 XML: the HTTP body.
    public let body: [UInt8]

    /// What makes two requests the same question: the body, unless the dialect puts parts in
    /// it that change with every message (OpenTravel's `EchoToken` and `TimeStamp`); a response
    /// cache keys on this.
    public let identity: [UInt8]

    /// A request whose `body` is an envelope of `version`; `identity` defaults to the body.
    public init(version: SOAPVersion, action: String?, body: [UInt8], identity: [UInt8]? = nil) {
        self.version = version
        self.action = action
        self.body = body
        self.identity = identity ?? body
    }

    /// `Content-Type`, plus a quoted `SOAPAction` for SOAP 1.1 (WS-I BP R2744).
    /// SOAP 1.2 carries the action as the `action` parameter of the content type instead.
    public var headers: [(name: String, value: String)] {
        switch version {
        case .v11:
            return [("Content-Type", version.contentType(action: nil)), ("SOAPAction", "\"\(action ?? "")\"")]
        case .v12:
            return [("Content-Type", version.contentType(action: action))]
        }
    }
}

extension SOAPRequest {
    /// The same request with `block` in a SOAP `Header` before the `Body` (a new Header
    /// in the envelope's own prefix, or the end of the Header already there: a dialect
    /// file's request may bring its own blocks, and an envelope has one Header). Throws
    /// when `body` has no Body start tag to put it before.
    public func addingHeader(_ block: [UInt8]) throws -> SOAPRequest {
        guard let (offset, prefix) = Self.bodyStart(in: body) else {
            throw SOAPParseError(.notSOAP, line: 0, reason: "the request has no SOAP Body to put a header before")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(body.count + block.count + 32)
        let headerEnd = Array("</\(prefix)Header>".utf8)
        var end = offset
        while end > 0, [0x20, 0x09, 0x0A, 0x0D].contains(body[end - 1]) { end -= 1 }
        if end >= headerEnd.count, body[(end - headerEnd.count)..<end].elementsEqual(headerEnd) {
            bytes.append(contentsOf: body[..<(end - headerEnd.count)])
            bytes.append(contentsOf: block)
            bytes.append(contentsOf: body[(end - headerEnd.count)...])
            return SOAPRequest(version: version, action: action, body: bytes, identity: identity)
        }
        bytes.append(contentsOf: body[..<offset])
        bytes.append(contentsOf: Array("<\(prefix)Header>".utf8))
        bytes.append(contentsOf: block)
        bytes.append(contentsOf: Array("</\(prefix)Header>".utf8))
        bytes.append(contentsOf: body[offset...])
        return SOAPRequest(version: version, action: action, body: bytes, identity: identity)
    }

    /// Where the first start tag whose local name is `Body` begins, and its prefix with the colon.
    static func bodyStart(in bytes: [UInt8]) -> (Int, String)? {
        let lt = UInt8(ascii: "<")
        var i = 0
        while i < bytes.count {
            guard bytes[i] == lt else {
                i += 1
                continue
            }
            var j = i + 1
            while j < bytes.count, !(bytes[j] == UInt8(ascii: ">") || bytes[j] == UInt8(ascii: " ") || bytes[j] == UInt8(ascii: "/")) {
                j += 1
            }
            let name = String(decoding: bytes[(i + 1)..<j], as: UTF8.self)
            let parts = name.split(separator: ":", maxSplits: 1)
            if parts.last == "Body" {
                return (i, parts.count == 2 ? "\(parts[0]):" : "")
            }
            i = j
        }
        return nil
    }
}

import HotelSOAP

/// libFuzzer target for what the server reads: a request body fed chunk by chunk as
/// `SOAPEndpoint.parse` feeds it, then what the endpoint does with the result without a
/// catalog: `QueryValidator` on a search, or the fault it would answer with. Beyond
/// crashes: the chunked parse must agree with a whole one, every fault the server writes
/// must parse back as that fault, and a request it accepts must survive our own builder.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzInput(data, size)
    let parser = SOAPMessageParser()
    let chunked = Result<SOAPEnvelope, any Error> {
        for chunk in input.chunks { try chunk.withUnsafeBytes { try parser.feed($0) } }
        return try parser.finish()
    }
    let whole = Result<SOAPEnvelope, any Error> { try SOAPMessageParser.parse(input.body) }
    if !sameOutcome(chunked, whole) {
        violated("chunked parse gave \(chunked.summary), whole parse gave \(whole.summary)", input)
    }
    switch chunked {
    case .success(let envelope): answer(envelope, input)
    case .failure(let error as SOAPParseError):
        // The endpoint answers a body it could not read in the content type's version; a
        // bit of the input picks one, so both are fuzzed at the cost of one.
        checkFault(faultFor(error, version: input.splitSeed & 1 == 0 ? .v11 : .v12), input)
    case .failure(let error): violated("the parser threw \(type(of: error)), not SOAPParseError: \(error)", input)
    }
    return 0
}

private func answer(_ envelope: SOAPEnvelope, _ input: FuzzInput) {
    let version = envelope.version
    let builder = SOAPRequestBuilder(version: version)
    switch envelope.message {
    case .searchHotels(let query):
        do {
            try QueryValidator.validate(query)
        } catch {
            checkFault(sender(version, .invalidValue, error.message, field: error.field), input)
        }
        guard let request = try? builder.searchHotels(query) else { return }
        checkRebuilt(request, as: envelope, input)
    case .getHotel(let id):
        checkFault(sender(version, .notFound, "no hotel has HotelId \(id)", field: "HotelId"), input)
        guard let request = try? builder.getHotel(id: id) else { return }
        checkRebuilt(request, as: envelope, input)
    case let other:
        checkFault(
            sender(version, .unknownOperation, "the body holds \(other.kindName); this service answers SearchHotels and GetHotel"), input)
    }
}

/// `SOAPEndpoint.fault(for:version:)`, which lives beside Hummingbird and cannot be linked here.
private func faultFor(_ error: SOAPParseError, version: SOAPVersion) -> SOAPFault {
    switch error.kind {
    case .invalidValue: return sender(version, .invalidValue, error.reason, field: error.field)
    case .unexpectedMessage: return sender(version, .unknownOperation, error.description)
    case .unexpectedElement: return sender(version, .malformedRequest, error.reason, field: error.field)
    default: return sender(version, .malformedRequest, error.description)
    }
}

/// `SOAPFaultError.sender`, for the same reason.
private func sender(_ version: SOAPVersion, _ code: SearchFaultCode, _ message: String, field: String? = nil) -> SOAPFault {
    SOAPFault(
        version: version, code: .sender(in: version), subcode: version == .v12 ? SOAPFault.Subcode(code) : nil,
        reason: message, detail: SearchFault(code: code, message: message, field: field))
}

/// A fault quotes the request (an element name, a value), so hostile bytes reach the
/// writer: it must still write a fault the client reads as this one, characters XML cannot
/// carry replaced.
private func checkFault(_ fault: SOAPFault, _ input: FuzzInput) {
    let reread = Result<SOAPEnvelope, any Error> { try SOAPMessageParser.parse(SOAPResponseWriter.fault(fault)) }
    guard case .success(let envelope) = reread, case .fault(let got) = envelope.message else {
        violated("the server's fault \(fault) did not parse back: \(reread.summary)", input)
    }
    let cleaned = SOAPFault(
        version: fault.version, code: fault.code, subcode: fault.subcode, reason: xmlClean(fault.reason),
        detail: fault.detail.map { SearchFault(code: $0.code, message: xmlClean($0.message), field: $0.field.map(xmlClean)) })
    if got != cleaned { violated("the server wrote \(cleaned) and it read back as \(got)", input) }
}

private func checkRebuilt(_ request: SOAPRequest, as envelope: SOAPEnvelope, _ input: FuzzInput) {
    let reread = Result<SOAPEnvelope, any Error> { try SOAPMessageParser.parse(request.body) }
    guard case .success(let again) = reread, again == envelope else {
        violated("accepted \(envelope), rebuilt it, and read back \(reread.summary)", input)
    }
}

/// What `SOAPResponseWriter.fault` does to text XML cannot carry.
private func xmlClean(_ text: String) -> String {
    String(
        String.UnicodeScalarView(
            text.unicodeScalars.map { s -> Unicode.Scalar in
                let v = s.value
                let allowed = v >= 0x20 ? v != 0xFFFE && v != 0xFFFF : v == 0x9 || v == 0xA || v == 0xD
                return allowed ? s : "\u{FFFD}"
            }))
}

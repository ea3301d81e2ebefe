import HotelSOAP

/// libFuzzer target for what the client reads: a response body, whole (`hotels parse`,
/// `SOAPMessageParser.parse`) and as network chunks through the dialect's reader (`hotels
/// search`). Beyond crashes, the two readings must agree, and what parsed must survive being
/// written by our own server's writer and read again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResponse(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzInput(data, size)
    let whole = Result<SOAPEnvelope, any Error> { try SOAPMessageParser.parse(input.body) }
    let streamed = readStreamed(input)
    if !agree(whole, streamed) {
        violated("whole parse gave \(whole.summary), the dialect reader in chunks gave \(streamed)", input)
    }
    switch whole {
    case .success(let envelope): roundTrip(envelope, input)
    // What the client says of a body it could not read.
    case .failure: _ = BodyPreview.describe(input.body)
    }
    return 0
}

private enum Streamed: CustomStringConvertible {
    case response(HotelResponse, hotels: [HotelInfo])
    case failure(any Error)

    var description: String {
        switch self {
        case .response(let response, let hotels): return "\(response) with \(hotels.count) hotel(s) handed out"
        case .failure(let error): return "\(type(of: error)): \(error)"
        }
    }
}

private func readStreamed(_ input: FuzzInput) -> Streamed {
    var hotels: [HotelInfo] = []
    let reader = HotelSearchDialect().responseReader { hotels.append($0) }
    do {
        for chunk in input.chunks { try chunk.withUnsafeBytes { try reader.feed($0) } }
        return .response(try reader.finish(), hotels: hotels)
    } catch {
        return .failure(error)
    }
}

/// The dialect reader is the parser plus paging: it must say what the parser said.
private func agree(_ whole: Result<SOAPEnvelope, any Error>, _ streamed: Streamed) -> Bool {
    switch (whole, streamed) {
    case (.success(let envelope), .response(.page(let page), let hotels)):
        guard case .searchResults(let expected) = envelope.message else { return false }
        return hotels == expected.hotels && page.count == hotels.count && page.totalCount == expected.totalCount
    case (.success(let envelope), .response(.detail(let detail), _)):
        return envelope.message == .hotelDetail(detail)
    case (.success(let envelope), .failure(let fault as SOAPFault)):
        return envelope.message == .fault(fault)
    case (.success(let envelope), .failure(let error as SOAPParseError)):
        // Requests are not responses: the reader refuses them.
        switch envelope.message {
        case .searchHotels, .getHotel: return error.kind == .unexpectedMessage
        default: return false
        }
    case (.failure(let a as SOAPParseError), .failure(let b as SOAPParseError)):
        return sameFailure(a, b)
    default:
        return false
    }
}

/// What the parser accepted, our writer must write (or refuse by `XMLWriterError`), and
/// the parser must read back as the same message.
private func roundTrip(_ envelope: SOAPEnvelope, _ input: FuzzInput) {
    let written: [UInt8]
    do {
        switch envelope.message {
        case .searchResults(let page): written = try SOAPResponseWriter.searchResults(page, version: envelope.version)
        case .hotelDetail(let detail): written = try SOAPResponseWriter.hotelDetail(detail, version: envelope.version)
        case .fault(let fault): written = SOAPResponseWriter.fault(fault)
        case .searchHotels, .getHotel: return
        }
    } catch {
        return
    }
    let reread = Result<SOAPEnvelope, any Error> { try SOAPMessageParser.parse(written) }
    guard case .success(let again) = reread, again == envelope else {
        violated("parsed \(envelope), wrote it, and read back \(reread.summary)", input)
    }
}

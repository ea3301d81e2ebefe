import HotelSOAP

/// Parses `bytes` fed in pieces of `size` bytes, as a network would cut them; the kind
/// of the `SOAPParseError` it fails with, nil when it parses.
func parseErrorKind(_ bytes: [UInt8], chunks size: Int) -> SOAPParseError.Kind? {
    let parser = SOAPMessageParser()
    do {
        var start = 0
        while start < bytes.count {
            try parser.feed(bytes[start..<min(bytes.count, start + max(1, size))])
            start += max(1, size)
        }
        _ = try parser.finish()
        return nil
    } catch {
        return (error as? SOAPParseError)?.kind
    }
}

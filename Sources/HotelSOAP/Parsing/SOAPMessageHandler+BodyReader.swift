import HotelXML

// The Body's message: its root and everything inside it go to the `SOAPBodyReader` its
// dialect attached (`bodyReader`). Nothing here names a dialect: the reader says which
// roots it takes, and refuses what it must by throwing `BodyReadFailure`.
extension SOAPMessageHandler {
    func startBodyReader(
        _ reader: SOAPBodyReader, _ local: UnsafePointer<UInt8>, _ uri: UnsafePointer<UInt8>?, _ attributes: SAXAttributes
    ) {
        // One message per Body: what follows it (or a Fault read before it) is skipped.
        guard !bodyReaderDone, message == nil else { return skip() }
        guard reader.accepts(String(cString: local), namespace: uri.map { String(cString: $0) }) else {
            return failStart(.unexpectedMessage, reader.refusal(qualifiedName(local, uri)))
        }
        bodyReaderDepth = 1
        do { try reader.begin(local, attributes: attributes, names: driver.internedNames) } catch { report(error) }
    }

    /// A start tag inside the message: the reader takes it, skips its subtree, or refuses it.
    @inline(__always)
    func startInBodyReader<Reader: SOAPBodyReader>(
        _ localName: UnsafePointer<UInt8>, _ namespaceURI: UnsafePointer<UInt8>?, _ attributes: SAXAttributes, reader: Unmanaged<Reader>
    ) {
        bodyReaderDepth += 1
        if bodySkipDepth > 0 {
            bodySkipDepth += 1
            return
        }
        do {
            let taken = try reader._withUnsafeGuaranteedRef {
                try $0.start(localName, namespaceURI: namespaceURI, attributes: attributes)
            }
            if !taken { bodySkipDepth = 1 }
        } catch {
            report(error)
        }
    }

    /// An element inside the message ended; the root's end closes the message.
    @inline(__always)
    func endBodyReaderElement<Reader: SOAPBodyReader>(reader: Unmanaged<Reader>) {
        bodyReaderDepth -= 1
        if bodyReaderDepth == 0 {
            bodyReaderDone = true
            do { try reader._withUnsafeGuaranteedRef { try $0.endRoot() } } catch { report(error) }
            return
        }
        if bodySkipDepth > 0 {
            bodySkipDepth -= 1
            return
        }
        do { try reader._withUnsafeGuaranteedRef { try $0.end() } } catch { report(error) }
    }

    /// Text inside the message, held to the parser's per-field limit.
    @inline(__always)
    func bodyReaderCharacters<Reader: SOAPBodyReader>(_ bytes: UnsafeBufferPointer<UInt8>, reader: Unmanaged<Reader>) {
        guard bodySkipDepth == 0, reader._withUnsafeGuaranteedRef({ $0.wantsText }),
            !reader._withUnsafeGuaranteedRef({ $0.characters(bytes, limit: maxFieldBytes) })
        else { return }
        report(reader.takeUnretainedValue().fieldTooLong(limit: maxFieldBytes))
    }

    /// A reader's refusal becomes the parse's first error, with the parser's position; any
    /// other error (what `onHotel` threw) is handed back to the caller as it is.
    func report(_ error: any Error) {
        if let failure = error as? BodyReadFailure {
            if failure.atStartTag {
                failStart(failure.kind, failure.reason, field: failure.field)
            } else {
                fail(failure.kind, failure.reason, field: failure.field)
            }
            return
        }
        delegateError = error
        driver.stop()
    }
}

import HotelXML

// A dialect's message: the Body's child and everything inside it go to the `SOAPBodyReader`
// the dialect installed (`bodyReader`), not to the contract's scopes. Nothing here names a
// dialect: the reader says which root it takes.
extension SOAPMessageHandler {
    func startBodyReader(
        _ reader: SOAPBodyReader, _ local: UnsafePointer<UInt8>, _ uri: UnsafePointer<UInt8>?, _ attributes: SAXAttributes
    ) {
        guard !bodyReaderDone else { return skip() }
        guard String(cString: local) == reader.rootName, uri.map({ String(cString: $0) }) == reader.namespace else {
            // A request reader is a server's endpoint; a response reader a client expecting an answer.
            let expected = reader.acceptsFault ? "expected" : "this endpoint answers"
            return failStart(
                .unexpectedMessage,
                "the SOAP Body holds <\(qualified(local, uri))>; \(expected) \(reader.rootName) in \(reader.namespace)")
        }
        bodyReaderDepth = 1
        reader.begin(attributes, names: driver.internedNames)
    }

    /// An element inside the dialect's message ended; the root's end closes the message.
    func endBodyReaderElement() {
        bodyReaderDepth -= 1
        if bodyReaderDepth == 0 {
            bodyReaderDone = true
            return
        }
        if bodySkipDepth > 0 {
            bodySkipDepth -= 1
            return
        }
        do { try bodyReader?._withUnsafeGuaranteedRef { try $0.end() } } catch {
            delegateError = error
            driver.stop()
        }
    }

    /// Text inside the dialect's message, held to the same per-field limit as the contract's.
    func bodyReaderCharacters(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bodySkipDepth == 0, bodyReader?._withUnsafeGuaranteedRef({ $0.characters(bytes, limit: maxFieldBytes) }) == false
        else { return }
        fail(
            .invalidValue,
            "a text field of \(bodyReader?.takeUnretainedValue().rootName ?? "the message") is longer than \(maxFieldBytes) bytes, the parser's limit for one field"
        )
    }
}

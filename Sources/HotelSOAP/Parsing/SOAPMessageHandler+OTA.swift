import HotelXML

// OpenTravel messages: the Body's OTA element and everything inside it go to an
// `OTASubtreeReader` instead of the contract's scopes.
extension SOAPMessageHandler {
    func startOTARequest(
        _ ota: OTASubtreeReader, _ local: UnsafePointer<UInt8>, _ uri: UnsafePointer<UInt8>?, _ attributes: SAXAttributes
    ) {
        guard !otaDone else { return skip() }
        guard String(cString: local) == ota.rootName, uri.map({ String(cString: $0) }) == OTA.namespace else {
            let expected = ota.rootName == OTA.availRequest ? "this endpoint answers" : "expected"
            return failStart(
                .unexpectedMessage,
                "the SOAP Body holds <\(qualified(local, uri))>; \(expected) \(ota.rootName) in \(OTA.namespace)")
        }
        otaDepth = 1
        ota.begin(attributes, names: driver.internedNames)
    }

    /// An element inside the OTA message ended; the root's end closes the message.
    func endOTAElement() {
        otaDepth -= 1
        if otaDepth == 0 {
            otaDone = true
            return
        }
        if otaSkipDepth > 0 {
            otaSkipDepth -= 1
            return
        }
        do { try ota?._withUnsafeGuaranteedRef { try $0.end() } } catch {
            delegateError = error
            driver.stop()
        }
    }

    /// Text inside the OTA message, held to the same per-field limit as the contract's.
    func otaCharacters(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard otaSkipDepth == 0, ota?._withUnsafeGuaranteedRef({ $0.characters(bytes, limit: maxFieldBytes) }) == false else { return }
        fail(
            .invalidValue,
            "a text field of \(ota?.takeUnretainedValue().rootName ?? "the message") is longer than \(maxFieldBytes) bytes, the parser's limit for one field"
        )
    }
}

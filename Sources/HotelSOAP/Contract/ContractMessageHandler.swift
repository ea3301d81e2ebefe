import HotelXML

/// The envelope's handler for our contract's messages, with the contract's reader called
/// directly rather than through `SOAPBodyReader`'s vtable.
///
/// A search response is almost all Body: each of its millions of events used to cost a
/// virtual call into the reader on top of the driver's call into the handler (6.5 % more
/// instructions than one handler that read both, issue 29). Here the envelope's generic
/// cores are inlined with `ContractBodyReader`, a final class, so `start`, `characters`
/// and `end` are direct calls the optimizer may inline. Other dialects keep the plain
/// `SOAPMessageHandler`; one that needs the same speed adds a subclass like this one,
/// and neither the envelope nor the contract changes.
final class ContractMessageHandler: SOAPMessageHandler {
    /// Unretained: `SOAPMessageParser` owns the reader as it owns this handler.
    private let contract: Unmanaged<ContractBodyReader>

    init(contract: ContractBodyReader, limits: SOAPMessageParser.Limits, readsHeader: Bool) {
        self.contract = Unmanaged.passUnretained(contract)
        super.init(
            maxDepth: limits.maxDepth, maxFieldBytes: limits.maxFieldBytes, readsHeader: readsHeader,
            maxHeaderBlocks: limits.maxHeaderBlocks)
    }

    override func didStartElement(_ localName: UnsafePointer<UInt8>, namespaceURI: UnsafePointer<UInt8>?, attributes: SAXAttributes) {
        handleStart(localName, namespaceURI, attributes, reader: contract)
    }

    override func didEndElement() { handleEnd(reader: contract) }

    override func foundCharacters(_ bytes: UnsafeBufferPointer<UInt8>) { handleCharacters(bytes, reader: contract) }
}

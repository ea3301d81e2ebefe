import CLibXML2
import CXMLTok

/// The parser's names of one document (libxml2's dictionary, or the tokenizer's):
/// `SAXDriver.isInterned` as a plain value, for a reader that looks names up on every
/// event and should not hold the driver.
/// Public (its members are not) because `SOAPBodyReader.begin`, an open method, takes it.
public struct InternedNames {
    package let dictionary: xmlDictPtr?
    package var tokenizer: OpaquePointer? = nil

    /// No document yet: owns no name.
    package static var none: InternedNames { InternedNames(dictionary: nil) }

    package func contains(_ pointer: UnsafePointer<UInt8>) -> Bool {
        if let tokenizer { return hs_tok_owns(tokenizer, pointer) != 0 }
        guard let dictionary else { return false }
        return xmlDictOwns(dictionary, pointer) == 1
    }
}

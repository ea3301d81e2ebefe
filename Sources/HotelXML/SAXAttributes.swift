import CLibXML2

#if canImport(Glibc)
    import Glibc
#endif

/// The attributes of one start tag, valid only during `didStartElement`.
public struct SAXAttributes {
    private static func equal(_ c: UnsafePointer<UInt8>, _ s: StaticString) -> Bool {
        strcmp(UnsafeRawPointer(c).assumingMemoryBound(to: CChar.self), UnsafeRawPointer(s.utf8Start).assumingMemoryBound(to: CChar.self))
            == 0
    }

    @usableFromInline package let base: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    package let count: Int

    /// The value of the attribute named `localName` in `namespaceURI` (`nil`: no namespace).
    package func value(localName: StaticString, namespaceURI: StaticString?) -> String? {
        bytes(localName: localName, namespaceURI: namespaceURI).map(SAXAttributes.string)
    }

    /// A value's text. libxml2 hands an `&` in a value (written `&amp;`, `&#38;` or
    /// `&#x26;`) on as the five bytes `&#38;`: without entity substitution it keeps that
    /// reference for its own tree builder. A value cannot hold a bare `&`, so each `&#38;`
    /// is one `&` (fuzzing found `currency="A&amp;D"` read as `A&#38;D`).
    package static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.contains(UInt8(ascii: "&")) else { return String(decoding: bytes, as: UTF8.self) }
        let reference = Array("&#38;".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "&"), bytes[i...].starts(with: reference) {
                text.append(UInt8(ascii: "&"))
                i += reference.count
            } else {
                text.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes of the value without XML whitespace at either end (codes, as `xsd:token`
    /// reads them): no `String` is built, the caller decides how (it runs once per hotel).
    /// An `&` in them is still `&#38;`: build the text with `string` when one is there.
    package func trimmedBytes(localName: StaticString, namespaceURI: StaticString?) -> UnsafeBufferPointer<UInt8>? {
        bytes(localName: localName, namespaceURI: namespaceURI)?.trimmingXMLSpace
    }

    /// Every attribute in no namespace, names and values as strings: for messages read by
    /// name rather than by a few known attributes (OTA requests put their criteria there).
    package var unqualified: [(name: String, value: String)] {
        guard let base else { return [] }
        var all: [(name: String, value: String)] = []
        for i in 0..<count {
            let entry = base + i * 5  // localname, prefix, URI, value, end
            guard let name = entry[0], entry[2] == nil else { continue }
            let value: String
            if let start = entry[3], let end = entry[4] {
                value = SAXAttributes.string(UnsafeBufferPointer(start: start, count: end - start))
            } else {
                value = ""
            }
            all.append((String(cString: name), value))
        }
        return all
    }

    /// The `index`th attribute: its interned local name (a `NameCache` key), its namespace
    /// URI, and its value's bytes (an `&` in them is `&#38;`: see `string`). For messages
    /// that read most of the attributes they get, one pass beats a lookup per name.
    @inlinable
    package subscript(index: Int) -> (
        localName: UnsafePointer<UInt8>, namespaceURI: UnsafePointer<UInt8>?, value: UnsafeBufferPointer<UInt8>
    ) {
        let entry = base.unsafelyUnwrapped + index * 5  // localname, prefix, URI, value, end
        let value: UnsafeBufferPointer<UInt8>
        if let start = entry[3], let end = entry[4] {
            value = UnsafeBufferPointer(start: start, count: end - start)
        } else {
            value = UnsafeBufferPointer(start: nil, count: 0)
        }
        return (entry[0].unsafelyUnwrapped, entry[2], value)
    }

    private func bytes(localName: StaticString, namespaceURI: StaticString?) -> UnsafeBufferPointer<UInt8>? {
        guard let base else { return nil }
        for i in 0..<count {
            let entry = base + i * 5  // localname, prefix, URI, value, end
            guard let name = entry[0], SAXAttributes.equal(name, localName) else { continue }
            switch (entry[2], namespaceURI) {
            case (nil, nil): break
            case (let uri?, let wanted?) where SAXAttributes.equal(uri, wanted): break
            default: continue
            }
            guard let start = entry[3], let end = entry[4] else { return UnsafeBufferPointer(start: nil, count: 0) }
            return UnsafeBufferPointer(start: start, count: end - start)
        }
        return nil
    }
}

/// Header values compared as bytes: they are ASCII by RFC 9110, and Foundation's
/// `CharacterSet` trimming and `lowercased()` cost more than the rest of reading a header.
enum ASCII {
    /// `bytes` without leading and trailing spaces and tabs (and `also`, when given).
    static func trimmed<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes, also extra: UInt8? = nil) -> Bytes.SubSequence {
        let isTrimmed = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == extra }
        let start = bytes.firstIndex { !isTrimmed($0) } ?? bytes.endIndex
        let end = bytes[start...].lastIndex { !isTrimmed($0) }.map { bytes.index(after: $0) } ?? start
        return bytes[start..<end]
    }

    /// Whether `bytes` spell `expected` (lowercase ASCII) in any case.
    static func equalsIgnoringCase(_ bytes: some Collection<UInt8>, _ expected: String) -> Bool {
        bytes.elementsEqual(expected.utf8) { byte, lower in
            (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) == lower
        }
    }
}

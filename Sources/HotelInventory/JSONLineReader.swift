/// JSON Lines, one object at a time, from an input read in pieces: each non-empty line is
/// one JSON object (a CR before the LF is dropped), parsed by ``JSONObjectParser``.
///
/// ```swift
/// let reader = JSONLineReader(input: try InventoryInput.open("hotels.jsonl", format: nil))
/// while let object = try reader.next() { print(object.line, object.members.map(\.key)) }
/// ```
final class JSONLineReader {
    /// One line's object: the line number and its members in the order written.
    struct Object {
        var line: Int
        var members: [(key: String, value: JSONValue)]
    }

    private let buffer: ChunkedBuffer
    private let file: String
    private var line = 0

    init(input: InventoryInput, chunkSize: Int = 256 * 1024) {
        buffer = ChunkedBuffer(input: input, chunkSize: chunkSize)
        file = input.path
    }

    /// The next line's object, or nil at the end of the input.
    func next() throws(InventoryError) -> Object? {
        while true {
            guard let range = try nextLine() else { return nil }
            line += 1
            let from = range.from
            var end = range.to
            if end > from && buffer.bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            let isBlank = buffer.bytes[from..<end].allSatisfy { $0 == 0x20 || $0 == 0x09 }
            if isBlank { continue }
            let parsed = buffer.bytes.withUnsafeBufferPointer { bytes in
                var parser = JSONObjectParser(bytes: UnsafeBufferPointer(rebasing: bytes[from..<end]))
                return Result { () throws(JSONObjectParser.Failure) in try parser.parseObject() }
            }
            switch parsed {
            case .success(let members): return Object(line: line, members: members)
            case .failure(let failure):
                throw .invalidData(
                    file: file, line: line, "not a JSON object: \(failure.problem) at byte \(failure.offset + 1) of the line")
            }
        }
    }

    /// The next line's bytes, `from..<to` in the buffer without the LF; nil at the end.
    private func nextLine() throws(InventoryError) -> (from: Int, to: Int)? {
        var scanned = buffer.start
        while true {
            if let newline = buffer.bytes[scanned..<buffer.end].firstIndex(of: UInt8(ascii: "\n")) {
                let from = buffer.start
                buffer.start = newline + 1
                return (from, newline)
            }
            if buffer.atEnd {
                guard buffer.start < buffer.end else { return nil }
                let from = buffer.start
                buffer.start = buffer.end
                return (from, buffer.end)
            }
            let kept = buffer.end - buffer.start
            let filled = try buffer.fill(line: line + 1)
            scanned = buffer.start + kept
            if !filled && buffer.start == buffer.end { return nil }
        }
    }
}

/// RFC 4180 records, one at a time, from an input read in pieces: fields separated by
/// commas, records by LF or CRLF; a field in double quotes may hold commas, line breaks and
/// doubled quotes (`""` is one `"`). Strict where a lenient reader would guess: a quote
/// inside an unquoted field, text after a closing quote and a quote left open are errors
/// naming the row's line. A UTF-8 byte-order mark before the header is skipped, and so are
/// empty lines.
///
/// ```swift
/// let reader = CSVRecordReader(input: try InventoryInput.open("hotels.csv", format: nil))
/// while let record = try reader.next() { print(record.line, record.fields) }
/// ```
///
/// Each row is parsed where it lies in the buffer; a row cut between two reads is parsed
/// again from its start once the rest has arrived (rows are short next to a read).
final class CSVRecordReader {
    /// One row: the line it starts on (1-based, as an editor counts) and its fields.
    struct Record {
        var line: Int
        var fields: [String]
    }

    private let buffer: ChunkedBuffer
    private let file: String
    /// The line the next row starts on.
    private var line = 1
    private var startedReading = false
    /// The header's names once read: errors about a field then name its column.
    var columnNames: [String] = []

    init(input: InventoryInput, chunkSize: Int = 256 * 1024) {
        buffer = ChunkedBuffer(input: input, chunkSize: chunkSize)
        file = input.path
    }

    /// The next row, or nil at the end of the input.
    func next() throws(InventoryError) -> Record? {
        if !startedReading {
            startedReading = true
            _ = try buffer.fill(line: line)
            try skipByteOrderMark()
        }
        while true {
            if try skipEmptyLine() { continue }
            if buffer.start == buffer.end && buffer.atEnd { return nil }
            if let parsed = try parse(atEnd: buffer.atEnd) {
                let record = Record(line: line, fields: parsed.fields)
                buffer.start = parsed.next
                line += parsed.lines
                return record
            }
            let filled = try buffer.fill(line: line)
            if !filled && buffer.start == buffer.end { return nil }
        }
    }

    private func skipByteOrderMark() throws(InventoryError) {
        while buffer.end - buffer.start < 3 {
            guard try buffer.fill(line: line) else { break }
        }
        let b = buffer.bytes
        if buffer.end - buffer.start >= 3 && b[buffer.start] == 0xEF && b[buffer.start + 1] == 0xBB && b[buffer.start + 2] == 0xBF {
            buffer.start += 3
        }
    }

    /// Skips one LF or CRLF at the start of a row; true when it did.
    private func skipEmptyLine() throws(InventoryError) -> Bool {
        if buffer.start == buffer.end && !buffer.atEnd { _ = try buffer.fill(line: line) }
        guard buffer.start < buffer.end else { return false }
        let b = buffer.bytes
        if b[buffer.start] == lf {
            buffer.start += 1
            line += 1
            return true
        }
        if b[buffer.start] == cr {
            if buffer.start + 1 == buffer.end && !buffer.atEnd { _ = try buffer.fill(line: line) }
            if buffer.start + 1 < buffer.end && buffer.bytes[buffer.start + 1] == lf {
                buffer.start += 2
                line += 1
                return true
            }
        }
        return false
    }

    /// The row at `buffer.start`: its fields, where the next row starts and how many line
    /// breaks it took; nil when the buffer ends before the row does (and more may come).
    private func parse(atEnd: Bool) throws(InventoryError) -> (fields: [String], next: Int, lines: Int)? {
        let result: Result<(fields: [String], next: Int, lines: Int)?, InventoryError> = buffer.bytes.withUnsafeBufferPointer { b in
            let end = buffer.end
            var i = buffer.start
            var fields: [String] = []
            var lines = 0
            func fail(_ problem: String) -> Result<(fields: [String], next: Int, lines: Int)?, InventoryError> {
                let column = fields.count < columnNames.count ? columnNames[fields.count] : nil
                return .failure(.invalidData(file: file, line: line, column: column, problem))
            }
            while true {
                if i < end && b[i] == quote {
                    // Quoted: runs between doubled quotes are joined.
                    var text: [UInt8] = []
                    var run = i + 1
                    var j = i + 1
                    while true {
                        guard j < end else {
                            return atEnd ? fail("a quoted field is not closed before the end of the file") : .success(nil)
                        }
                        if b[j] == quote {
                            guard j + 1 < end else {
                                if atEnd { break }
                                return .success(nil)
                            }
                            guard b[j + 1] == quote else { break }
                            text.append(contentsOf: UnsafeBufferPointer(rebasing: b[run...j]))
                            j += 2
                            run = j
                            continue
                        }
                        if b[j] == lf { lines += 1 }
                        j += 1
                    }
                    text.append(contentsOf: UnsafeBufferPointer(rebasing: b[run..<j]))
                    guard let field = String(validating: text, as: UTF8.self) else { return fail("not valid UTF-8") }
                    fields.append(field)
                    i = j + 1
                    if i == end {
                        if atEnd { return .success((fields, i, lines)) }
                        return .success(nil)
                    }
                    switch b[i] {
                    case comma:
                        i += 1
                    case lf:
                        return .success((fields, i + 1, lines + 1))
                    case cr where i + 1 == end && !atEnd:
                        return .success(nil)
                    case cr where i + 1 < end && b[i + 1] == lf:
                        return .success((fields, i + 2, lines + 1))
                    case cr:
                        fields.removeLast()
                        return fail("a carriage return without a line feed after a quoted field")
                    default:
                        fields.removeLast()
                        return fail("text after the closing quote: quote the whole field, and double each quote inside it")
                    }
                } else {
                    var j = i
                    while j < end && b[j] != comma && b[j] != lf {
                        if b[j] == quote {
                            return fail("a quote inside a field that does not start with one: quote the whole field and double each quote")
                        }
                        j += 1
                    }
                    if j == end && !atEnd { return .success(nil) }
                    var fieldEnd = j
                    if fieldEnd > i && b[fieldEnd - 1] == cr { fieldEnd -= 1 }
                    guard let field = String(validating: UnsafeBufferPointer(rebasing: b[i..<fieldEnd]), as: UTF8.self) else {
                        return fail("not valid UTF-8")
                    }
                    fields.append(field)
                    if j == end { return .success((fields, j, lines)) }
                    if b[j] == lf { return .success((fields, j + 1, lines + 1)) }
                    i = j + 1
                }
            }
        }
        return try result.get()
    }
}

private let quote = UInt8(ascii: "\"")
private let comma = UInt8(ascii: ",")
private let lf = UInt8(ascii: "\n")
private let cr = UInt8(ascii: "\r")

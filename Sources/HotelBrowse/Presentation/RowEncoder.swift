import HotelSOAP

/// Writes one hotel as a CSV, TSV or JSON Lines row straight into a byte buffer.
///
/// Why bytes and not `String`s: formatting a row by building each field's `String`, an
/// array of them and a joined line cost more than parsing the hotel (2.4 × xmllint's time
/// for CSV, 4.5 × for JSON, BENCHMARKS.md). Every character these formats escape is ASCII
/// (or, for JSON, U+2028 and U+2029, whose UTF-8 bytes appear nowhere else), so escaping
/// byte by byte over the UTF-8 gives exactly what escaping scalar by scalar gives; the
/// plain writer the tests compare against is kept in `Tests/HotelBrowseTests/Presentation/`.
///
/// Here, below the command line, because `hotels search` and the browse table's `y` and
/// `w` must write the same bytes: one encoder, one list of columns. Its field writers are
/// `package` for `hotels export`, whose rows (`InventoryRowWriter`) must spell each field as
/// search does, so that what one writes the other's reader takes back.
///
/// ```swift
/// var bytes: [UInt8] = []
/// RowEncoder.csv(hotel, into: &bytes)   // H0000001,Grand Hotel,…\n
/// ```
package enum RowEncoder {
    /// The CSV and TSV header's names, in the order `csv` and `tsv` write the fields.
    package static let columns = [
        "hotel_id", "name", "address", "city", "country", "latitude", "longitude",
        "stars", "price", "currency", "distance_km", "logo_url",
    ]

    package static func csv(_ hotel: HotelInfo, into out: inout [UInt8]) {
        delimited(hotel, csv: true, into: &out)
    }

    package static func tsv(_ hotel: HotelInfo, into out: inout [UInt8]) {
        delimited(hotel, csv: false, into: &out)
    }

    /// The CSV/TSV columns, in order: a contract with scripts (README, "Output formats"), so only
    /// ever append. Numbers need no quoting or escaping in either format.
    ///
    /// `csv` a constant, not a closure: passed as a function, the field writer was called
    /// through a thunk per field (5 % of a csv run).
    @inline(__always)
    private static func delimited(_ hotel: HotelInfo, csv: Bool, into out: inout [UInt8]) {
        let separator = csv ? UInt8(ascii: ",") : 0x09
        @inline(__always) func field(_ text: String, _ out: inout [UInt8]) {
            if csv { csvField(text, &out) } else { tsvField(text, &out) }
        }
        field(hotel.id, &out)
        out.append(separator)
        field(hotel.name, &out)
        out.append(separator)
        field(hotel.address, &out)
        out.append(separator)
        field(hotel.city, &out)
        out.append(separator)
        field(hotel.country, &out)
        out.append(separator)
        number(hotel.latitude, &out)
        out.append(separator)
        number(hotel.longitude, &out)
        out.append(separator)
        integer(hotel.stars, &out)
        out.append(separator)
        field(hotel.price.amountText, &out)
        out.append(separator)
        field(hotel.price.currency, &out)
        out.append(separator)
        if let distance = hotel.distanceKm { number(distance, &out) }
        out.append(separator)
        if let logo = hotel.logoURL { field(logo, &out) }
        out.append(0x0A)
    }

    /// One JSON object per line; `price` is a string so no consumer rounds it through a float.
    package static func json(_ hotel: HotelInfo, into out: inout [UInt8]) {
        raw("{\"hotel_id\":", &out)
        jsonString(hotel.id, &out)
        raw(",\"name\":", &out)
        jsonString(hotel.name, &out)
        raw(",\"address\":", &out)
        jsonString(hotel.address, &out)
        raw(",\"city\":", &out)
        jsonString(hotel.city, &out)
        raw(",\"country\":", &out)
        jsonString(hotel.country, &out)
        raw(",\"latitude\":", &out)
        number(hotel.latitude, &out)
        raw(",\"longitude\":", &out)
        number(hotel.longitude, &out)
        raw(",\"stars\":", &out)
        integer(hotel.stars, &out)
        raw(",\"price\":", &out)
        jsonString(hotel.price.amountText, &out)
        raw(",\"currency\":", &out)
        jsonString(hotel.price.currency, &out)
        raw(",\"distance_km\":", &out)
        if let distance = hotel.distanceKm { number(distance, &out) } else { raw("null", &out) }
        raw(",\"logo_url\":", &out)
        if let logo = hotel.logoURL { jsonString(logo, &out) } else { raw("null", &out) }
        raw(",\"phone\":", &out)
        if let phone = hotel.phone { jsonString(phone, &out) } else { raw("null", &out) }
        raw(",\"amenities\":[", &out)
        for (i, amenity) in hotel.amenities.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            jsonString(amenity, &out)
        }
        // Only OpenTravel responses list rooms: our contract's lines stay as they were.
        if !hotel.rooms.isEmpty { rooms(hotel.rooms, &out) }
        raw("]}\n", &out)
    }

    /// `],"rooms":[…` after the amenities: every room and rate, its price a string like the hotel's.
    private static func rooms(_ rooms: [RoomOffer], _ out: inout [UInt8]) {
        raw("],\"rooms\":[", &out)
        for (i, room) in rooms.enumerated() {
            raw(i == 0 ? "{\"room_type\":" : ",{\"room_type\":", &out)
            optionalString(room.roomTypeCode, &out)
            raw(",\"room_name\":", &out)
            optionalString(room.roomName, &out)
            raw(",\"rate_plan\":", &out)
            optionalString(room.ratePlanCode, &out)
            raw(",\"price\":", &out)
            jsonString(room.total.amountText, &out)
            raw(",\"currency\":", &out)
            jsonString(room.total.currency, &out)
            raw(room.includesTaxes ? ",\"taxes_included\":true}" : ",\"taxes_included\":false}", &out)
        }
    }

    private static func optionalString(_ text: String?, _ out: inout [UInt8]) {
        if let text { jsonString(text, &out) } else { raw("null", &out) }
    }

    // MARK: fields

    package static func raw(_ text: StaticString, _ out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// The shortest text that reads back as the same `Double` (`description`).
    package static func number(_ value: Double, _ out: inout [UInt8]) {
        guard !shortDecimal(value, &out) else { return }
        // What `description` writes, without its String: 17-digit coordinates (sums of
        // steps, `40.980000000000004`) made one heap String each.
        var stream = ASCIIStream()
        swap(&stream.bytes, &out)
        value.write(to: &stream)
        swap(&stream.bytes, &out)
    }

    /// Appends what a `TextOutputStreamable` writes. The standard library hands numbers
    /// over as ASCII bytes (`_writeASCII`), so none becomes a `String` on the way.
    private struct ASCIIStream: TextOutputStream {
        var bytes: [UInt8] = []

        mutating func write(_ string: String) { bytes.append(contentsOf: string.utf8) }

        mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: buffer) }
    }

    /// `description` without a `String`, for the values coordinates and distances are: a
    /// decimal of at most 6 places and 15 digits that reads back as `value` (it was one
    /// `String` per number, 5 % of a csv run). Such a decimal is the shortest there is (two
    /// decimals of 15 digits never read as the same `Double`), and with the fewest places it
    /// is the one `description` writes; in the range `description` writes in positional
    /// notation. False leaves `out` alone: the caller falls back to `description`.
    @inline(__always)
    private static func shortDecimal(_ value: Double, _ out: inout [UInt8]) -> Bool {
        let magnitude = value.magnitude
        guard magnitude >= 0.001, magnitude < 1e15 else { return false }
        // 10^places by multiplying: exact up to 10^22, and no global array to reach.
        var power = 1.0
        for places in 0...6 {
            defer { power *= 10 }
            let scaled = (magnitude * power).rounded()
            guard scaled < 1e15, scaled / power == magnitude else { continue }
            var digits = UInt64(scaled)
            // The digits backwards, then reversed into place: at most 15 and a point.
            var text: (UInt64, UInt64, UInt64) = (0, 0, 0)
            return withUnsafeMutableBytes(of: &text) { buffer in
                var count = 0
                if places == 0 {
                    buffer[0] = UInt8(ascii: "0")
                    buffer[1] = UInt8(ascii: ".")
                    count = 2
                }
                repeat {
                    buffer[count] = UInt8(ascii: "0") + UInt8(digits % 10)
                    digits /= 10
                    count += 1
                    if count == places {
                        buffer[count] = UInt8(ascii: ".")
                        count += 1
                    }
                } while digits > 0 || count <= places
                if buffer[count - 1] == UInt8(ascii: ".") {
                    buffer[count] = UInt8(ascii: "0")
                    count += 1
                }
                if value < 0 {
                    buffer[count] = UInt8(ascii: "-")
                    count += 1
                }
                // Reversed in place, then appended at once: an append per digit checked the
                // array's uniqueness and capacity each time.
                var (i, j) = (0, count - 1)
                while i < j {
                    buffer.swapAt(i, j)
                    i += 1
                    j -= 1
                }
                out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
                return true
            }
        }
        return false
    }

    package static func integer(_ value: Int, _ out: inout [UInt8]) {
        if value >= 0 && value < 10 {
            out.append(UInt8(ascii: "0") + UInt8(value))
        } else {
            bytes(String(value), &out)
        }
    }

    /// The string's UTF-8, handed to `body` without a copy when it is stored contiguously.
    @inline(__always)
    private static func withUTF8<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }

    private static func bytes(_ text: String, _ out: inout [UInt8]) {
        withUTF8(text) { out.append(contentsOf: $0) }
    }

    /// RFC 4180: quoted, with quotes doubled, when it holds a comma, quote, CR or LF.
    package static func csvField(_ text: String, _ out: inout [UInt8]) {
        withUTF8(text) { utf8 in
            guard needsCSVQuotes(utf8) else {
                out.append(contentsOf: utf8)
                return
            }
            // In runs, not a byte at a time: every address holds a comma, so this path is
            // common, and an append per byte was 5 % of a csv run. Each run after the first
            // starts at the quote that ended the one before, which doubles it.
            out.append(UInt8(ascii: "\""))
            var start = 0
            for i in utf8.indices where utf8[i] == UInt8(ascii: "\"") {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...i]))
                start = i
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
            out.append(UInt8(ascii: "\""))
        }
    }

    /// Whether `utf8` holds a comma, quote, CR or LF (`holdsAny`).
    @inline(__always)
    private static func needsCSVQuotes(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        holdsAny(utf8, UInt8(ascii: ","), UInt8(ascii: "\""), 0x0A, 0x0D)
    }

    /// Whether `utf8` holds any of four bytes: 8 bytes at a time (a byte loop was 7 % of a
    /// csv run), by the "has a zero byte" test on each word XOR the byte looked for.
    @inline(__always)
    private static func holdsAny(_ utf8: UnsafeBufferPointer<UInt8>, _ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) -> Bool {
        guard var p = utf8.baseAddress else { return false }
        let end = p + utf8.count
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func has(_ word: UInt64, _ byte: UInt8) -> Bool {
            let x = word ^ (ones &* UInt64(byte))
            return (x &- ones) & ~x & highs != 0
        }
        while end - p >= 8 {
            let word = UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)
            if has(word, a) || has(word, b) || has(word, c) || has(word, d) { return true }
            p += 8
        }
        while p < end {
            let byte = p.pointee
            if byte == a || byte == b || byte == c || byte == d { return true }
            p += 1
        }
        return false
    }

    /// TSV cannot quote: tab, LF, CR and backslash become `\t`, `\n`, `\r`, `\\`.
    private static func tsvField(_ text: String, _ out: inout [UInt8]) {
        withUTF8(text) { utf8 in
            guard holdsAny(utf8, 0x09, 0x0A, 0x0D, UInt8(ascii: "\\")) else {
                out.append(contentsOf: utf8)
                return
            }
            var start = 0
            for (i, byte) in utf8.enumerated() {
                let escaped: UInt8
                switch byte {
                case 0x09: escaped = UInt8(ascii: "t")
                case 0x0A: escaped = UInt8(ascii: "n")
                case 0x0D: escaped = UInt8(ascii: "r")
                case UInt8(ascii: "\\"): escaped = UInt8(ascii: "\\")
                default: continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<i]))
                out.append(UInt8(ascii: "\\"))
                out.append(escaped)
                start = i + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A JSON string: `"` and `\` escaped, controls as `\n` `\r` `\t` or `\u00XX`, and
    /// U+2028/U+2029 as `\u2028`/`\u2029` (JavaScript reads them as line ends).
    package static func jsonString(_ text: String, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        withUTF8(text) { utf8 in
            var start = 0
            var i = 0
            while i < utf8.count {
                let byte = utf8[i]
                if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") && byte != 0xE2 {
                    i += 1
                    continue
                }
                // E2 80 A8 and E2 80 A9 are U+2028 and U+2029; any other E2 sequence passes.
                if byte == 0xE2 {
                    guard i + 2 < utf8.count, utf8[i + 1] == 0x80, utf8[i + 2] == 0xA8 || utf8[i + 2] == 0xA9 else {
                        i += 1
                        continue
                    }
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<i]))
                switch byte {
                case UInt8(ascii: "\""): raw("\\\"", &out)
                case UInt8(ascii: "\\"): raw("\\\\", &out)
                case 0x0A: raw("\\n", &out)
                case 0x0D: raw("\\r", &out)
                case 0x09: raw("\\t", &out)
                case 0xE2:
                    raw(utf8[i + 2] == 0xA8 ? "\\u2028" : "\\u2029", &out)
                    i += 2
                default:
                    raw("\\u00", &out)
                    out.append(hexDigits[Int(byte >> 4)])
                    out.append(hexDigits[Int(byte & 0x0F)])
                }
                i += 1
                start = i
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        out.append(UInt8(ascii: "\""))
    }
}

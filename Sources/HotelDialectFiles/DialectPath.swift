/// One step of a compiled path: an element by namespace URI and local name (or any
/// element), an optional 1-based position among the siblings that match it, and whether it
/// may be at any depth below the step before it (`//`).
struct PathStep: Sendable, Equatable {
    /// Index into `DialectProgram.localNames`, or `PathStep.any` for `*`.
    var local: Int
    /// 0: no namespace; k ≥ 1: `DialectProgram.namespaceURIs[k - 1]`. Unused for `*`.
    var uri: Int
    /// 0: every match; n ≥ 1: only the n-th sibling that matches.
    var position: Int
    /// `//` before the step: it may match at any depth below the previous step's element.
    var descendant: Bool

    static let any = -2
}

/// The attribute a path ends with: its local name's bytes and its namespace (nil: none).
struct PathAttribute: Sendable, Equatable {
    var local: [UInt8]
    var uri: [UInt8]?
}

/// What a path's match feeds.
enum PathTarget: Sendable, Equatable {
    case field(HotelField)
    /// `decimalPlaces` of the price, when it is a path.
    case decimalPlaces
    case hotel
    case groupKey
    case error
    case warning
    case total
    case offset
    case nextToken
    case description
}

/// The `HotelInfo` fields a file may map.
enum HotelField: String, Sendable, CaseIterable {
    case id, name, address, city, country, latitude, longitude, stars, price, currency, distance, logo, phone, amenities
}

/// A path compiled at load: steps matched against the element stack, then an attribute or
/// the element's text.
struct CompiledPath: Sendable {
    var steps: [PathStep]
    var attribute: PathAttribute?
    var target: PathTarget
    /// As written in the file: for `dialect check` and for messages naming the field.
    var text: String
    var options = PathOptions()
}

/// How a field's path combines with the field's other paths and matches.
struct PathOptions: Sendable, Equatable {
    /// Its place in the field's list of alternatives: a value from a lower rank replaces
    /// one from a higher rank; among equals the first stays (unless `join` or `takesMin`).
    var rank = 0
    /// Every match's text, joined with this (blank ones left out), not only the first.
    var join: [UInt8]?
    /// The price: the smallest of the matches, each read with its own decimal places.
    var takesMin = false
    /// The price's decimal places, an attribute of the amount's own element.
    var placesAttribute: PathAttribute?
}

/// A path as parsed from the file, before its names are numbered.
struct ParsedPath: Equatable {
    struct Step: Equatable {
        /// nil: `*`.
        var local: String?
        /// nil: no namespace.
        var uri: String?
        var position: Int
        var descendant: Bool
    }

    var steps: [Step]
    var attribute: (local: String, uri: String?)?

    static func == (a: ParsedPath, b: ParsedPath) -> Bool {
        a.steps == b.steps && a.attribute?.local == b.attribute?.local && a.attribute?.uri == b.attribute?.uri
    }
}

/// A mistake in a path, at a character offset into its text.
struct PathSyntaxError: Error {
    var offset: Int
    var message: String
}

enum PathParser {
    /// Parses `h:Results/h:Hotel`, `@id`, `h:Rate[1]/@amount`, `h:Images//h:Image[1]/@href`,
    /// `*/h:Name`; prefixes resolve through `namespaces`.
    static func parse(_ text: String, namespaces: [String: String], allowAttribute: Bool = true) throws(PathSyntaxError) -> ParsedPath {
        let chars = Array(text.unicodeScalars)
        guard !chars.isEmpty else { throw PathSyntaxError(offset: 0, message: "the path is empty") }
        if chars[0] == "/" {
            if chars.count > 1 && chars[1] == "/" {
                // A leading `//`: at any depth below the context element.
            } else {
                throw PathSyntaxError(
                    offset: 0, message: "a path is relative and does not start with /; write it from the element it starts at")
            }
        }
        var steps: [ParsedPath.Step] = []
        var attribute: (local: String, uri: String?)?
        var i = 0
        var descendant = false
        if chars.count >= 2, chars[0] == "/", chars[1] == "/" {
            descendant = true
            i = 2
        }
        while true {
            let start = i
            while i < chars.count, chars[i] != "/" { i += 1 }
            let stepText = String(String.UnicodeScalarView(chars[start..<i]))
            if stepText.isEmpty {
                throw PathSyntaxError(
                    offset: start,
                    message: i >= chars.count ? "the path ends with /; a step was expected" : "an empty step (more than two /)")
            }
            if attribute != nil {
                throw PathSyntaxError(offset: start, message: "an attribute step (@name) can only be the last step")
            }
            if stepText.hasPrefix("@") {
                guard allowAttribute else {
                    throw PathSyntaxError(offset: start, message: "an element name was expected, not an attribute")
                }
                if descendant { throw PathSyntaxError(offset: start, message: "// cannot come before an attribute; name its element") }
                let name = String(stepText.dropFirst())
                let (local, uri) = try qualified(name, offset: start + 1, namespaces: namespaces, attribute: true)
                attribute = (local, uri)
            } else {
                steps.append(try step(stepText, offset: start, namespaces: namespaces, descendant: descendant))
            }
            if i >= chars.count { break }
            // At a `/`: a second one makes the next step a descendant.
            i += 1
            descendant = false
            if i < chars.count, chars[i] == "/" {
                descendant = true
                i += 1
            }
            if i >= chars.count { throw PathSyntaxError(offset: i, message: "the path ends with /; a step was expected") }
        }
        return ParsedPath(steps: steps, attribute: attribute)
    }

    private static func step(_ text: String, offset: Int, namespaces: [String: String], descendant: Bool) throws(PathSyntaxError)
        -> ParsedPath.Step
    {
        var name = Substring(text)
        var position = 0
        if let open = text.firstIndex(of: "[") {
            let inner = text[text.index(after: open)...]
            let innerOffset = offset + text.distance(from: text.startIndex, to: open) + 1
            guard inner.hasSuffix("]") else { throw PathSyntaxError(offset: innerOffset - 1, message: "a position [n] must end with ]") }
            let digits = inner.dropLast()
            guard let n = Int(digits), digits.allSatisfy(\.isASCII) else {
                throw PathSyntaxError(offset: innerOffset, message: "a position must be a whole number like [1], not [\(digits)]")
            }
            guard n >= 1 else {
                throw PathSyntaxError(offset: innerOffset, message: "positions count from 1: [\(n)] can never match; the first is [1]")
            }
            position = n
            name = text[..<open]
        }
        if name == "*" { return ParsedPath.Step(local: nil, uri: nil, position: position, descendant: descendant) }
        let (local, uri) = try qualified(String(name), offset: offset, namespaces: namespaces, attribute: false)
        return ParsedPath.Step(local: local, uri: uri, position: position, descendant: descendant)
    }

    /// `prefix:local` or `local`; the prefix must be declared (an attribute without one is in no namespace).
    static func qualified(_ text: String, offset: Int, namespaces: [String: String], attribute: Bool) throws(PathSyntaxError)
        -> (String, String?)
    {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2 else {
            throw PathSyntaxError(offset: offset, message: "\"\(text)\" has more than one : ; expected prefix:name")
        }
        let local = String(parts.last!)
        let localOffset = parts.count == 2 ? offset + parts[0].count + 1 : offset
        guard isName(local) else {
            throw PathSyntaxError(
                offset: localOffset,
                message: "\"\(local)\" is not an XML name; expected prefix:name, name, * or @attribute, with [n] for a position")
        }
        guard parts.count == 2 else { return (local, nil) }
        let prefix = String(parts[0])
        guard let uri = namespaces[prefix] else {
            let declared = namespaces.keys.sorted().joined(separator: ", ")
            throw PathSyntaxError(
                offset: offset,
                message: "the prefix \"\(prefix)\" is not declared in namespaces" + (declared.isEmpty ? "" : " (declared: \(declared))"))
        }
        return (local, uri)
    }

    /// An XML NCName, loosely: letters (any script), digits, `_`, `-`, `.`, not starting with a digit, `-` or `.`.
    static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first else { return false }
        if first.properties.numericType != nil || first == "-" || first == "." { return false }
        return text.unicodeScalars.allSatisfy { s in
            s == "_" || s == "-" || s == "." || s.properties.isAlphabetic || s.properties.numericType != nil
                || (s.value > 0x7F && !s.properties.isWhitespace)
        }
    }
}

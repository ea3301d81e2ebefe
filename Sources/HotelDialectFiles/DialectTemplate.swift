import Foundation
import HotelSOAP
import HotelXML
import Mustache

/// A request template of a dialect file (`request.body`, `request.header`, `detail.body`),
/// parsed at load and checked against the variables the engine gives it.
struct DialectTemplate: Sendable {
    /// Which variables a template may use.
    enum Kind: Sendable {
        case search, detail
    }

    let template: MustacheTemplate
    /// The environment variables it reads (`{{env.NAME}}`), in order of first use.
    let environment: [String]

    /// What swift-mustache is told first: values are escaped for XML by the engine
    /// (`escape`), never by Mustache's HTML rules.
    static let pragma = "{{%CONTENT_TYPE:TEXT}}"

    static let searchVariables: Set<String> = [
        "city", "cityCode", "name", "near", "minStars", "maxPrice", "currency", "checkIn", "checkOut", "guests", "amenities", "sort",
        "offset", "limit", "pageToken",
    ]
    static let nearVariables: Set<String> = ["latitude", "longitude", "radiusKm"]
    static let detailVariables: Set<String> = ["hotelId"]

    /// A mistake at a 1-based line and column of the template's own text.
    struct Problem: Error {
        var line: Int
        var column: Int
        var message: String
    }

    /// Checks every tag, then parses with swift-mustache.
    init(_ text: String, kind: Kind) throws(Problem) {
        environment = try Self.check(text, kind: kind)
        do {
            template = try MustacheTemplate(string: Self.pragma + text)
        } catch let error as MustacheTemplate.ParserError {
            let line = error.context.lineNumber
            let column = line == 1 ? max(1, error.context.columnNumber - Self.pragma.count) : error.context.columnNumber
            throw Problem(line: line, column: column, message: "the template does not parse: \(error.error)")
        } catch {
            throw Problem(line: 1, column: 1, message: "the template does not parse: \(error)")
        }
    }

    /// Walks the `{{…}}` tags: sections balanced, every variable one the engine gives.
    /// Returns the environment variables used.
    private static func check(_ text: String, kind: Kind) throws(Problem) -> [String] {
        let s = Array(text.unicodeScalars)
        var line = 1
        var column = 1
        var i = 0
        var sections: [(name: String, line: Int, column: Int)] = []
        var environment: [String] = []
        func advance(_ n: Int) {
            for _ in 0..<n where i < s.count {
                if s[i] == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
                i += 1
            }
        }
        while i < s.count {
            guard s[i] == "{", i + 1 < s.count, s[i + 1] == "{" else {
                advance(1)
                continue
            }
            let tagLine = line
            let tagColumn = column
            let triple = i + 2 < s.count && s[i + 2] == "{"
            let close: [Unicode.Scalar] = triple ? ["}", "}", "}"] : ["}", "}"]
            let contentStart = i + (triple ? 3 : 2)
            var j = contentStart
            var found = false
            while j + close.count <= s.count {
                if Array(s[j..<(j + close.count)]) == close {
                    found = true
                    break
                }
                j += 1
            }
            guard found else { throw Problem(line: tagLine, column: tagColumn, message: "a tag opened with {{ is never closed with }}") }
            var content = String(String.UnicodeScalarView(s[contentStart..<j])).trimmingCharacters(in: .whitespaces)
            var sigil: Character = " "
            if !triple, let first = content.first, "#^/!&>=%<$".contains(first) {
                sigil = first
                content = String(content.dropFirst()).trimmingCharacters(in: .whitespaces)
            }
            func name(_ problem: String) -> Problem { Problem(line: tagLine, column: tagColumn, message: problem) }
            switch sigil {
            case "!":
                break
            case ">", "<", "=", "%", "$":
                throw name("{{\(sigil)…}} (partials, delimiters, pragmas, blocks) is not supported in dialect templates")
            case "#", "^":
                try checkVariable(content, kind: kind, sections: sections.map(\.name), environment: &environment, problem: name)
                sections.append((content, tagLine, tagColumn))
            case "/":
                guard let open = sections.popLast() else { throw name("{{/\(content)}} closes no section") }
                guard open.name == content else {
                    throw name("{{/\(content)}} closes {{#\(open.name)}} (line \(open.line) of the template); expected {{/\(open.name)}}")
                }
            default:
                try checkVariable(content, kind: kind, sections: sections.map(\.name), environment: &environment, problem: name)
            }
            advance(j + close.count - i)
        }
        if let open = sections.last {
            throw Problem(line: open.line, column: open.column, message: "{{#\(open.name)}} is never closed; expected {{/\(open.name)}}")
        }
        return environment
    }

    private static func checkVariable(
        _ variable: String, kind: Kind, sections: [String], environment: inout [String], problem: (String) -> Problem
    ) throws(Problem) {
        if variable == "." {
            guard !sections.isEmpty else { throw problem("{{.}} is only meaningful inside a section such as {{#amenities}}") }
            return
        }
        if variable.hasPrefix("env.") {
            let env = String(variable.dropFirst(4))
            func digit(_ s: Unicode.Scalar) -> Bool { s.value >= 48 && s.value <= 57 }
            let valid =
                !env.isEmpty && env.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && $0.properties.isAlphabetic) || digit($0) }
                && !digit(env.unicodeScalars.first!)
            guard valid else {
                throw problem("\"\(variable)\" is not an environment variable name; expected env.NAME with letters, digits and _")
            }
            if !environment.contains(env) { environment.append(env) }
            return
        }
        let known: Set<String> = kind == .search ? searchVariables : detailVariables
        if known.contains(variable) { return }
        if kind == .search {
            if nearVariables.contains(variable), sections.contains("near") { return }
            if variable.hasPrefix("near."), nearVariables.contains(String(variable.dropFirst(5))) { return }
        }
        var expected = known.sorted()
        if kind == .search {
            expected += sections.contains("near") ? nearVariables.sorted() : ["near.latitude", "near.longitude", "near.radiusKm"]
        }
        expected.append("env.NAME")
        let hint = nearVariables.contains(variable) ? " (inside {{#near}}…{{/near}})" : ""
        throw problem("unknown template variable \"\(variable)\"\(hint); expected one of \(expected.joined(separator: ", "))")
    }

    /// Renders with `values` (strings already escaped by `escape`), reading the environment
    /// variables the template uses; a missing one is an error naming it.
    func render(_ values: [String: Any], environment env: [String: String], dialect: String) throws -> String {
        var context = values
        if !environment.isEmpty {
            var names: [String: String] = [:]
            for name in environment {
                guard let value = env[name] else {
                    throw DialectRequestError("\(dialect): the request template reads the environment variable \(name), which is not set")
                }
                names[name] = try Self.escape(value, field: "env.\(name)")
            }
            context["env"] = names
        }
        return template.render(context)
    }

    /// `value` escaped for XML text and attribute values alike (`& < > " '`, and CR, tab and
    /// LF as references); throws for a character XML 1.0 cannot carry.
    static func escape(_ value: String, field: String) throws(XMLWriterError) -> String {
        try XMLWriter.validate(value, field: field)
        var out = ""
        out.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\r": out += "&#13;"
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

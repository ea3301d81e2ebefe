import Foundation
import HotelSOAP
import Yams

/// Reads a dialect file's YAML into a `DialectFile`, checking every key, path and template
/// where it is written: each mistake is a `DialectFileError` at the offending node.
struct DialectLoader {
    let file: String
    let yaml: String
    private(set) var namespaces: [String: String] = [:]

    init(file: String, yaml: String) {
        self.file = file
        self.yaml = yaml
    }

    // MARK: Errors

    func error(_ node: Node?, _ message: String) -> DialectFileError {
        let mark = node?.mark
        return DialectFileError(file: file, line: mark?.line ?? 0, column: mark?.column ?? 0, message: message)
    }

    /// Where a character of a one-line scalar is: its column plus the opening quote, if any.
    func error(_ node: Node, offset: Int, _ message: String) -> DialectFileError {
        guard let mark = node.mark, let scalar = node.scalar else { return error(node, message) }
        let quote = scalar.style == .singleQuoted || scalar.style == .doubleQuoted ? 1 : 0
        let column = (scalar.style == .literal || scalar.style == .folded) ? mark.column : mark.column + quote + offset
        return DialectFileError(file: file, line: mark.line, column: column, message: message)
    }

    /// A template's own line and column as a position in the file.
    func error(_ node: Node, templateLine: Int, templateColumn: Int, _ message: String) -> DialectFileError {
        guard let mark = node.mark, let scalar = node.scalar else { return error(node, message) }
        switch scalar.style {
        case .literal, .folded:
            // The content starts on the line after the `|`, at the block's indentation.
            let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
            let fileLine = mark.line + templateLine
            var indent = 0
            var probe = mark.line  // 0-based index of the first content line
            while probe < lines.count {
                let text = lines[probe]
                if !text.allSatisfy({ $0 == " " }) {
                    indent = text.prefix(while: { $0 == " " }).count
                    break
                }
                probe += 1
            }
            return DialectFileError(file: file, line: fileLine, column: indent + templateColumn, message: message)
        default:
            let quote = scalar.style == .singleQuoted || scalar.style == .doubleQuoted ? 1 : 0
            let column = templateLine == 1 ? mark.column + quote + templateColumn - 1 : templateColumn
            return DialectFileError(file: file, line: mark.line + templateLine - 1, column: column, message: message)
        }
    }

    // MARK: Nodes

    /// The pairs of a mapping, every key a known one; `required` keys must be there.
    func mapping(_ node: Node, in context: String, allowed: [String], required: [String] = []) throws(DialectFileError) -> [String: (
        key: Node, value: Node
    )] {
        guard let map = node.mapping else {
            throw error(node, "\(context) must be a mapping with keys \(allowed.joined(separator: ", "))")
        }
        var result: [String: (key: Node, value: Node)] = [:]
        for (key, value) in map {
            guard let name = key.scalar?.string else { throw error(key, "a key in \(context) must be a plain name") }
            guard allowed.contains(name) else {
                throw error(key, "unknown key \"\(name)\" in \(context); expected one of \(allowed.joined(separator: ", "))")
            }
            guard result[name] == nil else { throw error(key, "\"\(name)\" appears twice in \(context)") }
            result[name] = (key, value)
        }
        for name in required where result[name] == nil {
            throw error(node, "\(context) has no \"\(name)\", which is required")
        }
        return result
    }

    func string(_ node: Node, _ what: String) throws(DialectFileError) -> String {
        guard let scalar = node.scalar else {
            throw error(node, "\(what) must be a text value, not a \(node.mapping != nil ? "mapping" : "list")")
        }
        return scalar.string
    }

    func bool(_ node: Node, _ what: String) throws(DialectFileError) -> Bool {
        guard let scalar = node.scalar, let value = Bool.construct(from: scalar) else {
            throw error(node, "\(what) must be true or false")
        }
        return value
    }

    // MARK: Parts

    mutating func readNamespaces(_ node: Node?) throws(DialectFileError) {
        guard let node else { return }
        guard let map = node.mapping else { throw error(node, "namespaces must be a mapping of prefix: namespace URI") }
        for (key, value) in map {
            guard let prefix = key.scalar?.string, PathParser.isName(prefix), !prefix.contains(":") else {
                throw error(key, "a namespace prefix must be an XML name without a colon")
            }
            let uri = try string(value, "the namespace of \(prefix)")
            guard !uri.isEmpty else {
                throw error(value, "the namespace of \(prefix) is empty; a path step without a prefix is in no namespace")
            }
            namespaces[prefix] = uri
        }
    }

    func path(_ node: Node, _ what: String, allowAttribute: Bool = true) throws(DialectFileError) -> (ParsedPath, String) {
        let text = try string(node, what)
        do {
            return (try PathParser.parse(text, namespaces: namespaces, allowAttribute: allowAttribute), text)
        } catch {
            throw self.error(node, offset: error.offset, "\(what): \(error.message)")
        }
    }

    /// `h:SearchResponse` (or a list of them): Body children by namespace and local name.
    func roots(_ node: Node, _ what: String) throws(DialectFileError) -> [SOAPBodyElement] {
        let nodes = node.sequence.map { Array($0) } ?? [node]
        guard !nodes.isEmpty else { throw error(node, "\(what) must name at least one element") }
        var roots: [SOAPBodyElement] = []
        for item in nodes {
            let text = try string(item, what)
            do {
                let (local, uri) = try PathParser.qualified(text, offset: 0, namespaces: namespaces, attribute: false)
                roots.append(SOAPBodyElement(name: local, namespace: uri))
            } catch {
                throw self.error(item, offset: error.offset, "\(what): \(error.message)")
            }
        }
        return roots
    }

    func template(_ node: Node, _ what: String, kind: DialectTemplate.Kind) throws(DialectFileError) -> DialectTemplate {
        let text = try string(node, what)
        do {
            return try DialectTemplate(text, kind: kind)
        } catch {
            throw self.error(node, templateLine: error.line, templateColumn: error.column, "\(what): \(error.message)")
        }
    }
}

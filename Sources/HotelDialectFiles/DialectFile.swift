import Foundation
import HotelSOAP
import HotelXML
import Mustache
import Yams

/// A hotel SOAP service described by a dialect file (docs/DIALECT-FILES.md) rather than
/// code: a `SOAPDialect` like the built-in ones, whose requests are Mustache templates and
/// whose responses are read by paths compiled at load into a streaming matcher.
///
/// ```swift
/// let dialect = try DialectFile.load(contentsOf: "Dialects/acme.yaml")
/// let reader = dialect.responseReader { hotel in print(hotel.name) }
/// try reader.feed(responseBytes)
/// let page = try reader.finish().page()   // DialectServiceError for a business error
/// ```
public struct DialectFile: SOAPDialect, Sendable {
    /// The file's `name`.
    public let name: String
    /// The file's `soap` ("1.1" unless it says "1.2").
    public let soapVersion: SOAPVersion
    /// Whether `soap` was written in the file; when it was not, requests use the version
    /// the caller asks for.
    let soapVersionGiven: Bool
    /// The file's `auth`; the client supplies the credentials.
    public let auth: DialectAuth
    /// Each `HotelInfo` field the file maps, with its path as written, in the format's
    /// field order: what `hotels dialect check` prints beside each value.
    public let fieldPaths: [(field: String, path: String)]
    /// `.perNight` unless the response section says `priceBasis: stay`.
    public let priceBasis: PriceBasis

    let program: DialectProgram
    let search: Request?
    let detail: Request?

    struct Request: Sendable {
        var action: String?
        var header: DialectTemplate?
        var body: DialectTemplate
    }

    /// Whether the file has a `request` (search) section; without it only parsing works.
    public var canSearch: Bool { search != nil }

    /// How the file's `response.paging` says pages follow: `offset`, `token`, or `none` (one
    /// page), as `hotels dialect check` names it. `paging` (the `SOAPDialect` model) cannot
    /// tell a token from none: both are sequential.
    public var pagingName: String {
        switch program.paging {
        case .none: "none"
        case .offset: "offset"
        case .token: "token"
        }
    }

    /// The Body children the response reader takes (search roots, then detail roots):
    /// `hotels parse` tells with these whether the file applies to a response.
    public var responseRoots: [SOAPBodyElement] { program.searchRoots + program.detailRoots }

    /// Whether a Body holding `element` is one this file reads.
    public func accepts(_ element: SOAPBodyElement) -> Bool { responseRoots.contains(element) }

    /// Reads and checks a dialect file; every mistake is a `DialectFileError` with
    /// file:line:column. A missing or unreadable file throws the file system's error
    /// (`CocoaError`), a file that is not UTF-8 a `DialectFileError` at 0:0.
    public static func load(contentsOf path: String) throws -> DialectFile {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let text = String(data: data, encoding: .utf8) else {
            throw DialectFileError(file: path, line: 0, column: 0, message: "the file is not UTF-8 text")
        }
        return try DialectFile(yaml: text, file: path)
    }

    /// Checks and compiles a dialect file's text; `file` names it in errors.
    public init(yaml: String, file: String) throws(DialectFileError) {
        var loader = DialectLoader(file: file, yaml: yaml)
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: yaml) else {
                throw DialectFileError(
                    file: file, line: 1, column: 1, message: "the file is empty; expected a mapping with dialect, name and response")
            }
            root = node
        } catch let error as DialectFileError {
            throw error
        } catch let error as YamlError {
            throw Self.yamlError(error, file: file)
        } catch {
            throw DialectFileError(file: file, line: 0, column: 0, message: "not valid YAML: \(error)")
        }
        let top = try loader.mapping(
            root, in: "the dialect file", allowed: ["dialect", "name", "soap", "namespaces", "request", "detail", "response", "auth"],
            required: ["dialect", "response"])

        let version = top["dialect"]!.value
        guard try loader.string(version, "dialect") == "1" else {
            throw loader.error(version, "dialect must be 1, the only version of the format")
        }
        if let node = top["name"]?.value {
            name = try loader.string(node, "name")
        } else {
            name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        }
        if let node = top["soap"]?.value {
            switch try loader.string(node, "soap") {
            case "1.1": soapVersion = .v11
            case "1.2": soapVersion = .v12
            case let other: throw loader.error(node, "soap must be \"1.1\" or \"1.2\", not \"\(other)\"")
            }
            soapVersionGiven = true
        } else {
            soapVersion = .v11
            soapVersionGiven = false
        }
        try loader.readNamespaces(top["namespaces"]?.value)

        var program = DialectProgram()
        let response = try loader.mapping(
            top["response"]!.value, in: "response",
            allowed: ["root", "hotel", "fields", "groupBy", "errors", "warnings", "paging", "priceBasis"],
            required: ["root", "hotel", "fields"])
        program.searchRoots = try loader.roots(response["root"]!.value, "response.root")
        program.searchRootPaths.append(try Self.hotelPath(response["hotel"]!.value, "response.hotel", loader: loader, program: &program))

        // Fields, in the format's order whatever the file's.
        let fieldsNode = response["fields"]!.value
        let fields = try loader.mapping(
            fieldsNode, in: "response.fields", allowed: HotelField.allCases.map(\.rawValue), required: ["id", "name", "price", "currency"])
        var listed: [(field: String, path: String)] = []
        for field in HotelField.allCases {
            guard let node = fields[field.rawValue]?.value else { continue }
            let text = try Self.field(field, node, loader: loader, program: &program)
            listed.append((field.rawValue, text))
            program.fieldPath[field] = text
        }
        fieldPaths = listed

        if let node = response["groupBy"]?.value {
            let (parsed, text) = try loader.path(node, "response.groupBy")
            program.hotelPaths.append(program.add(parsed, text: text, target: .groupKey))
            program.groupBy = true
        }
        for (key, target) in [("errors", PathTarget.error), ("warnings", .warning)] {
            guard let node = response[key]?.value else { continue }
            let (parsed, text) = try loader.path(node, "response.\(key)")
            let index = program.add(parsed, text: text, target: target)
            program.searchRootPaths.append(index)
            program.detailRootPaths.append(index)
        }
        if let node = response["paging"]?.value {
            let paging = try loader.mapping(node, in: "response.paging", allowed: ["offset", "token"])
            guard paging.count == 1 else {
                throw loader.error(node, "response.paging takes one of offset or token (or leave paging out for one page)")
            }
            if let offset = paging["offset"]?.value {
                let parts = try loader.mapping(
                    offset, in: "response.paging.offset", allowed: ["total", "offset"], required: ["total", "offset"])
                for (key, target) in [("total", PathTarget.total), ("offset", .offset)] {
                    let (parsed, text) = try loader.path(parts[key]!.value, "response.paging.offset.\(key)")
                    program.searchRootPaths.append(program.add(parsed, text: text, target: target))
                }
                program.paging = .offset
            } else if let token = paging["token"]?.value {
                let parts = try loader.mapping(token, in: "response.paging.token", allowed: ["next"], required: ["next"])
                let (parsed, text) = try loader.path(parts["next"]!.value, "response.paging.token.next")
                program.searchRootPaths.append(program.add(parsed, text: text, target: .nextToken))
                program.paging = .token
            }
        }
        if let node = response["priceBasis"]?.value {
            switch try loader.string(node, "response.priceBasis") {
            case "night": priceBasis = .perNight
            case "stay": priceBasis = .perStay
            case let other: throw loader.error(node, "response.priceBasis must be night or stay, not \"\(other)\"")
            }
        } else {
            priceBasis = .perNight
        }

        if let node = top["request"]?.value {
            let request = try loader.mapping(node, in: "request", allowed: ["action", "header", "body"], required: ["body"])
            var action: String?
            if let node = request["action"]?.value { action = try loader.string(node, "request.action") }
            var header: DialectTemplate?
            if let node = request["header"]?.value { header = try loader.template(node, "request.header", kind: .search) }
            search = Request(
                action: action, header: header, body: try loader.template(request["body"]!.value, "request.body", kind: .search))
        } else {
            search = nil
        }
        if let node = top["detail"]?.value {
            let section = try loader.mapping(
                node, in: "detail", allowed: ["action", "body", "root", "hotel", "description"], required: ["body", "root", "hotel"])
            // The request's header blocks (an API key) go with the detail request too.
            // (Its search variables are empty there.)
            let header = search?.header
            var action: String?
            if let node = section["action"]?.value { action = try loader.string(node, "detail.action") }
            detail = Request(
                action: action, header: header, body: try loader.template(section["body"]!.value, "detail.body", kind: .detail))
            program.detailRoots = try loader.roots(section["root"]!.value, "detail.root")
            program.detailRootPaths.append(try Self.hotelPath(section["hotel"]!.value, "detail.hotel", loader: loader, program: &program))
            if let description = section["description"]?.value {
                let (parsed, text) = try loader.path(description, "detail.description")
                program.detailRootPaths.append(program.add(parsed, text: text, target: .description))
            }
        } else {
            detail = nil
        }

        if let node = top["auth"]?.value {
            let section = try loader.mapping(node, in: "auth", allowed: ["wsse", "basic"])
            guard section.count == 1, let entry = section.first else {
                throw loader.error(
                    node, "auth takes one of wsse: true or basic: true (a fixed header block is request.header with {{env.NAME}})")
            }
            guard try loader.bool(entry.value.value, "auth.\(entry.key)") else {
                throw loader.error(entry.value.value, "auth.\(entry.key) must be true, or leave auth out")
            }
            auth = entry.key == "wsse" ? .wsse : .basic
        } else {
            auth = .none
        }
        self.program = program
    }

    private static func hotelPath(_ node: Node, _ what: String, loader: DialectLoader, program: inout DialectProgram)
        throws(DialectFileError)
        -> Int
    {
        let (parsed, text) = try loader.path(node, what, allowAttribute: false)
        return program.add(parsed, text: text, target: .hotel)
    }

    /// One field: a path, a mapping with `path` and the field's options, or a list of
    /// those, tried in order: the first alternative with a value in a hotel wins.
    private static func field(_ field: HotelField, _ node: Node, loader: DialectLoader, program: inout DialectProgram)
        throws(DialectFileError)
        -> String
    {
        let what = "response.fields.\(field.rawValue)"
        guard let list = node.sequence else {
            let text = try alternative(field, node, rank: 0, what: what, loader: loader, program: &program)
            program.fieldAlternatives[field] = [text]
            return text
        }
        let alternatives = Array(list)
        guard !alternatives.isEmpty, alternatives.count <= DialectProgram.maxAlternatives else {
            throw loader.error(node, "\(what) lists \(alternatives.count) alternatives; give 1 to \(DialectProgram.maxAlternatives)")
        }
        var texts: [String] = []
        for (rank, entry) in alternatives.enumerated() {
            texts.append(try alternative(field, entry, rank: rank, what: "\(what)[\(rank + 1)]", loader: loader, program: &program))
        }
        program.fieldAlternatives[field] = texts
        return texts.joined(separator: " | ")
    }

    private static func alternative(
        _ field: HotelField, _ node: Node, rank: Int, what: String, loader: DialectLoader, program: inout DialectProgram
    ) throws(DialectFileError) -> String {
        guard node.mapping != nil else {
            let (parsed, text) = try loader.path(node, what)
            program.hotelPaths.append(program.add(parsed, text: text, target: .field(field), options: PathOptions(rank: rank)))
            return text
        }
        var allowed = ["path"]
        switch field {
        case .stars: allowed.append("convert")
        case .price: allowed += ["decimalPlaces", "take"]
        case .distance: allowed.append("unit")
        case .name, .address, .city, .country, .phone: allowed.append("join")
        default: break
        }
        let parts = try loader.mapping(node, in: what, allowed: allowed, required: ["path"])
        let (parsed, text) = try loader.path(parts["path"]!.value, "\(what).path")
        var options = PathOptions(rank: rank)
        if let join = parts["join"]?.value {
            options.join = Array(try loader.string(join, "\(what).join").utf8)
        }
        if let take = parts["take"]?.value {
            switch try loader.string(take, "\(what).take") {
            case "first": break
            case "min": options.takesMin = true
            case let other: throw loader.error(take, "unknown take \"\(other)\" for price; expected first or min")
            }
        }
        if let convert = parts["convert"]?.value {
            let value = try loader.string(convert, "\(what).convert")
            guard value == "stars" else { throw loader.error(convert, "unknown convert \"\(value)\" for stars; expected stars") }
            program.starsConvert = true
        }
        if let unit = parts["unit"]?.value {
            switch try loader.string(unit, "\(what).unit") {
            case "km": program.distanceInMiles = false
            case "miles": program.distanceInMiles = true
            case let other: throw loader.error(unit, "unknown unit \"\(other)\" for distance; expected km or miles")
            }
        }
        if let places = parts["decimalPlaces"]?.value {
            let value = try loader.string(places, "\(what).decimalPlaces")
            if let n = Int(value) {
                guard (0...18).contains(n) else { throw loader.error(places, "\(what).decimalPlaces must be 0 to 18, not \(n)") }
                program.decimalPlacesConstant = n
            } else {
                let (placesPath, placesText) = try loader.path(places, "\(what).decimalPlaces")
                if parsed.attribute != nil, placesPath.attribute != nil, placesPath.steps == parsed.steps {
                    // An attribute of the price's own element: read with the amount, so each
                    // amount keeps its own places (alternatives, take: min).
                    options.placesAttribute = placesPath.attribute.map {
                        PathAttribute(local: Array($0.local.utf8), uri: $0.uri.map { Array($0.utf8) })
                    }
                } else {
                    program.hotelPaths.append(program.add(placesPath, text: placesText, target: .decimalPlaces))
                    program.hasDecimalPlacesPath = true
                }
            }
        }
        if options.takesMin, parsed.attribute == nil {
            throw loader.error(
                parts["take"]!.value,
                "take: min needs the amount in an attribute (path ending in /@name), so each amount is compared with its own decimalPlaces")
        }
        program.hotelPaths.append(program.add(parsed, text: text, target: .field(field), options: options))
        return text
    }

    /// Yams' error with its mark, as a `DialectFileError`.
    private static func yamlError(_ error: YamlError, file: String) -> DialectFileError {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let detail = context.map { "\(problem) \($0.text)" } ?? problem
            return DialectFileError(file: file, line: mark.line, column: mark.column, message: "not valid YAML: \(detail)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return DialectFileError(
                file: file, line: context.mark.line, column: context.mark.column,
                message: "a key appears twice: \(duplicates.joined(separator: ", "))")
        default:
            return DialectFileError(file: file, line: 0, column: 0, message: "not valid YAML: \(error)")
        }
    }
}

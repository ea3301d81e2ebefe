import CLibXML2
import Foundation

/// The official OpenTravel 2017B schemas, loaded once, and libxml2's validation of a
/// message against them. The schemas are test data in the repository
/// (`Tests/Fixtures/ota/2017B`, pinned by its `SHA256SUMS`), or the folder
/// `HOTELS_OTA_SCHEMAS` names; when they are missing the test fails saying so, never skips.
final class OTASchema: @unchecked Sendable {
    /// `HOTELS_OTA_SCHEMAS`, else `<package root>/Tests/Fixtures/ota/2017B`, from this file's path.
    static let directory: URL = {
        if let folder = ProcessInfo.processInfo.environment["HOTELS_OTA_SCHEMAS"], !folder.isEmpty {
            return URL(fileURLWithPath: folder)
        }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Support
            .deletingLastPathComponent()  // HotelServerTests
            .deletingLastPathComponent()  // Tests
            .appendingPathComponent("Fixtures/ota/2017B")
    }()

    struct Missing: Error, CustomStringConvertible {
        let path: String
        var description: String {
            "the OpenTravel 2017B schemas are missing: expected \(path); a clone has them in Tests/Fixtures/ota/2017B "
                + "(git checkout -- Tests/Fixtures), or set HOTELS_OTA_SCHEMAS=DIR to a copy"
        }
    }

    static let response = Result { try OTASchema(file: "OTA_HotelAvailRS.xsd") }
    static let request = Result { try OTASchema(file: "OTA_HotelAvailRQ.xsd") }

    private let schema: xmlSchemaPtr
    private let lock = NSLock()

    /// The schema inside `WSDL/OTAHotelAvail.wsdl`'s `types`, with the namespace prefixes it
    /// borrows from `wsdl:definitions` declared on it, so it stands alone.
    static let wsdlTypes = Result { () throws -> OTASchema in
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("WSDL/OTAHotelAvail.wsdl")
        let wsdl = try String(contentsOf: file, encoding: .utf8)
        guard let start = wsdl.range(of: "<xsd:schema "), let end = wsdl.range(of: "</xsd:schema>") else {
            throw Missing(path: file.path + " (no xsd:schema in it)")
        }
        let schema = String(wsdl[start.lowerBound..<end.upperBound]).replacingOccurrences(
            of: "<xsd:schema ",
            with: "<xsd:schema xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\" xmlns:ota=\"http://www.opentravel.org/OTA/2003/05\" ")
        return try OTASchema(memory: schema)
    }

    private init(memory text: String) throws {
        let bytes = Array(text.utf8)
        let parser = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                xmlSchemaNewMemParserCtxt($0, Int32(buffer.count))
            }
        }
        guard let parser else { throw Missing(path: "WSDL types (libxml2 could not read them)") }
        defer { xmlSchemaFreeParserCtxt(parser) }
        guard let schema = xmlSchemaParse(parser) else { throw Missing(path: "WSDL types (libxml2 could not compile them)") }
        self.schema = schema
    }

    private init(file: String) throws {
        let path = Self.directory.appendingPathComponent(file).path
        guard FileManager.default.fileExists(atPath: path) else { throw Missing(path: path) }
        guard let parser = xmlSchemaNewParserCtxt(path) else { throw Missing(path: path) }
        defer { xmlSchemaFreeParserCtxt(parser) }
        guard let schema = xmlSchemaParse(parser) else { throw Missing(path: path + " (libxml2 could not read it)") }
        self.schema = schema
    }

    final class Errors {
        var lines: [String] = []
    }

    /// The schema errors of `xml` (a standalone OTA document); empty when it is valid.
    func errors(_ xml: String) -> [String] {
        validate(xml) { context, doc in xmlSchemaValidateDoc(context, doc) }
    }

    /// The schema errors of the element a SOAP envelope's Body holds, validated where it
    /// stands: its namespace may be declared on the envelope, under any prefix, which
    /// cutting the element out as text would lose. ["no element in the Body"] when there is none.
    func bodyErrors(_ envelope: String) -> [String] {
        var missing = false
        let errors = validate(envelope) { context, doc in
            let body = Self.children(of: xmlDocGetRootElement(doc)).first { String(cString: $0.pointee.name) == "Body" }
            guard let element = body.flatMap({ Self.children(of: $0).first }) else {
                missing = true
                return 0
            }
            return xmlSchemaValidateOneElement(context, element)
        }
        return missing ? ["no element in the Body"] : errors
    }

    private static func children(of node: xmlNodePtr?) -> [xmlNodePtr] {
        var found: [xmlNodePtr] = []
        var child = node?.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE { found.append(current) }
            child = current.pointee.next
        }
        return found
    }

    private func validate(_ xml: String, _ run: (xmlSchemaValidCtxtPtr, xmlDocPtr) -> Int32) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        let bytes = Array(xml.utf8)
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOERROR.rawValue)
        guard
            let doc = bytes.withUnsafeBufferPointer({ buffer in
                buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    xmlReadMemory($0, Int32(buffer.count), "message.xml", "UTF-8", options)
                }
            })
        else { return ["not well-formed XML"] }
        defer { xmlFreeDoc(doc) }
        guard let context = xmlSchemaNewValidCtxt(schema) else { return ["libxml2 could not make a validation context"] }
        defer { xmlSchemaFreeValidCtxt(context) }
        let sink = Errors()
        let user = Unmanaged.passUnretained(sink).toOpaque()
        xmlSchemaSetValidStructuredErrors(
            context,
            { ctx, error in
                guard let ctx, let error else { return }
                let sink = Unmanaged<Errors>.fromOpaque(ctx).takeUnretainedValue()
                let message = error.pointee.message.map { String(cString: $0) } ?? "?"
                sink.lines.append("line \(error.pointee.line): \(message.trimmingCharacters(in: .whitespacesAndNewlines))")
            }, user)
        let result = withExtendedLifetime(sink) { run(context, doc) }
        if result != 0 && sink.lines.isEmpty { return ["validation failed with code \(result)"] }
        return sink.lines
    }

    /// The OTA payload of a SOAP response: the `OTA_HotelAvailRS` element, which declares
    /// its own namespace, cut out of the envelope.
    static func payload(_ envelope: String, root: String = "OTA_HotelAvailRS") -> String? {
        guard let start = envelope.range(of: "<\(root)"), let end = envelope.range(of: "</\(root)>", options: .backwards) else {
            return nil
        }
        return String(envelope[start.lowerBound..<end.upperBound])
    }
}

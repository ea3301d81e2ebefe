import CLibXML2
import Foundation

/// Validates message bodies against the schema inside `WSDL/HotelSearch.wsdl` with
/// libxml2's XML Schema validator, the way a strict SOAP stack would.
final class SchemaValidator {
    private let schemaDoc: xmlDocPtr
    private let schema: xmlSchemaPtr

    init(wsdl: URL) throws {
        let data = try Data(contentsOf: wsdl)
        guard
            let doc = data.withUnsafeBytes({
                xmlReadMemory($0.baseAddress, Int32($0.count), wsdl.path, nil, Int32(XML_PARSE_NONET.rawValue))
            })
        else {
            throw ValidationError("WSDL is not well-formed")
        }
        defer { xmlFreeDoc(doc) }
        guard let schemaNode = SchemaValidator.find(xmlDocGetRootElement(doc), local: "schema", ns: "http://www.w3.org/2001/XMLSchema")
        else {
            throw ValidationError("no xsd:schema in the WSDL")
        }
        // The schema's QNames (type="tns:Hotel") use prefixes declared on wsdl:definitions:
        // carry every in-scope declaration over to the standalone copy.
        let standalone = xmlNewDoc("1.0")!
        let copy = xmlDocCopyNode(schemaNode, standalone, 1)!
        xmlDocSetRootElement(standalone, copy)
        var ancestor = schemaNode.pointee.parent
        while let node = ancestor, node.pointee.type == XML_ELEMENT_NODE {
            var ns = node.pointee.nsDef
            while let n = ns {
                if xmlSearchNs(standalone, copy, n.pointee.prefix) == nil {
                    xmlNewNs(copy, n.pointee.href, n.pointee.prefix)
                }
                ns = n.pointee.next
            }
            ancestor = node.pointee.parent
        }
        let parserContext = xmlSchemaNewDocParserCtxt(standalone)
        defer { xmlSchemaFreeParserCtxt(parserContext) }
        guard let schema = xmlSchemaParse(parserContext) else {
            xmlFreeDoc(standalone)
            throw ValidationError("the WSDL's schema does not compile")
        }
        self.schemaDoc = standalone
        self.schema = schema
    }

    deinit {
        xmlSchemaFree(schema)
        xmlFreeDoc(schemaDoc)
    }

    /// Validates every element of ours in the message: the Body's child, or the
    /// `SearchFault` inside a fault's detail. Returns the number validated; throws on the first failure.
    @discardableResult
    func validateMessage(_ data: Data) throws -> Int {
        guard
            let doc = data.withUnsafeBytes({
                xmlReadMemory($0.baseAddress, Int32($0.count), "message.xml", nil, Int32(XML_PARSE_NONET.rawValue))
            })
        else {
            throw ValidationError("not well-formed")
        }
        defer { xmlFreeDoc(doc) }
        var targets: [xmlNodePtr] = []
        SchemaValidator.collect(xmlDocGetRootElement(doc), into: &targets)
        guard !targets.isEmpty else { throw ValidationError("no element of urn:hotel-search:v1 to validate") }
        for target in targets {
            let single = xmlNewDoc("1.0")!
            defer { xmlFreeDoc(single) }
            let copy = xmlDocCopyNode(target, single, 1)
            xmlDocSetRootElement(single, copy)
            xmlReconciliateNs(single, copy)
            let context = xmlSchemaNewValidCtxt(schema)
            defer { xmlSchemaFreeValidCtxt(context) }
            xmlSchemaSetValidStructuredErrors(context, { _, _ in }, nil)
            let rc = xmlSchemaValidateDoc(context, single)
            if rc != 0 {
                let name = String(cString: target.pointee.name)
                throw ValidationError("<\(name)> does not validate (libxml2 code \(rc))")
            }
        }
        return targets.count
    }

    /// The outermost elements in our namespace: Body children, and SearchFault in a detail.
    private static func collect(_ node: xmlNodePtr?, into targets: inout [xmlNodePtr]) {
        var child = node?.pointee.children
        while let c = child {
            if c.pointee.type == XML_ELEMENT_NODE {
                if let ns = c.pointee.ns, String(cString: ns.pointee.href) == "urn:hotel-search:v1" {
                    targets.append(c)
                } else {
                    collect(c, into: &targets)
                }
            }
            child = c.pointee.next
        }
    }

    private static func find(_ node: xmlNodePtr?, local: String, ns: String) -> xmlNodePtr? {
        guard let node else { return nil }
        if node.pointee.type == XML_ELEMENT_NODE, String(cString: node.pointee.name) == local,
            let n = node.pointee.ns, String(cString: n.pointee.href) == ns
        {
            return node
        }
        var child = node.pointee.children
        while let c = child {
            if let found = find(c, local: local, ns: ns) { return found }
            child = c.pointee.next
        }
        return nil
    }
}

struct ValidationError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

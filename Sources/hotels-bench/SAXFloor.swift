import CLibXML2
import Foundation

/// The floor under any parser built on libxml2: its SAX2 push parser with empty
/// callbacks, fed the same 64 KiB chunks, with the same options as ours. Measured in the
/// same run as the others, it says how much of our time is libxml2's own and whether the
/// goal against xmllint is reachable on top of it at all.
enum SAXFloor {
    /// Returns the number of elements seen (so the work cannot be skipped).
    static func parse(path: String) throws -> Int {
        var sax = xmlSAXHandler()
        sax.initialized = XML_SAX2_MAGIC
        sax.startElementNs = { ctx, _, _, _, _, _, _, _, _ in
            ctx?.assumingMemoryBound(to: Int.self).pointee += 1
        }
        sax.endElementNs = { _, _, _, _ in }
        sax.characters = { _, _, _ in }
        sax.serror = { _, _ in }
        var elements = 0
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw BenchError("cannot open \(path)") }
        defer { close(fd) }
        let wellFormed = withUnsafeMutablePointer(to: &elements) { counter -> Bool in
            guard let ctxt = xmlCreatePushParserCtxt(&sax, counter, nil, 0, nil) else { return false }
            defer { xmlFreeParserCtxt(ctxt) }
            xmlCtxtUseOptions(ctxt, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOERROR.rawValue))
            var buffer = [CChar](repeating: 0, count: 64 * 1024)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                guard xmlParseChunk(ctxt, buffer, Int32(n), 0) == 0 else { return false }
            }
            return xmlParseChunk(ctxt, nil, 0, 1) == 0 && ctxt.pointee.wellFormed != 0
        }
        guard wellFormed, elements > 0 else { throw BenchError("libxml2 could not parse \(path)") }
        return elements
    }
}

import CLibXML2
import CXMLPull
import Foundation

/// The floor under any parser built on libxml2: its SAX2 parser with empty callbacks, fed
/// the same 64 KiB chunks, with the same options as ours. Measured in the same run as the
/// others, it says how much of our time is libxml2's own and whether the goal against
/// xmllint is reachable on top of it at all.
///
/// Two ways to drive it: `.pull`, libxml2's pull parser on its own stack as ours runs it
/// (CXMLPull), and `.push`, `xmlParseChunk`, which ours used before (BENCHMARKS.md).
enum SAXFloor {
    enum Mode { case pull, push }

    /// Returns the number of elements seen (so the work cannot be skipped).
    static func parse(path: String, mode: Mode) throws -> Int {
        var sax = xmlSAXHandler()
        sax.initialized = XML_SAX2_MAGIC
        sax.startElementNs = { ctx, _, _, _, _, _, _, _, _ in
            ctx?.assumingMemoryBound(to: Int.self).pointee += 1
        }
        sax.endElementNs = { _, _, _, _ in }
        sax.characters = { _, _, _ in }
        sax.serror = { _, _ in }
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOERROR.rawValue)
        var elements = 0
        let wellFormed = try withUnsafeMutablePointer(to: &elements) { counter throws -> Bool in
            switch mode {
            case .pull:
                guard let parser = hs_pull_create(&sax, counter, options) else { return false }
                defer { hs_pull_free(parser) }
                guard try FileChunks.read(path, { hs_pull_feed(parser, $0.baseAddress, $0.count) == 0 }) else { return false }
                _ = hs_pull_finish(parser)
                return hs_pull_context(parser)?.assumingMemoryBound(to: xmlParserCtxt.self).pointee.wellFormed != 0
            case .push:
                guard let ctxt = xmlCreatePushParserCtxt(&sax, counter, nil, 0, nil) else { return false }
                defer { xmlFreeParserCtxt(ctxt) }
                xmlCtxtUseOptions(ctxt, options)
                guard
                    try FileChunks.read(
                        path, { xmlParseChunk(ctxt, $0.baseAddress?.assumingMemoryBound(to: CChar.self), Int32($0.count), 0) == 0 })
                else { return false }
                return xmlParseChunk(ctxt, nil, 0, 1) == 0 && ctxt.pointee.wellFormed != 0
            }
        }
        guard wellFormed, elements > 0 else { throw BenchError("libxml2 could not parse \(path)") }
        return elements
    }
}

#ifndef HOTELSEARCH_XML_PULL_H
#define HOTELSEARCH_XML_PULL_H
#include "xml_limits.h"
#include <stddef.h>

/// libxml2's pull parser (xmlParseDocument), driven like its push parser.
///
/// Why: on libxml2 2.9 the push parser (xmlParseChunk) spends ~15 % more instructions than
/// the pull parser on the same document (its per-token `avail` bookkeeping and a second
/// copy of the input). The pull parser wants a blocking `read`, but our bytes arrive from
/// the network a chunk at a time. So the pull parser runs on its own small stack (a
/// coroutine, via ucontext): `hs_pull_feed` switches to it, it parses until it has used
/// every byte fed so far, and switches back. No thread, no lock: the caller's thread runs
/// the parser, one side at a time, and SAX callbacks run on the parser's stack.
///
/// Types are `void *` so that this header does not include libxml2's (which Swift
/// already imports through CLibXML2): `sax` is an `xmlSAXHandler *`, the context an
/// `xmlParserCtxtPtr`.
typedef struct hs_pull hs_pull;

/// A parser that will call `sax` with `user` as its context. Nothing is parsed yet.
/// Returns NULL when out of memory.
hs_pull *hs_pull_create(const void *sax, void *user, int options);

/// Parses `count` bytes, up to their last `>` (the rest is copied and kept for the next
/// feed; see read_fed): every tag that has arrived is reported before this returns.
/// Returns 1 once the parse has ended (error or stop), 0 while it wants more.
int hs_pull_feed(hs_pull *parser, const void *bytes, size_t count);

/// Tells the parser the document ends here and lets it finish. Returns 1.
int hs_pull_finish(hs_pull *parser);

/// The libxml2 context (`xmlParserCtxtPtr`), or NULL before the first byte was parsed.
void *hs_pull_context(hs_pull *parser);

/// Whether libxml2 has been told the document ended and holds every byte of it.
int hs_pull_input_ended(hs_pull *parser);

/// Whether the parser stands at the end of an ended document: a start tag reported now
/// never got its `>` (libxml2 reports the tag, then the error).
int hs_pull_at_end(hs_pull *parser);

/// Limits on start tags, checked on the bytes before libxml2 reads them: libxml2 2.9
/// compares each attribute (and namespace declaration) of a tag with every earlier one, so
/// a tag with 50,000 attributes costs seconds. A tag over a limit stops the parse before
/// libxml2 has seen more than the limit of it. 0 leaves a limit off (the default).
void hs_pull_set_limits(hs_pull *parser, size_t max_attributes, size_t max_namespaces, size_t max_start_tag_bytes);

/// Which limit stopped the parse, and the start of the offending tag's name (in the
/// document's encoding, at most 64 bytes; `*name_length` may be 0).
enum hs_xml_limit hs_pull_limit_hit(hs_pull *parser, const char **name, size_t *name_length);

/// Stops a parse still under way (no more SAX callbacks) and frees everything.
void hs_pull_free(hs_pull *parser);

#endif

#ifndef HOTELSEARCH_XML_TOK_H
#define HOTELSEARCH_XML_TOK_H
#include "xml_limits.h"
#include <stddef.h>

/// A strict, incremental tokenizer for UTF-8 XML 1.0 with Namespaces: the events
/// SAXDriver hands its delegate, without libxml2.
///
/// Why: libxml2's SAX2 parser with empty callbacks alone takes 0.61 × the time of
/// `xmllint --stream` on the bench's 46 MB response, most of the 0.8 × a whole
/// `hotels parse --format csv` may take (BENCHMARKS.md). This reads the common case, UTF-8
/// without a DTD, in one pass over the bytes with no allocation per event. Documents in
/// other encodings still go to libxml2 (SAXDriver decides from the first bytes).
///
/// It refuses what libxml2 refuses as not well-formed, and also what libxml2 only reports
/// as a namespace error and reads past (an undeclared prefix, an attribute twice under two
/// prefixes of one URI, `xmlns:p=""`). A differential fuzz target (Fuzz/XMLTokenizer)
/// holds it to libxml2, counting those namespace errors as refusals: the same verdicts and
/// events.
///
/// Bytes may come in chunks of any size: every token whose last byte has been fed is
/// reported before `hs_tok_feed` returns. A token cut by the chunk's end (a tag, a
/// reference, a partial character) is copied and completed by the next feed; long
/// constructs (text, comments, CDATA) are read as they come, so memory stays bounded by
/// the longest tag (see the start-tag limit).
typedef struct hs_tok hs_tok;

/// The events. `attributes` holds 5 pointers per attribute as libxml2's SAX2 does: local
/// name, prefix, namespace URI (or NULL), value start, value end. An `&` in a value is
/// spelt `&#38;`, as libxml2 leaves it. Names and URIs are NUL-terminated and, while
/// `hs_tok_owns` says so, stay valid and unique for the whole parse.
typedef struct {
    void (*start)(void *user, const unsigned char *local, const unsigned char *uri, int count, const unsigned char **attributes);
    void (*end)(void *user);
    void (*characters)(void *user, const unsigned char *bytes, int count);
    /// A `<!DOCTYPE` in the prolog. The parse fails after it unless the callback stops it.
    void (*doctype)(void *user);
} hs_tok_callbacks;

/// NULL when out of memory.
hs_tok *hs_tok_create(const hs_tok_callbacks *callbacks, void *user);

/// Parses `count` more bytes. Returns 1 once the parse has ended (error or stop).
int hs_tok_feed(hs_tok *tok, const void *bytes, size_t count);

/// The document ends here. Returns 1.
int hs_tok_finish(hs_tok *tok);

/// From a callback: no more events; feed returns 1.
void hs_tok_stop(hs_tok *tok);

/// The first error, or NULL: its message, where it was, and whether it was the input
/// ending before the document did (a cut-off document rather than a malformed one).
const char *hs_tok_error(const hs_tok *tok, unsigned long *line, unsigned long *column, int *at_end);

/// Where the parser stands, 1-based: at a start tag's `>` during `start`, past the end tag
/// during `end`, past the text during `characters`.
void hs_tok_position(hs_tok *tok, unsigned long *line, unsigned long *column);

/// Whether `pointer` is one of this parse's interned names or URIs.
int hs_tok_owns(const hs_tok *tok, const void *pointer);

/// The start-tag limits of xml_pull.h, with the same meaning and order of checks: a tag's
/// length at its (limit + 1)th byte, the counts at the `=` of the attribute past them.
void hs_tok_set_limits(hs_tok *tok, size_t max_attributes, size_t max_namespaces, size_t max_start_tag_bytes);

/// Which limit stopped the parse and the first (at most `HS_LIMIT_NAME_BYTES`) bytes of the
/// tag's name.
enum hs_xml_limit hs_tok_limit_hit(const hs_tok *tok, const char **name, size_t *name_length);

void hs_tok_free(hs_tok *tok);

#endif

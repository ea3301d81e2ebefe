#ifndef HOTELSEARCH_XML_TOK_INTERNAL_H
#define HOTELSEARCH_XML_TOK_INTERNAL_H
#include "xml_tok.h"
#include <stdint.h>
#include <string.h>

typedef unsigned char uc;

// What a token reader says: it read the token (and moved the cursor past it), the bytes
// end inside it (the cursor stays at its start), or the document is not well-formed (the
// error is recorded).
enum { R_OK, R_NEED, R_ERR };

// Where in the document the next byte is.
enum doc_state { D_START, D_PROLOG, D_CONTENT, D_EPILOG, D_COMMENT, D_PI, D_CDATA, D_DONE };

// What a token cut by the end of a feed waits for before it is worth reading again: a
// `>` outside quotes (tags, the XML declaration), or a `;` (a reference). Each new byte is
// looked at once, so a tag fed a byte at a time costs its length, not its length squared.
enum wait_kind { W_NONE, W_GT_QUOTED, W_GT, W_SEMI };

#define XML_NS "http://www.w3.org/XML/1998/namespace"
#define XMLNS_NS "http://www.w3.org/2000/xmlns/"
// libxml2's XML_MAX_NAME_LENGTH without XML_PARSE_HUGE.
#define MAX_NAME 50000
// The interned names and URIs of one document: more is refused, so memory stays bounded.
#define DICT_MAX_BYTES (4u << 20)
#define DICT_MAX_ENTRIES 65536u

struct dict_entry {
    const uc *text;
    uint32_t length, hash;
    const uc *local;  // a QName's parts, interned (the name itself when it has no colon)
    const uc *prefix; // NULL without a colon
    int split;        // interned as a QName (1) or whole (0); -1 without a colon: either
    // Guesses for the next start tag, as entry indexes + 1 (0: none): the element that
    // followed this one in its parent last time, and this one's first child.
    uint32_t next_sibling, first_child;
};

struct arena_block {
    struct arena_block *next;
    size_t used, size;
    uc bytes[];
};

struct element {
    const uc *qname;   // interned: the end tag must spell it the same
    uint32_t length;
    uint32_t bindings; // namespace bindings in scope outside it
    uint32_t entry;    // its dictionary entry's index + 1
    uint32_t last_child; // the entry index + 1 of its child that closed last, or 0
};

struct binding {
    const uc *prefix;  // NULL: the default namespace
    const uc *uri;     // NULL: undeclared (xmlns="")
};

struct raw_attribute {
    const uc *qname, *local, *prefix; // interned
    const uc *input;                  // the bytes the value's offsets count from, unless decoded
    size_t value_start, value_end;    // offsets: in `input`, or in `values` when decoded
    int decoded;
    const uc *uri;
};

struct hs_tok {
    hs_tok_callbacks cb;
    void *user;

    enum doc_state state, after; // `after`: where a comment or PI returns to
    int stopped, failed, finished, seen_root;
    int dashes;                   // in a comment: '-' just before (0–2)

    // Bytes kept from earlier feeds: a cut token, then (during a feed) the new bytes.
    uc *held;
    size_t held_count, held_capacity;
    enum wait_kind wait;
    size_t waited;     // held bytes already looked at for the terminator
    int wait_quote;    // in W_GT_QUOTED: the open quote, or 0

    // Positions: line and column of `counted`, a point in the bytes being parsed.
    unsigned long line, column;
    const uc *counted;
    const uc *here;    // what hs_tok_position reports

    struct element *stack;
    size_t depth, stack_capacity;
    struct binding *bindings;
    size_t binding_count, binding_capacity;

    struct raw_attribute *raw;
    size_t raw_capacity;
    const uc **attributes;
    size_t attribute_capacity;
    uc *values;
    size_t values_count, values_capacity;

    // The dictionary: entries by index, an open-addressing table of indexes + 1.
    struct dict_entry *entries;
    uint32_t entry_count;
    size_t entry_capacity;
    uint32_t *table;
    uint32_t table_capacity;
    uint32_t recent[256]; // entry index + 1 by a cheap key of the text: most names repeat
    struct arena_block *arena;
    size_t arena_bytes;
    const uc *xml_ns, *xmlns_ns, *xml_prefix, *xmlns_prefix;

    size_t max_attributes, max_namespaces, max_tag;
    enum hs_xml_limit limit;
    char limit_name[HS_LIMIT_NAME_BYTES];
    size_t limit_name_length;

    char message[192];
    unsigned long error_line, error_column;
    int at_end;
};

// The files call down only: xml_tok.c (the feed API) → xml_tok_content.c → xml_tok_tag.c →
// xml_tok_reference.c → xml_tok_state.c; content also calls reference and state.

// xml_tok_state.c
void tok_fail(hs_tok *t, const uc *at, const char *format, ...) __attribute__((format(printf, 3, 4)));
void tok_advance_position(hs_tok *t, const uc *to);
const struct dict_entry *tok_intern(hs_tok *t, const uc *text, size_t length, int split);
int tok_grow(void **buffer, size_t *capacity, size_t needed, size_t item);

// xml_tok_reference.c
int tok_reference(hs_tok *t, const uc **cursor, const uc *end, uint32_t *value, int *amp);
size_t tok_encode(uint32_t c, uc *out);

// xml_tok_tag.c
int tok_start_tag(hs_tok *t, const uc **cursor, const uc *end);
int tok_end_tag(hs_tok *t, const uc **cursor, const uc *end);

// xml_tok_content.c
size_t tok_parse(hs_tok *t, const uc *bytes, size_t count, int final);

// Whether `n` bytes at `a` and `b` are equal: names are short, and a call to memcmp cost
// more than comparing them here, 8 bytes at a time.
static inline int same_bytes(const uc *a, const uc *b, size_t n) {
    while (n >= 8) {
        uint64_t x, y;
        memcpy(&x, a, 8);
        memcpy(&y, b, 8);
        if (x != y) return 0;
        a += 8, b += 8, n -= 8;
    }
    while (n--) if (*a++ != *b++) return 0;
    return 1;
}

// tok_grow without a call while the room is there (nearly always).
#define GROW(buffer, capacity, needed) ((needed) <= (capacity) || tok_grow((void **)&(buffer), &(capacity), (needed), sizeof *(buffer)))

// MARK: characters

static inline int is_space(unsigned c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

static inline int is_char(uint32_t c) {
    return c >= 0x20 ? (c <= 0xD7FF || (c >= 0xE000 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0x10FFFF))
                     : (c == 0x9 || c == 0xA || c == 0xD);
}

// XML 1.0 fifth edition NameStartChar, without ':' (Namespaces' NCName).
static inline int is_name_start(uint32_t c) {
    if (c < 0x80) return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    return (c >= 0xC0 && c <= 0xD6) || (c >= 0xD8 && c <= 0xF6) || (c >= 0xF8 && c <= 0x2FF) || (c >= 0x370 && c <= 0x37D)
        || (c >= 0x37F && c <= 0x1FFF) || (c >= 0x200C && c <= 0x200D) || (c >= 0x2070 && c <= 0x218F)
        || (c >= 0x2C00 && c <= 0x2FEF) || (c >= 0x3001 && c <= 0xD7FF) || (c >= 0xF900 && c <= 0xFDCF)
        || (c >= 0xFDF0 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0xEFFFF);
}

static inline int is_name_char(uint32_t c) {
    if (c < 0x80) return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
    return is_name_start(c) || c == 0xB7 || (c >= 0x300 && c <= 0x36F) || (c >= 0x203F && c <= 0x2040);
}

// The character at `p`: its length (1–4) and value, 0 when the bytes end inside a
// sequence that is valid so far, -1 when it is not UTF-8 (overlong forms and surrogates
// included). Whether it is an XML Char is the caller's question.
static inline int utf8_decode(const uc *p, const uc *end, uint32_t *value) {
    uc b = p[0];
    if (b < 0x80) {
        *value = b;
        return 1;
    }
    int n;
    uc low = 0x80, high = 0xBF;
    uint32_t c;
    if (b >= 0xC2 && b <= 0xDF) n = 2, c = b & 0x1F;
    else if (b >= 0xE0 && b <= 0xEF) {
        n = 3, c = b & 0x0F;
        if (b == 0xE0) low = 0xA0;
        if (b == 0xED) high = 0x9F;
    } else if (b >= 0xF0 && b <= 0xF4) {
        n = 4, c = b & 0x07;
        if (b == 0xF0) low = 0x90;
        if (b == 0xF4) high = 0x8F;
    } else return -1;
    for (int i = 1; i < n; i++) {
        if (p + i >= end) return 0;
        uc k = p[i];
        if (k < (i == 1 ? low : 0x80) || k > (i == 1 ? high : 0xBF)) return -1;
        c = c << 6 | (k & 0x3F);
    }
    *value = c;
    return n;
}

// ASCII bytes by what they may be in an NCName: 1 its first character, 2 a later one.
// Bytes from 0x80 are 4: a character to decode.
extern const uint8_t tok_name_bytes[256];

// Reads an NCName at `*p`. R_OK moves `*p` past it; R_NEED when the bytes end in it (or
// before its first character); R_ERR (nothing recorded) when no name starts there.
// ASCII runs go by a table lookup a byte: names are most of what a tag holds.
static inline int read_ncname(const uc **p, const uc *end) {
    const uc *q = *p;
    uint32_t c;
    int n;
    if (q >= end) return R_NEED;
    uint8_t kind = tok_name_bytes[*q];
    if (kind & 1) {
        q++;
    } else if (kind & 4) {
        n = utf8_decode(q, end, &c);
        if (n == 0) return R_NEED;
        if (n < 0 || !is_name_start(c)) return R_ERR;
        q += n;
    } else {
        return R_ERR;
    }
    for (;;) {
        while (q < end && (tok_name_bytes[*q] & 2)) q++;
        if (q >= end) return R_NEED;
        if (*q < 0x80) break;
        n = utf8_decode(q, end, &c);
        if (n == 0) return R_NEED;
        if (n < 0 || !is_name_char(c)) break;
        q += n;
    }
    *p = q;
    return R_OK;
}

#endif

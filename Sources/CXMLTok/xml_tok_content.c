// Everything between tags: text and references, comments, processing instructions,
// CDATA sections, the XML declaration, a DOCTYPE, and the prolog and epilog around the root.
#include "xml_tok_internal.h"
#include <strings.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static void emit(hs_tok *t, const uc *from, const uc *to) {
    if (to <= from || t->stopped) return;
    t->here = to;
    t->cb.characters(t->user, from, (int)(to - from));
}

// The first byte from `p` in text that needs a look: `<`, `&`, `]`, CR, another control
// character than tab and newline, or a non-ASCII byte.
static inline const uc *scan_text(const uc *p, const uc *end) {
#if defined(__SSE2__)
    __m128i lt = _mm_set1_epi8('<'), amp = _mm_set1_epi8('&'), bracket = _mm_set1_epi8(']'), space = _mm_set1_epi8(0x20);
    __m128i tab = _mm_set1_epi8('\t'), newline = _mm_set1_epi8('\n');
    while (end - p >= 16) {
        __m128i b = _mm_loadu_si128((const __m128i *)(const void *)p);
        __m128i low = _mm_andnot_si128(_mm_or_si128(_mm_cmpeq_epi8(b, tab), _mm_cmpeq_epi8(b, newline)), _mm_cmplt_epi8(b, space));
        __m128i hit = _mm_or_si128(low, _mm_or_si128(_mm_cmpeq_epi8(b, lt), _mm_or_si128(_mm_cmpeq_epi8(b, amp), _mm_cmpeq_epi8(b, bracket))));
        unsigned mask = (unsigned)_mm_movemask_epi8(hit);
        if (mask) return p + __builtin_ctz(mask);
        p += 16;
    }
#endif
    while (p < end) {
        uc c = *p;
        if (c == '<' || c == '&' || c == ']' || c >= 0x80 || (c < 0x20 && c != '\t' && c != '\n')) break;
        p++;
    }
    return p;
}

// A CR at `*p`, `*run` the start of the text not yet emitted: emits that text and a line
// feed for the CR, as XML's end-of-line handling asks (of a CR LF pair only the LF stays,
// to start the next run). 0 when the byte after the CR has not arrived yet.
static int carriage_return(hs_tok *t, const uc **p, const uc **run, const uc *end, int final) {
    if (*p + 1 >= end && !final) return 0;
    emit(t, *run, *p);
    if (!(*p + 1 < end && (*p)[1] == '\n')) {
        static const uc newline = '\n';
        t->here = *p + 1;
        if (!t->stopped) t->cb.characters(t->user, &newline, 1);
    }
    *run = ++*p;
    return 1;
}

// Text inside the root, up to the next `<` or the end of the bytes: reported as it goes,
// line ends normalized; only a cut reference, character, CR or `]]` waits (R_NEED).
static int text(hs_tok *t, const uc **cursor, const uc *end, int final) {
    const uc *p = *cursor, *run = p;
    for (;;) {
        p = scan_text(p, end);
        if (p >= end || *p == '<') break;
        uc c = *p;
        if (c == '&') {
            emit(t, run, p);
            uint32_t value;
            int amp;
            const uc *q = p;
            int r = tok_reference(t, &q, end, &value, &amp);
            if (r != R_OK) {
                if (r == R_NEED) t->wait = W_SEMI;
                *cursor = p;
                return r;
            }
            uc bytes[4];
            size_t n = tok_encode(value, bytes);
            t->here = q;
            if (!t->stopped) t->cb.characters(t->user, bytes, (int)n);
            p = run = q;
        } else if (c == ']') {
            if (end - p < 3 && !final && (end - p < 2 || p[1] == ']')) break;
            if (end - p >= 3 && p[1] == ']' && p[2] == '>') return tok_fail(t, p, "Sequence ']]>' not allowed in content"), R_ERR;
            p++;
        } else if (c == '\r') {
            if (!carriage_return(t, &p, &run, end, final)) break;
        } else if (c >= 0x80) {
            uint32_t value;
            int n = utf8_decode(p, end, &value);
            if (n == 0) break;
            if (n < 0) return tok_fail(t, p, "Input is not proper UTF-8, indicate encoding !"), R_ERR;
            if (!is_char(value)) return tok_fail(t, p, "PCDATA invalid Char value %u", value), R_ERR;
            p += n;
        } else {
            return tok_fail(t, p, "PCDATA invalid Char value %u", c), R_ERR;
        }
        if (t->stopped) return R_OK;
    }
    emit(t, run, p);
    *cursor = p;
    return p < end && *p != '<' ? R_NEED : R_OK;
}

// Whether `p` starts with `literal`: 1 yes, 0 no, -1 the bytes end while they agree.
static int starts(const uc *p, const uc *end, const char *literal) {
    size_t n = strlen(literal);
    size_t have = (size_t)(end - p) < n ? (size_t)(end - p) : n;
    if (memcmp(p, literal, have) != 0) return 0;
    return have < n ? -1 : 1;
}

// One character of a comment, PI or CDATA section at `p`: its length, 0 when cut, -1 bad.
static int body_char(hs_tok *t, const uc *p, const uc *end) {
    uint32_t value;
    int n = utf8_decode(p, end, &value);
    if (n > 0 && !is_char(value)) n = -1;
    if (n < 0) tok_fail(t, p, "invalid character (not UTF-8 or not an XML Char)");
    return n;
}

// The inside of a comment (after `<!--`), of a PI (after its target) or of a CDATA section,
// up to its terminator or the end of the bytes; a terminator cut there waits (R_NEED).
static int body(hs_tok *t, const uc **cursor, const uc *end, int final) {
    const uc *p = *cursor, *run = p;
    enum doc_state state = t->state;
    uc mark = state == D_COMMENT ? '-' : state == D_PI ? '?' : ']';
    for (;;) {
        while (p < end && *p >= 0x20 && *p < 0x80 && *p != mark && *p != '\r') p++;
        if (p >= end) break;
        uc c = *p;
        if (c == mark) {
            size_t need = state == D_PI ? 2 : 3;
            if ((size_t)(end - p) < need) {
                if (final) return tok_fail(t, p, "unterminated comment, PI or CDATA section"), t->at_end = 1, R_ERR;
                break;
            }
            if (state == D_PI ? p[1] == '>' : p[1] == mark && p[2] == '>') {
                if (state == D_CDATA) emit(t, run, p);
                *cursor = p + need;
                t->state = state == D_CDATA ? D_CONTENT : t->after;
                return R_OK;
            }
            if (state == D_COMMENT && p[1] == '-') return tok_fail(t, p, "Double hyphen within comment"), R_ERR;
            p++;
        } else if (c == '\r' && state == D_CDATA) {
            if (!carriage_return(t, &p, &run, end, final)) break;
        } else {
            int n = body_char(t, p, end);
            if (n < 0) return R_ERR;
            if (n == 0) break;
            p += n;
        }
        if (t->stopped) return R_OK;
    }
    if (state == D_CDATA) emit(t, run, p);
    *cursor = p;
    if (final) return tok_fail(t, p, "unterminated comment, PI or CDATA section"), t->at_end = 1, R_ERR;
    return R_NEED;
}

// `<?` Target: the XML declaration's name is reserved for it; S or `?>` follows.
static int pi_start(hs_tok *t, const uc **cursor, const uc *end) {
    const uc *p = *cursor + 2, *name = p;
    t->wait = W_GT;
    int r = read_ncname(&p, end);
    if (r == R_NEED) return (size_t)(end - name) > MAX_NAME ? (tok_fail(t, name, "Name too long"), R_ERR) : R_NEED;
    if (r == R_ERR) return tok_fail(t, p, "xmlParsePI : no target name"), R_ERR;
    if (p - name == 3 && (name[0] | 0x20) == 'x' && (name[1] | 0x20) == 'm' && (name[2] | 0x20) == 'l')
        return tok_fail(t, name, "XML declaration allowed only at the start of the document"), R_ERR;
    if (p >= end || (*p == '?' && p + 1 >= end)) return R_NEED;
    if (*p == '?' && p[1] == '>') {
        t->wait = W_NONE;
        *cursor = p + 2;
        return R_OK;
    }
    if (*p == ':') return tok_fail(t, p, "colons are forbidden from PI names"), R_ERR;
    if (!is_space(*p)) return tok_fail(t, p, "ParsePI: PI %.*s space expected", (int)(p - name), name), R_ERR;
    t->wait = W_NONE;
    t->after = t->state;
    t->state = D_PI;
    *cursor = p + 1;
    return R_OK;
}

// One pseudo-attribute of the XML declaration: S name S? = S? quoted value. R_ERR means
// it is not there (nothing recorded); `*value`/`*length` its text.
static int pseudo(const uc **cursor, const uc *end, const char *name, const uc **value, size_t *length) {
    const uc *p = *cursor;
    if (p >= end || !is_space(*p)) return R_ERR;
    while (p < end && is_space(*p)) p++;
    size_t n = strlen(name);
    if ((size_t)(end - p) < n || memcmp(p, name, n) != 0) return R_ERR;
    p += n;
    while (p < end && is_space(*p)) p++;
    if (p >= end || *p != '=') return R_ERR;
    p++;
    while (p < end && is_space(*p)) p++;
    if (p >= end || (*p != '"' && *p != '\'')) return R_ERR;
    const uc *close = memchr(p + 1, *p, (size_t)(end - p - 1));
    if (!close) return R_ERR;
    *value = p + 1;
    *length = (size_t)(close - p - 1);
    *cursor = close + 1;
    return R_OK;
}

// `<?xml` S ... `?>` at the very start. Only UTF-8 is read here (SAXDriver sends other
// encodings to libxml2), so another declared encoding is an error.
static int declaration(hs_tok *t, const uc **cursor, const uc *end) {
    t->wait = W_GT_QUOTED;
    const uc *close = NULL;
    for (const uc *q = *cursor + 5; q + 1 < end; q++) {
        if (*q == '"' || *q == '\'') {
            const uc *other = memchr(q + 1, *q, (size_t)(end - q - 1));
            if (!other) return R_NEED;
            q = other;
        } else if (*q == '?' && q[1] == '>') {
            close = q;
            break;
        }
    }
    if (!close) return (size_t)(end - *cursor) > 1024 ? (tok_fail(t, *cursor, "XML declaration too long"), R_ERR) : R_NEED;
    const uc *p = *cursor + 5, *value;
    size_t length;
    if (pseudo(&p, close, "version", &value, &length) != R_OK) return tok_fail(t, p, "Malformed declaration expecting version"), R_ERR;
    int digits = 1;
    for (size_t i = 2; i < length; i++) digits &= value[i] >= '0' && value[i] <= '9';
    if (length < 2 || value[0] != '1' || value[1] != '.' || !digits) return tok_fail(t, value, "Unsupported version '%.*s'", (int)length, value), R_ERR;
    if (pseudo(&p, close, "encoding", &value, &length) == R_OK) {
        int name = length > 0 && ((value[0] | 0x20) >= 'a' && (value[0] | 0x20) <= 'z');
        for (size_t i = 1; i < length; i++) {
            uc c = value[i];
            name &= ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
        }
        if (!name) return tok_fail(t, value, "Invalid XML encoding name"), R_ERR;
        int utf8 = (length == 5 && strncasecmp((const char *)value, "UTF-8", 5) == 0) || (length == 4 && strncasecmp((const char *)value, "UTF8", 4) == 0);
        if (!utf8) return tok_fail(t, value, "unsupported encoding %.*s", (int)length, value), R_ERR;
    }
    if (pseudo(&p, close, "standalone", &value, &length) == R_OK) {
        if (!((length == 3 && memcmp(value, "yes", 3) == 0) || (length == 2 && memcmp(value, "no", 2) == 0)))
            return tok_fail(t, value, "standalone accepts only 'yes' or 'no'"), R_ERR;
    }
    while (p < close && is_space(*p)) p++;
    if (p != close) return tok_fail(t, p, "parsing XML declaration: '?>' expected"), R_ERR;
    t->wait = W_NONE;
    *cursor = close + 2;
    return R_OK;
}

// Markup that opens with `<!`: a comment anywhere, a CDATA section in content, a DOCTYPE
// in the prolog.
static int bang(hs_tok *t, const uc **cursor, const uc *end) {
    const uc *p = *cursor;
    int s = starts(p, end, "<!--");
    if (s < 0) return R_NEED;
    if (s > 0) {
        t->after = t->state;
        t->state = D_COMMENT;
        *cursor = p + 4;
        return R_OK;
    }
    if (t->state == D_CONTENT) {
        if ((s = starts(p, end, "<![CDATA[")) < 0) return R_NEED;
        if (s == 0) return tok_fail(t, p, "StartTag: invalid element name"), R_ERR;
        t->state = D_CDATA;
        *cursor = p + 9;
        return R_OK;
    }
    if (t->state == D_PROLOG && (s = starts(p, end, "<!DOCTYPE")) != 0) {
        if (s < 0) return R_NEED;
        t->here = p;
        t->cb.doctype(t->user);
        if (!t->stopped) tok_fail(t, p, "a DOCTYPE is not read by this parser");
        return R_ERR;
    }
    return tok_fail(t, p, t->state == D_EPILOG ? "Extra content at the end of the document" : "Start tag expected, '<' not found"), R_ERR;
}

// After a tag: inside the root, or after it closed.
static void settle(hs_tok *t) { t->state = t->depth > 0 ? D_CONTENT : D_EPILOG; }

// The prolog or the epilog: white space, comments, PIs; the root in the prolog.
static int misc(hs_tok *t, const uc **cursor, const uc *end) {
    const uc *p = *cursor;
    while (p < end && is_space(*p)) p++;
    *cursor = p;
    if (p >= end) return R_OK;
    const char *wrong = t->state == D_EPILOG ? "Extra content at the end of the document" : "Start tag expected, '<' not found";
    if (*p != '<') return tok_fail(t, p, "%s", wrong), R_ERR;
    if (p + 1 >= end) return R_NEED;
    if (p[1] == '?') return pi_start(t, cursor, end);
    if (p[1] == '!') return bang(t, cursor, end);
    if (t->state == D_EPILOG || p[1] == '/') return tok_fail(t, p, "%s", wrong), R_ERR;
    int r = tok_start_tag(t, cursor, end);
    if (r == R_OK) settle(t);
    return r;
}

static int content(hs_tok *t, const uc **cursor, const uc *end, int final) {
    const uc *p = *cursor;
    if (*p != '<') return text(t, cursor, end, final);
    if (p + 1 >= end) return R_NEED;
    int r;
    switch (p[1]) {
    case '/': r = tok_end_tag(t, cursor, end); break;
    case '!': return bang(t, cursor, end);
    case '?': return pi_start(t, cursor, end);
    default: r = tok_start_tag(t, cursor, end); break;
    }
    if (r == R_OK) settle(t);
    return r;
}

size_t tok_parse(hs_tok *t, const uc *bytes, size_t count, int final) {
    const uc *p = bytes, *end = bytes + count;
    int r = R_OK;
    while (r == R_OK && p < end && !t->failed && !t->stopped) {
        switch (t->state) {
        case D_START:
            // A UTF-8 byte order mark, then perhaps the XML declaration.
        {
            const uc *q = p;
            if (starts(q, end, "\xEF\xBB\xBF") < 0 && !final) return (size_t)(p - bytes);
            if (starts(q, end, "\xEF\xBB\xBF") > 0) q += 3;
            if (q + 6 > end && !final && starts(q, end, "<?xml") != 0) return (size_t)(p - bytes);
            p = q;
            if (starts(p, end, "<?xml") > 0 && p + 5 < end && is_space(p[5])) {
                r = declaration(t, &p, end);
                if (r != R_OK) break;
            }
        }
            t->state = D_PROLOG;
            break;
        case D_PROLOG:
        case D_EPILOG: r = misc(t, &p, end); break;
        case D_CONTENT:
            // Tokens of content follow each other without going back through the switch.
            do r = content(t, &p, end, final);
            while (r == R_OK && p < end && t->state == D_CONTENT && !t->failed && !t->stopped);
            break;
        case D_COMMENT:
        case D_PI:
        case D_CDATA: r = body(t, &p, end, final); break;
        case D_DONE: return count;
        }
    }
    if (final && !t->failed && !t->stopped) {
        if (r == R_NEED || t->state == D_COMMENT || t->state == D_PI || t->state == D_CDATA) {
            t->at_end = 1;
            tok_fail(t, p, "Premature end of data");
        }
    }
    return (size_t)(p - bytes);
}

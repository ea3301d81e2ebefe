// Start and end tags: names, attributes, namespaces, and the start-tag limits.
#include "xml_tok_internal.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif


// The first byte from `p` in an attribute value that needs a look: the quote, `<`, `&`,
// a control character or a non-ASCII byte. Runs of plain ASCII go 16 bytes at a time.
static inline const uc *scan_value(const uc *p, const uc *end, uc quote) {
#if defined(__SSE2__)
    __m128i q = _mm_set1_epi8((char)quote), lt = _mm_set1_epi8('<'), amp = _mm_set1_epi8('&'), space = _mm_set1_epi8(0x20);
    while (end - p >= 16) {
        __m128i b = _mm_loadu_si128((const __m128i *)(const void *)p);
        // Signed: below 0x20 or at/above 0x80.
        __m128i hit = _mm_or_si128(_mm_cmplt_epi8(b, space), _mm_or_si128(_mm_cmpeq_epi8(b, q), _mm_or_si128(_mm_cmpeq_epi8(b, lt), _mm_cmpeq_epi8(b, amp))));
        unsigned mask = (unsigned)_mm_movemask_epi8(hit);
        if (mask) return p + __builtin_ctz(mask);
        p += 16;
    }
#endif
    while (p < end && *p != quote && *p != '<' && *p != '&' && *p >= 0x20 && *p < 0x80) p++;
    return p;
}

static int over(hs_tok *t, enum hs_xml_limit limit, const uc *name, size_t length, const uc *at) {
    t->limit = limit;
    t->limit_name_length = length < sizeof t->limit_name ? length : sizeof t->limit_name;
    memcpy(t->limit_name, name, t->limit_name_length);
    tok_fail(t, at, "start tag over the parser's limit");
    return R_ERR;
}

// A QName at `*p`: one NCName, or two joined by a colon. R_ERR is recorded. In a start
// tag whose length limit is above libxml2's for a name, a name cut past that waits for
// the tag's limit, which the old scanner reported first (`in_start_tag`).
static int read_qname(hs_tok *t, const uc **p, const uc *end, const char *what, int in_start_tag) {
    const uc *start = *p;
    int r = read_ncname(p, end);
    if (r == R_OK && *p < end && **p == ':') {
        ++*p;
        r = read_ncname(p, end);
        if (r == R_OK && *p < end && **p == ':') r = R_ERR;
    }
    if (r == R_NEED && (size_t)(end - start) > MAX_NAME && !(in_start_tag && t->max_tag > MAX_NAME)) r = R_ERR;
    if (r == R_OK && (size_t)(*p - start) > MAX_NAME) r = R_ERR;
    if (r == R_ERR) tok_fail(t, *p, "%s: invalid or unqualifiable name", what);
    return r;
}

static const uc *lookup(const hs_tok *t, const uc *prefix, int *found) {
    *found = 1;
    if (prefix == t->xml_prefix) return t->xml_ns;
    for (size_t i = t->binding_count; i-- > 0;)
        if (t->bindings[i].prefix == prefix) return t->bindings[i].uri;
    *found = prefix == NULL;
    return NULL;
}

// Decodes an attribute value into `values`, as libxml2 does without entity substitution:
// references resolved (an `&` as `&#38;`), literal tab, newline and CR (a CR LF once) as
// spaces. `p` is past the opening quote, `close` at the closing one.
static int decode_value(hs_tok *t, const uc *p, const uc *close) {
    while (p < close) {
        if (!tok_grow((void **)&t->values, &t->values_capacity, t->values_count + 8, 1)) return R_ERR;
        uc c = *p;
        if (c == '&') {
            uint32_t value;
            int amp;
            if (tok_reference(t, &p, close + 1, &value, &amp) != R_OK) return R_ERR;
            if (amp) memcpy(t->values + t->values_count, "&#38;", 5), t->values_count += 5;
            else t->values_count += tok_encode(value, t->values + t->values_count);
            continue;
        }
        if (c == '\r' && p + 1 < close && p[1] == '\n') p++;
        t->values[t->values_count++] = c == '\t' || c == '\n' || c == '\r' ? ' ' : c;
        p++;
    }
    return R_OK;
}

// The value at `*p` (its opening quote). Checks its characters; `*decode` says whether
// it differs from its bytes. R_NEED while its closing quote has not arrived.
static int read_value(hs_tok *t, const uc **cursor, const uc *end, int *decode) {
    const uc *p = *cursor;
    uc quote = *p++;
    *decode = 0;
    for (;;) {
        p = scan_value(p, end, quote);
        if (p >= end) return R_NEED;
        uc c = *p;
        if (c == quote) break;
        if (c == '<') return tok_fail(t, p, "Unescaped '<' not allowed in attributes values"), R_ERR;
        if (c == '&') {
            uint32_t value;
            int amp;
            const uc *q = p;
            int r = tok_reference(t, &q, end, &value, &amp);
            if (r != R_OK) return r;
            *decode = 1;
            p = q;
        } else if (c < 0x80) {
            if (c != '\t' && c != '\n' && c != '\r') return tok_fail(t, p, "invalid character in attribute value"), R_ERR;
            *decode = 1;
            p++;
        } else {
            uint32_t value;
            int n = utf8_decode(p, end, &value);
            if (n == 0) return R_NEED;
            if (n < 0 || !is_char(value)) return tok_fail(t, p, "Input is not proper UTF-8, or a character is out of the allowed range"), R_ERR;
            p += n;
        }
    }
    *cursor = p + 1;
    return R_OK;
}

// Limits at an attribute's `=` (see hs_tok_set_limits): the tag's length so far, then the
// attribute count, then the namespace declarations.
static int count_attribute(hs_tok *t, const uc *tag, const uc *equals, const uc *name, size_t length, size_t *attributes,
    size_t *namespaces, const uc *element, size_t element_length) {
    if (t->max_tag && (size_t)(equals - tag) + 1 > t->max_tag) return over(t, HS_LIMIT_START_TAG, element, element_length, equals);
    if (t->max_attributes && ++*attributes > t->max_attributes) return over(t, HS_LIMIT_ATTRIBUTES, element, element_length, equals);
    int declares = (length == 5 || (length > 5 && name[5] == ':')) && memcmp(name, "xmlns", 5) == 0;
    if (declares && t->max_namespaces && ++*namespaces > t->max_namespaces) return over(t, HS_LIMIT_NAMESPACES, element, element_length, equals);
    return R_OK;
}

// Binds the namespace declarations among the tag's attributes, as Namespaces in XML 1.0
// and libxml2 allow them. Returns the number of other attributes, moved to the front.
static int bind(hs_tok *t, size_t count, const uc *at, size_t *kept) {
    size_t others = 0;
    for (size_t i = 0; i < count; i++) {
        struct raw_attribute a = t->raw[i];
        int is_default = a.qname == t->xmlns_prefix;
        if (!is_default && a.prefix != t->xmlns_prefix) {
            t->raw[others++] = a;
            continue;
        }
        const uc *uri = a.decoded ? t->values + a.value_start : a.input + a.value_start;
        size_t length = a.value_end - a.value_start;
        const struct dict_entry *e = tok_intern(t, uri, length, 0);
        if (!e) return R_ERR;
        const uc *prefix = is_default ? NULL : a.local;
        uri = e->text;
        if (prefix == t->xml_prefix) {
            if (uri != t->xml_ns) return tok_fail(t, at, "xml namespace prefix mapped to wrong URI"), R_ERR;
            continue;
        }
        if (prefix == t->xmlns_prefix) return tok_fail(t, at, "redefinition of the xmlns prefix is forbidden"), R_ERR;
        if (uri == t->xml_ns) return tok_fail(t, at, "reuse of the xml namespace name is forbidden"), R_ERR;
        if (uri == t->xmlns_ns) return tok_fail(t, at, "reuse of the xmlns namespace name is forbidden"), R_ERR;
        if (!is_default && length == 0) return tok_fail(t, at, "xmlns:%s: Empty XML namespace is not allowed", prefix), R_ERR;
        for (size_t k = t->stack[t->depth].bindings; k < t->binding_count; k++)
            if (t->bindings[k].prefix == prefix) return tok_fail(t, at, "Attribute %s redefined", a.qname), R_ERR;
        if (!tok_grow((void **)&t->bindings, &t->binding_capacity, t->binding_count + 1, sizeof *t->bindings))
            return tok_fail(t, NULL, "out of memory"), R_ERR;
        t->bindings[t->binding_count++] = (struct binding){prefix, length ? uri : NULL};
    }
    *kept = others;
    return R_OK;
}

// Resolves the attributes' prefixes, refuses duplicates (by name, then by namespace and
// local name) and lays them out as libxml2's SAX2 does.
static int resolve(hs_tok *t, size_t count, const uc *at) {
    if (!GROW(t->attributes, t->attribute_capacity, count * 5 + 1))
        return tok_fail(t, NULL, "out of memory"), R_ERR;
    for (size_t i = 0; i < count; i++) {
        struct raw_attribute *a = &t->raw[i];
        int found = 1;
        a->uri = a->prefix ? lookup(t, a->prefix, &found) : NULL;
        if (!found) return tok_fail(t, at, "Namespace prefix %s for %s on an element is not defined", a->prefix, a->local), R_ERR;
        for (size_t k = 0; k < i; k++) {
            if (t->raw[k].qname == a->qname) return tok_fail(t, at, "Attribute %s redefined", a->qname), R_ERR;
            if (a->uri && t->raw[k].local == a->local && t->raw[k].uri == a->uri)
                return tok_fail(t, at, "Namespaced Attribute %s in '%s' redefined", a->local, a->uri), R_ERR;
        }
        const uc *base = a->decoded ? t->values : a->input;
        const uc **entry = t->attributes + i * 5;
        entry[0] = a->local;
        entry[1] = a->prefix;
        entry[2] = a->uri;
        entry[3] = base + a->value_start;
        entry[4] = base + a->value_end;
    }
    return R_OK;
}

// The entry the next start tag most likely names: the sibling that followed the last
// closed child of the open element last time, or its first child. In a list of records
// the guess is nearly always right, and a right guess costs one comparison instead of
// reading the name and looking it up (a tenth of the tokenizer's time).
static uint32_t guess(const hs_tok *t) {
    if (t->depth == 0) return 0;
    const struct element *parent = &t->stack[t->depth - 1];
    return parent->last_child ? t->entries[parent->last_child - 1].next_sibling : t->entries[parent->entry - 1].first_child;
}

// The guess came true (or not): remember `index` for the next time.
static void learn(hs_tok *t, uint32_t index) {
    if (t->depth == 0) return;
    const struct element *parent = &t->stack[t->depth - 1];
    if (parent->last_child) t->entries[parent->last_child - 1].next_sibling = index;
    else t->entries[parent->entry - 1].first_child = index;
}

int tok_start_tag(hs_tok *t, const uc **cursor, const uc *end) {
    const uc *tag = *cursor, *p = tag + 1;
    t->wait = W_GT_QUOTED;
    const uc *name = tag + 1;
    uint32_t index = guess(t);
    int r;
    if (index) {
        const struct dict_entry *e = &t->entries[index - 1];
        const uc *after = name + e->length;
        if (after < end && (*after == '>' || *after == '/' || is_space(*after)) && same_bytes(name, e->text, e->length)) p = after;
        else index = 0;
    }
    if (!index && (r = read_qname(t, &p, end, "StartTag", 1)) != R_OK) goto cut;
    size_t name_length = (size_t)(p - name);
    size_t count = 0, attributes = 0, namespaces = 0;
    t->values_count = 0;
    int empty = 0;
    for (;;) {
        const uc *space = p;
        while (p < end && is_space(*p)) p++;
        if (p >= end) goto need;
        if (*p == '>') break;
        if (*p == '/') {
            if (p + 1 >= end) goto need;
            if (p[1] != '>') return tok_fail(t, p, "Couldn't find end of Start Tag %.*s", (int)name_length, name), R_ERR;
            empty = 1;
            break;
        }
        if (p == space) return tok_fail(t, p, "attributes construct error"), R_ERR;
        const uc *attribute = p;
        if ((r = read_qname(t, &p, end, "AttName", 1)) != R_OK) goto cut;
        size_t attribute_length = (size_t)(p - attribute);
        while (p < end && is_space(*p)) p++;
        if (p >= end) goto need;
        if (*p != '=') return tok_fail(t, p, "Specification mandates value for attribute %.*s", (int)attribute_length, attribute), R_ERR;
        if (count_attribute(t, tag, p, attribute, attribute_length, &attributes, &namespaces, name, name_length) != R_OK) return R_ERR;
        p++;
        while (p < end && is_space(*p)) p++;
        if (p >= end) goto need;
        if (*p != '"' && *p != '\'') return tok_fail(t, p, "AttValue: \" or ' expected"), R_ERR;
        const uc *open = p;
        int decode;
        if ((r = read_value(t, &p, end, &decode)) != R_OK) goto cut;
        if (!GROW(t->raw, t->raw_capacity, count + 1)) return tok_fail(t, NULL, "out of memory"), R_ERR;
        struct raw_attribute *a = &t->raw[count++];
        a->decoded = decode;
        a->input = tag;
        a->value_start = (size_t)(open + 1 - tag);
        a->value_end = (size_t)(p - 1 - tag);
        if (decode) {
            size_t start = t->values_count;
            if (decode_value(t, open + 1, p - 1) != R_OK) return tok_fail(t, NULL, "out of memory"), R_ERR;
            a->value_start = start;
            a->value_end = t->values_count;
        }
        // The name last: interning may record an error, and its entry is short-lived.
        const struct dict_entry *e = tok_intern(t, attribute, attribute_length, 1);
        if (!e) return R_ERR;
        a->qname = e->text, a->local = e->local, a->prefix = e->prefix;
    }
    // p is at the `>` or the `/` of `/>`.
    const uc *close = p + empty;
    if (t->max_tag && (size_t)(close - tag) + 1 > t->max_tag) return over(t, HS_LIMIT_START_TAG, name, name_length, tag + t->max_tag);
    if (t->depth > 256) return tok_fail(t, tag, "Excessive depth in document: 256 use XML_PARSE_HUGE option"), R_ERR;
    const struct dict_entry *e = index ? &t->entries[index - 1] : tok_intern(t, name, name_length, 1);
    if (!e) return R_ERR;
    if (!index) learn(t, index = (uint32_t)(e - t->entries) + 1);
    const uc *qname = e->text, *local = e->local, *prefix = e->prefix;
    if (!GROW(t->stack, t->stack_capacity, t->depth + 1)) return tok_fail(t, NULL, "out of memory"), R_ERR;
    t->stack[t->depth] = (struct element){qname, (uint32_t)name_length, (uint32_t)t->binding_count, index, 0};
    size_t kept = 0;
    if (bind(t, count, p, &kept) != R_OK || resolve(t, kept, p) != R_OK) return R_ERR;
    int found;
    const uc *uri = lookup(t, prefix, &found);
    if (!found) return tok_fail(t, p, "Namespace prefix %s on %s is not defined", prefix, local), R_ERR;
    if (prefix == t->xmlns_prefix) return tok_fail(t, p, "Namespace prefix xmlns on %s is not defined", local), R_ERR;
    t->depth++;
    t->seen_root = 1;
    t->wait = W_NONE;
    *cursor = close + 1;
    t->here = p;
    t->cb.start(t->user, local, uri, (int)kept, kept ? t->attributes : NULL);
    if (empty && !t->stopped) {
        t->here = close + 1;
        t->depth--;
        t->binding_count = t->stack[t->depth].bindings;
        if (t->depth) t->stack[t->depth - 1].last_child = index;
        t->cb.end(t->user);
    }
    return R_OK;
need:
    r = R_NEED;
cut:
    if (r == R_NEED && t->max_tag && (size_t)(end - tag) > t->max_tag) {
        // Cut past the limit: a count limit at an `=` before it wins (see count_attribute).
        const uc *q = tag + 1;
        while (q < end && !is_space(*q) && *q != '/' && *q != '>') q++;
        return over(t, HS_LIMIT_START_TAG, tag + 1, (size_t)(q - tag - 1), tag + t->max_tag);
    }
    return r;
}

int tok_end_tag(hs_tok *t, const uc **cursor, const uc *end) {
    const uc *p = *cursor + 2;
    t->wait = W_GT;
    const uc *name = p;
    // The common case: the open element's name, then `>`. Its bytes were a QName already.
    if (t->depth > 0) {
        const struct element *open = &t->stack[t->depth - 1];
        if ((size_t)(end - p) > open->length && p[open->length] == '>' && same_bytes(p, open->qname, open->length)) {
            t->depth--;
            t->binding_count = open->bindings;
            if (t->depth) t->stack[t->depth - 1].last_child = open->entry;
            t->wait = W_NONE;
            *cursor = p + open->length + 1;
            t->here = *cursor;
            t->cb.end(t->user);
            return R_OK;
        }
    }
    int r = read_qname(t, &p, end, "EndTag", 0);
    if (r != R_OK) return r;
    size_t length = (size_t)(p - name);
    while (p < end && is_space(*p)) p++;
    if (p >= end) return R_NEED;
    if (*p != '>') return tok_fail(t, p, "expected '>'"), R_ERR;
    if (t->depth == 0) return tok_fail(t, name, "Extra content at the end of the document"), R_ERR;
    const struct element *open = &t->stack[t->depth - 1];
    if (open->length != length || memcmp(open->qname, name, length) != 0)
        return tok_fail(t, name, "Opening and ending tag mismatch: %s and %.*s", open->qname, (int)length, name), R_ERR;
    t->depth--;
    t->binding_count = open->bindings;
    if (t->depth) t->stack[t->depth - 1].last_child = open->entry;
    t->wait = W_NONE;
    *cursor = p + 1;
    t->here = p + 1;
    t->cb.end(t->user);
    return R_OK;
}

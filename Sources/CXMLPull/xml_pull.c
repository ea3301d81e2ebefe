#define _GNU_SOURCE
#include "xml_pull.h"
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

// The parser's stack. libxml2 itself needs a few KiB (its content loop is iterative); the
// rest is for the SAX callbacks, which include a caller's per-hotel closure. Pages are
// only committed when touched; a guard page below turns an overflow into a crash, not
// corruption.
#define STACK_SIZE (1024 * 1024)

// Bytes held back while no `>` arrives (a long text) before they go to libxml2 anyway:
// what a hostile server can make us hold.
#define HOLD_LIMIT (64 * 1024)

enum input { MORE, END, ABORT };

// Where the tag scanner stands (see scan_units): in text, or inside markup.
enum scan_state {
    S_TEXT, S_LT, S_NAME, S_TAG, S_DQ, S_SQ, S_END_TAG, S_BANG, S_COMMENT, S_CDATA, S_DECL, S_PI
};

#define NAME_KEEP HS_LIMIT_NAME_BYTES

struct tag_scan {
    size_t max_attributes, max_namespaces, max_tag;
    enum scan_state state;
    size_t attributes, namespaces, tag_bytes;
    int after_space;      // in S_TAG: the last unit was whitespace, so a name may start
    int xmlns_matched;    // how much of "xmlns" the current attribute name has matched
    unsigned char last[2]; // the two units before, for "-->", "]]>", "?>", "<![", "<!-"
    char name[NAME_KEEP];
    size_t name_length;
    enum hs_xml_limit hit;
    unsigned char partial[4]; // a wide code unit cut between two reads
    size_t partial_count;
};

struct hs_pull {
    ucontext_t caller;  // where the parser switches back to: the latest feed/finish/free
    ucontext_t parser;
    char *stack;        // the guard page, then STACK_SIZE bytes
    xmlSAXHandler sax;
    void *user;
    int options;
    xmlParserCtxtPtr context;

    // What libxml2 may read now: first `held[held_read..held_ready)`, then `next[0..left)`
    // (the caller's bytes, only during hs_pull_feed).
    char *held;         // bytes kept from earlier feeds
    size_t held_count, held_capacity, held_read, held_ready;
    const char *next;
    size_t left;

    size_t fed;         // bytes fed so far: the alignment of wide encodings
    int unit;           // 0 until known; then 1, 2 or 4 bytes per `>`
    char gt[4];         // how `>` is spelled in this document's encoding

    struct tag_scan scan;

    // The comment padded in for libxml2's lookahead (see pad).
    int padded;             // this feed has had its one pad
    int ends_at_gt;         // what libxml2 may read ends with a `>`, not inside a text
    int pad_pending;        // libxml2 has not yet passed the last pad's columns back
    unsigned long pad_end;  // where that pad ends in libxml2's converted stream

    enum input input;
    int started;
    int finished;
};

// MARK: stacks, reused: a server parses a small request per call

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static char *pool[8];
static int pool_count;

static size_t page_size(void) { return (size_t)sysconf(_SC_PAGESIZE); }

static char *stack_take(void) {
    pthread_mutex_lock(&pool_lock);
    char *stack = pool_count > 0 ? pool[--pool_count] : NULL;
    pthread_mutex_unlock(&pool_lock);
    if (stack) return stack;
    size_t guard = page_size();
    stack = mmap(NULL, guard + STACK_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (stack == MAP_FAILED) return NULL;
    if (mprotect(stack, guard, PROT_NONE) != 0) {
        munmap(stack, guard + STACK_SIZE);
        return NULL;
    }
    return stack;
}

static void stack_give(char *stack) {
    pthread_mutex_lock(&pool_lock);
    if (pool_count < (int)(sizeof pool / sizeof pool[0])) {
        pool[pool_count++] = stack;
        stack = NULL;
    }
    pthread_mutex_unlock(&pool_lock);
    if (stack) munmap(stack, page_size() + STACK_SIZE);
}

// MARK: the tag scanner

// Follows the markup in the bytes libxml2 is about to read, just enough to count each
// start tag's attributes, namespace declarations and length. It is not a parser: it only
// has to agree with one about where a start tag's attributes are, and quotes, comments,
// CDATA sections and processing instructions are all that can hide a `=` or `>` there.
// (A DTD's internal subset can fool it; DTDs are refused anyway.)

static int is_space(unsigned c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

static int over(struct tag_scan *s, enum hs_xml_limit limit) {
    s->hit = limit;
    return 1;
}

// One code unit, as its ASCII value or 0x80 for anything else. Returns 1 at a limit.
static int scan_unit(struct tag_scan *s, unsigned c) {
    if (s->state >= S_NAME && s->state <= S_SQ && s->max_tag && ++s->tag_bytes > s->max_tag) return over(s, HS_LIMIT_START_TAG);
    switch (s->state) {
    case S_TEXT:
        if (c == '<') s->state = S_LT;
        break;
    case S_LT:
        if (c == '/') s->state = S_END_TAG;
        else if (c == '!') s->state = S_BANG;
        else if (c == '?') s->state = S_PI;
        else {
            s->state = S_NAME;
            s->attributes = s->namespaces = s->name_length = 0;
            s->tag_bytes = 2;
            s->name[s->name_length++] = (char)c;
        }
        break;
    case S_NAME:
        if (c == '>') s->state = S_TEXT;
        else if (is_space(c) || c == '/') {
            s->state = S_TAG;
            s->after_space = 1;
            s->xmlns_matched = 0;
        } else if (s->name_length < NAME_KEEP) s->name[s->name_length++] = (char)c;
        break;
    case S_TAG:
        if (c == '>') s->state = S_TEXT;
        else if (c == '"') s->state = S_DQ;
        else if (c == '\'') s->state = S_SQ;
        else if (c == '=') {
            if (s->max_attributes && ++s->attributes > s->max_attributes) return over(s, HS_LIMIT_ATTRIBUTES);
            if (s->xmlns_matched >= 5 && s->max_namespaces && ++s->namespaces > s->max_namespaces) return over(s, HS_LIMIT_NAMESPACES);
            s->xmlns_matched = -1;
        } else if (is_space(c)) s->after_space = 1;
        else {
            // "xmlns" or "xmlns:p" at the start of a name declares a namespace:
            // 0–5 units of "xmlns" matched, 6 past its ':', -1 another name.
            if (s->after_space) s->xmlns_matched = 0;
            s->after_space = 0;
            if (s->xmlns_matched >= 0 && s->xmlns_matched < 5)
                s->xmlns_matched = c == (unsigned char)"xmlns"[s->xmlns_matched] ? s->xmlns_matched + 1 : -1;
            else if (s->xmlns_matched == 5)
                s->xmlns_matched = c == ':' ? 6 : -1;
        }
        break;
    case S_DQ:
        if (c == '"') s->state = S_TAG, s->after_space = 0;
        break;
    case S_SQ:
        if (c == '\'') s->state = S_TAG, s->after_space = 0;
        break;
    case S_END_TAG:
    case S_DECL:
        if (c == '>') s->state = S_TEXT;
        break;
    case S_BANG:
        s->state = c == '-' ? S_COMMENT : c == '[' ? S_CDATA : S_DECL;
        s->last[0] = s->last[1] = 0;
        return 0;
    case S_COMMENT:
        if (c == '>' && s->last[0] == '-' && s->last[1] == '-') s->state = S_TEXT;
        break;
    case S_CDATA:
        if (c == '>' && s->last[0] == ']' && s->last[1] == ']') s->state = S_TEXT;
        break;
    case S_PI:
        if (c == '>' && s->last[1] == '?') s->state = S_TEXT;
        break;
    }
    s->last[0] = s->last[1];
    s->last[1] = (unsigned char)(c < 0x80 ? c : 0x80);
    return 0;
}

// Bytes that end nothing in a start tag: in a name, anything but space, `/` and `>`; in
// the attribute list, anything but space, `=`, a quote and `>` (a `/` there is a name
// byte to scan_unit). Letters and non-ASCII take the first comparison.
static inline int is_name_byte(unsigned char c) { return c > '>' || !(is_space(c) || c == '/' || c == '>'); }
static inline int is_attribute_byte(unsigned char c) {
    return c > '>' || !(is_space(c) || c == '=' || c == '"' || c == '\'' || c == '>');
}

// The runs walk_tag skips, 16 bytes at a time with SSE2 (every x86-64; elsewhere a byte at
// a time): a byte loop's exit was a mispredicted branch per name and per value, and its
// compare the hottest instruction of the walk. Loads never reach past `stop`.
#if defined(__SSE2__)
#include <emmintrin.h>

// Where the first 16 bytes from `p` are below `?`, as a bit mask (`stop - p >= 16`).
static inline unsigned low_bytes(const unsigned char *p) {
    __m128i block = _mm_loadu_si128((const __m128i *)(const void *)p);
    __m128i question = _mm_set1_epi8('?');
    return ~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(block, question), block)) & 0xFFFF;
}
#endif

// The first byte from `p` that ends an element name (is_name_byte) or an attribute name
// (is_attribute_byte), or `stop`. Every such byte is below `?`, so whole blocks of higher
// bytes go by at once.
static inline const unsigned char *skip_name(const unsigned char *p, const unsigned char *stop, int attribute) {
#if defined(__SSE2__)
    while (stop - p >= 16) {
        unsigned low = low_bytes(p);
        while (low) {
            const unsigned char *q = p + __builtin_ctz(low);
            if (!(attribute ? is_attribute_byte(*q) : is_name_byte(*q))) return q;
            low &= low - 1;
        }
        p += 16;
    }
#endif
    while (p < stop && (attribute ? is_attribute_byte(*p) : is_name_byte(*p))) p++;
    return p;
}

// The first `quote` from `p`, or `stop`.
static inline const unsigned char *find_quote(const unsigned char *p, const unsigned char *stop, unsigned char quote) {
#if defined(__SSE2__)
    __m128i wanted = _mm_set1_epi8((char)quote);
    while (stop - p >= 16) {
        unsigned hit = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)p), wanted));
        if (hit) return p + __builtin_ctz(hit);
        p += 16;
    }
#endif
    while (p < stop && *p != quote) p++;
    return p;
}

// Walks a start tag, from inside its name through its attributes to its `>`, with the
// effect scan_unit has on each unit but without a call (and a switch) per unit: on
// OpenTravel's attribute-heavy tags the unit-by-unit walk was 46 % of libxml2's floor.
// Runs of bytes that change nothing (a quoted value, the rest of a name) go by in tight
// loops. State stays in locals and goes back to `s` when the tag or the bytes end. A
// limit is reported as scan_unit would, at the first unit past it: the tag's length is
// checked at each `=` before the attribute counts, and again where the walk stops. (`last`
// is not kept up, as in text: it is only read after a `<!` or `<?`, which set it.)
// Returns 1 at a limit; `*cursor` is where the walk stopped.
static int walk_tag(struct tag_scan *s, const char **cursor, const char *end) {
    const unsigned char *at = (const unsigned char *)*cursor, *stop = (const unsigned char *)end;
    const unsigned char *from = at;
    enum scan_state state = s->state;
    int after_space = s->after_space, xmlns_matched = s->xmlns_matched;
    int result = 0;
    while (at < stop) {
        if (state == S_DQ || state == S_SQ) {
            // A quoted value: nothing in it counts but its length.
            at = find_quote(at, stop, state == S_DQ ? '"' : '\'');
            if (at == stop) break;
            at++;
            state = S_TAG;
            after_space = 0;
            continue;
        }
        if (state == S_NAME) {
            const unsigned char *name = at;
            at = skip_name(at, stop, 0);
            size_t keep = (size_t)(at - name) < NAME_KEEP - s->name_length ? (size_t)(at - name) : NAME_KEEP - s->name_length;
            memcpy(s->name + s->name_length, name, keep);
            s->name_length += keep;
            if (at == stop) break;
            if (*at++ == '>') {
                state = S_TEXT;
                break;
            }
            state = S_TAG;
            after_space = 1;
            xmlns_matched = 0;
            continue;
        }
        // S_TAG. The common shape first, ` Name="value"`, in one go: spaces, a name that
        // cannot be `xmlns` (it does not start with `x`), `=`, a quoted value, all before
        // `stop`. It ends where the unit-by-unit walk below would, with the same counts;
        // any other shape goes through that walk. Straight-line code here, where the walk
        // took half a dozen hard-to-predict turns per attribute.
        {
            const unsigned char *p = at;
            while (p < stop && is_space(*p)) p++;
            if ((p > at || after_space) && p < stop && *p > '>' && *p != 'x') {
                const unsigned char *equals = skip_name(p + 1, stop, 1);
                if (stop - equals > 2 && *equals == '=' && (equals[1] == '"' || equals[1] == '\'')) {
                    const unsigned char *close = find_quote(equals + 2, stop, equals[1]);
                    if (close < stop) {
                        if (s->max_tag && s->tag_bytes + (size_t)(equals + 1 - from) > s->max_tag) {
                            at = equals + 1;
                            result = over(s, HS_LIMIT_START_TAG);
                            break;
                        }
                        if (s->max_attributes && ++s->attributes > s->max_attributes) {
                            at = equals + 1;
                            result = over(s, HS_LIMIT_ATTRIBUTES);
                            break;
                        }
                        at = close + 1;
                        after_space = 0;
                        xmlns_matched = -1;
                        continue;
                    }
                }
            }
        }
        // Past the start of a name that is not (or is past) `xmlns`, its bytes change nothing.
        if (!after_space && (xmlns_matched < 0 || xmlns_matched == 6)) {
            at = skip_name(at, stop, 1);
            if (at == stop) break;
        }
        unsigned char c = *at++;
        if (c == '>') {
            state = S_TEXT;
            break;
        } else if (c == '"') {
            state = S_DQ;
        } else if (c == '\'') {
            state = S_SQ;
        } else if (c == '=') {
            if (s->max_tag && s->tag_bytes + (size_t)(at - from) > s->max_tag) {
                result = over(s, HS_LIMIT_START_TAG);
                break;
            }
            if (s->max_attributes && ++s->attributes > s->max_attributes) {
                result = over(s, HS_LIMIT_ATTRIBUTES);
                break;
            }
            if (xmlns_matched >= 5 && s->max_namespaces && ++s->namespaces > s->max_namespaces) {
                result = over(s, HS_LIMIT_NAMESPACES);
                break;
            }
            xmlns_matched = -1;
        } else if (is_space(c)) {
            after_space = 1;
        } else {
            if (after_space) xmlns_matched = 0;
            after_space = 0;
            if (xmlns_matched >= 0 && xmlns_matched < 5)
                xmlns_matched = c == (unsigned char)"xmlns"[xmlns_matched] ? xmlns_matched + 1 : -1;
            else if (xmlns_matched == 5)
                xmlns_matched = c == ':' ? 6 : -1;
        }
    }
    s->tag_bytes += (size_t)(at - from);
    s->state = state;
    s->after_space = after_space;
    s->xmlns_matched = xmlns_matched;
    *cursor = (const char *)at;
    if (!result && s->max_tag && s->tag_bytes > s->max_tag) result = over(s, HS_LIMIT_START_TAG);
    return result;
}

// Scans `count` bytes; returns 1 when a limit is passed. It runs even with no limit set:
// `pad` relies on it to know that the bytes fed end outside markup. With one byte per unit it jumps
// through text and end tags with memchr and walks start tags with walk_tag: a
// unit-by-unit loop over every byte cost a third of the parse.
static int scan_bytes(hs_pull *p, const char *bytes, size_t count) {
    struct tag_scan *s = &p->scan;
    if (p->unit == 1) {
        const char *at = bytes, *end = bytes + count;
        while (at < end) {
            switch (s->state) {
            case S_TEXT: {
                const char *lt = memchr(at, '<', (size_t)(end - at));
                if (!lt) return 0;
                at = lt;
                if (end - lt < 2 || lt[1] == '!' || lt[1] == '?') break;  // unit by unit
                if (lt[1] == '/') {
                    // An end tag ends at its first `>`, as S_END_TAG does.
                    const char *gt = memchr(lt + 2, '>', (size_t)(end - lt - 2));
                    if (!gt) break;
                    at = gt + 1;
                    continue;
                }
                // A start tag, entered as S_TEXT and S_LT would enter it, then walked.
                s->state = S_NAME;
                s->attributes = s->namespaces = 0;
                s->tag_bytes = 2;
                s->name[0] = lt[1];
                s->name_length = 1;
                at = lt + 2;
                if (walk_tag(s, &at, end)) return 1;
                continue;
            }
            case S_NAME:
            case S_TAG:
            case S_DQ:
            case S_SQ:
                if (walk_tag(s, &at, end)) return 1;
                continue;
            default:
                break;
            }
            if (scan_unit(s, (unsigned char)*at++)) return 1;
        }
        return 0;
    }
    // UTF-16 or UCS-4: whole code units, little- or big-endian as `>` is spelled.
    size_t u = (size_t)p->unit;
    int little = p->gt[0] == '>';
    for (size_t i = 0; i < count; i++) {
        s->partial[s->partial_count++] = (unsigned char)bytes[i];
        if (s->partial_count < u) continue;
        s->partial_count = 0;
        unsigned value = 0;
        for (size_t k = 0; k < u; k++) value = value << 8 | s->partial[little ? u - 1 - k : k];
        if (scan_unit(s, value < 0x80 ? value : 0x80)) return 1;
    }
    return 0;
}

// MARK: the parser side

// Rows on time. Before each token libxml2's pull parser makes sure 250 bytes lie ahead
// (its GROW) and reads until they do, so a hotel's end tag was handled only once 250 more
// bytes had arrived: a server that sent a hotel and paused held the row back for the
// pause. When libxml2 asks for more while it still holds bytes it has not parsed, and the
// bytes fed end outside any markup, it gets a comment of PAD_CHARS characters instead of
// waiting: enough lookahead for everything fed, and nothing a SAX handler sees (no comment
// callback is set). Text around it arrives in two `characters` calls, as it may anyway.
// The columns libxml2 counted for it are given back once it has read past it, so error
// positions stay those of the real document.
#define PAD_CHARS 256

static unsigned long parsed_offset(const xmlParserInputPtr input) {
    return input->consumed + (unsigned long)(input->cur - input->base);
}

// The pad, in the document's code units (an ASCII comment in UTF-8 and the single-byte
// charsets the parser accepts; UTF-16 or UCS-4 as `>` is spelled). Returns the bytes written.
static size_t pad(hs_pull *p, char *buffer, size_t room) {
    size_t u = (size_t)p->unit;
    if (p->padded || !p->ends_at_gt || p->input != MORE || p->scan.state != S_TEXT || room < PAD_CHARS * u) return 0;
    xmlParserInputPtr input = p->context ? p->context->input : NULL;
    if (!input || !input->cur || input->cur >= input->end || !input->buf || input->buf->error) return 0;
    int little = p->gt[0] == '>';
    for (size_t i = 0; i < PAD_CHARS; i++) {
        char c = i < 4 ? "<!--"[i] : i >= PAD_CHARS - 3 ? "-->"[i - (PAD_CHARS - 3)] : ' ';
        memset(buffer + i * u, 0, u);
        buffer[i * u + (little ? 0 : u - 1)] = c;
    }
    p->padded = 1;
    p->pad_pending = 1;
    p->pad_end = input->consumed + (unsigned long)(input->end - input->base) + PAD_CHARS;
    return PAD_CHARS * u;
}

// The columns libxml2 counts for the pad are taken back at its first read once it has
// entered the pad. With 250 bytes of lookahead in hand it reads again only inside the
// comment (its `GROW` before the `-->`) or past it; either way it parses the rest of the
// pad, which is already in its buffer, before anything that could fail, so the column may
// run below its true value for those few characters only.
static void settle_pad(hs_pull *p) {
    if (!p->pad_pending || !p->context || !p->context->input) return;
    xmlParserInputPtr input = p->context->input;
    if (parsed_offset(input) <= p->pad_end - PAD_CHARS) return;
    p->pad_pending = 0;
    input->col -= PAD_CHARS;
}

// libxml2's read callback. libxml2's pull parser assumes a read gives it a whole token:
// after it asks for more it peeks a few bytes ahead ("<![CDATA[", "&#x", "</") and
// misreads a token cut between two reads. So the caller's bytes are only handed over up
// to their last `>` (see hs_pull_feed): no such token contains one, and the tokens that
// may (text, attribute values, comments) libxml2 reads a character at a time, asking for
// more as it goes. When nothing is ready, switch back to the caller until it feeds more,
// ends the document or gives up.
static int read_fed(void *context, char *buffer, int len) {
    hs_pull *p = context;
    size_t filled = 0;
    settle_pad(p);
    while (filled < (size_t)len) {
        // A fatal error turned the callbacks off; libxml2 would read on to the end anyway.
        if (p->context && !p->context->wellFormed) return 0;
        // Past a limit: nothing more, not even the rest of what was scanned.
        if (p->scan.hit) return -1;
        size_t want = (size_t)len - filled;
        if (p->held_read < p->held_ready) {
            size_t n = p->held_ready - p->held_read < want ? p->held_ready - p->held_read : want;
            memcpy(buffer + filled, p->held + p->held_read, n);
            p->held_read += n;
            filled += n;
            if (scan_bytes(p, buffer + filled - n, n)) return -1;
        } else if (p->left > 0) {
            size_t n = p->left < want ? p->left : want;
            memcpy(buffer + filled, p->next, n);
            p->next += n;
            p->left -= n;
            filled += n;
            if (scan_bytes(p, buffer + filled - n, n)) return -1;
        } else if (filled > 0 || p->input != MORE) {
            break;
        } else if ((filled = pad(p, buffer, (size_t)len)) > 0) {
            break;
        } else {
            swapcontext(&p->parser, &p->caller);
        }
    }
    return p->input == ABORT ? -1 : (int)filled;
}

// makecontext passes only ints: the pointer comes in two halves.
static void parser_main(unsigned int high, unsigned int low) {
    hs_pull *p = (hs_pull *)(((uintptr_t)high << 32) | (uintptr_t)low);
    p->context = xmlCreateIOParserCtxt(&p->sax, p->user, read_fed, NULL, p, XML_CHAR_ENCODING_NONE);
    if (p->context) {
        xmlCtxtUseOptions(p->context, p->options);
        xmlParseDocument(p->context);
    }
    p->finished = 1;
    // Returning resumes uc_link: the caller of the switch that got us here.
}

// MARK: the caller side

hs_pull *hs_pull_create(const void *sax, void *user, int options) {
    hs_pull *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->stack = stack_take();
    if (!p->stack) {
        free(p);
        return NULL;
    }
    memcpy(&p->sax, sax, sizeof p->sax);
    p->user = user;
    p->options = options;
    return p;
}

// libxml2 reports some errors (a failed encoding conversion, the I/O error after it) on
// its thread-wide generic channel, which prints to stderr, and not to the SAX error
// handler, which has them anyway as the fatal error that follows. While our parser runs
// that channel is silenced; between runs the thread's own handler is back.
static void silent(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

// Switches to the parser until it has read everything ready and wants more, or is done.
static void run(hs_pull *p) {
    if (p->finished) return;
    if (!p->started) {
        p->started = 1;
        getcontext(&p->parser);
        p->parser.uc_stack.ss_sp = p->stack + page_size();
        p->parser.uc_stack.ss_size = STACK_SIZE;
        p->parser.uc_link = &p->caller;
        uintptr_t address = (uintptr_t)p;
        makecontext(&p->parser, (void (*)(void))parser_main, 2, (unsigned int)(address >> 32), (unsigned int)address);
    }
    xmlGenericErrorFunc handler = xmlGenericError;
    void *handler_context = xmlGenericErrorContext;
    xmlSetGenericErrorFunc(NULL, silent);
    swapcontext(&p->caller, &p->parser);
    xmlSetGenericErrorFunc(handler_context, handler);
}

static int hold(hs_pull *p, const char *bytes, size_t count) {
    if (p->held_count + count > p->held_capacity) {
        size_t capacity = p->held_capacity ? p->held_capacity : 4096;
        while (capacity < p->held_count + count) capacity *= 2;
        char *grown = realloc(p->held, capacity);
        if (!grown) return 0;
        p->held = grown;
        p->held_capacity = capacity;
    }
    memcpy(p->held + p->held_count, bytes, count);
    p->held_count += count;
    return 1;
}

// Out of memory for the bytes to hold: end the document here rather than drop them, so
// the parse fails (as cut off) instead of reading on past a gap.
static int give_up(hs_pull *p) {
    p->held_ready = p->held_count;
    p->input = END;
    run(p);
    return p->finished;
}

// Drops the held bytes libxml2 has read.
static void compact_held(hs_pull *p) {
    memmove(p->held, p->held + p->held_read, p->held_count - p->held_read);
    p->held_count -= p->held_read;
    p->held_ready -= p->held_read;
    p->held_read = 0;
}

// The encoding's code unit for `>`, from the first 4 bytes (XML 1.0 appendix F): UTF-16
// and UCS-4 spell it in 2 or 4 bytes, every other encoding we accept as ASCII's 0x3E.
static void learn_unit(hs_pull *p, const unsigned char *b) {
    static const struct { unsigned char head[4]; int unit; char gt[4]; } wide[] = {
        {{0x00, 0x00, 0xFE, 0xFF}, 4, {0, 0, 0, '>'}}, {{0xFF, 0xFE, 0x00, 0x00}, 4, {'>', 0, 0, 0}},
        {{0x00, 0x00, 0x00, 0x3C}, 4, {0, 0, 0, '>'}}, {{0x3C, 0x00, 0x00, 0x00}, 4, {'>', 0, 0, 0}},
        {{0x00, 0x3C, 0x00, 0x3F}, 2, {0, '>'}},       {{0x3C, 0x00, 0x3F, 0x00}, 2, {'>', 0}},
    };
    p->unit = 1;
    p->gt[0] = '>';
    for (size_t i = 0; i < sizeof wide / sizeof wide[0]; i++) {
        if (memcmp(b, wide[i].head, 4) == 0) {
            p->unit = wide[i].unit;
            memcpy(p->gt, wide[i].gt, 4);
            return;
        }
    }
    if ((b[0] == 0xFE && b[1] == 0xFF) || (b[0] == 0xFF && b[1] == 0xFE)) {
        p->unit = 2;
        p->gt[0] = b[0] == 0xFE ? 0 : '>';
        p->gt[1] = b[0] == 0xFE ? '>' : 0;
    }
}

// The length of the longest prefix of `bytes` (which start at document offset `offset`)
// that ends with a whole `>`; 0 if none.
static size_t through_last_gt(const hs_pull *p, const char *bytes, size_t count, size_t offset) {
    if (p->unit == 1) {
        const char *gt = memrchr(bytes, '>', count);
        return gt ? (size_t)(gt - bytes) + 1 : 0;
    }
    size_t u = (size_t)p->unit;
    if (count < u) return 0;
    for (size_t i = count - u + 1; i-- > 0;) {
        if ((offset + i) % u == 0 && memcmp(bytes + i, p->gt, u) == 0) return i + u;
    }
    return 0;
}

int hs_pull_feed(hs_pull *p, const void *data, size_t count) {
    const char *bytes = data;
    if (p->finished || count == 0) return p->finished;
    p->padded = 0;
    if (!p->unit) {
        // Hold the first 4 bytes until they say how `>` is spelled; go on with the rest.
        size_t head = 4 - p->held_count < count ? 4 - p->held_count : count;
        if (!hold(p, bytes, head)) return give_up(p);
        p->fed += head;
        bytes += head;
        count -= head;
        if (p->held_count < 4) return 0;
        learn_unit(p, (const unsigned char *)p->held);
        if (count == 0) return 0;
    }
    size_t offset = p->fed;
    p->fed += count;
    size_t ready = through_last_gt(p, bytes, count, offset);
    if (ready == 0) {
        // A long text with no `>`: hold it up to a limit, then hand it all over. 64 KiB at
        // once is lookahead enough; a token cut at its end is read after the next feed.
        if (!hold(p, bytes, count)) return give_up(p);
        if (p->held_count - p->held_read < HOLD_LIMIT) return 0;
        p->held_ready = p->held_count;
        p->ends_at_gt = 0;
        run(p);
        compact_held(p);
        return p->finished;
    }
    // The common case: what was held, then these bytes through their last `>`, straight
    // from the caller's buffer; the rest is held for the next feed.
    p->held_ready = p->held_count;
    p->next = bytes;
    p->left = ready;
    p->ends_at_gt = 1;
    run(p);
    p->next = NULL;
    p->left = 0;
    compact_held(p);
    if (!p->finished && !hold(p, bytes + ready, count - ready)) return give_up(p);
    return p->finished;
}

int hs_pull_finish(hs_pull *p) {
    p->held_ready = p->held_count;
    p->input = END;
    run(p);
    return 1;
}

void *hs_pull_context(hs_pull *p) { return p->context; }

void hs_pull_set_limits(hs_pull *p, size_t max_attributes, size_t max_namespaces, size_t max_start_tag_bytes) {
    p->scan.max_attributes = max_attributes;
    p->scan.max_namespaces = max_namespaces;
    p->scan.max_tag = max_start_tag_bytes;
}

enum hs_xml_limit hs_pull_limit_hit(hs_pull *p, const char **name, size_t *name_length) {
    *name = p->scan.name;
    *name_length = p->scan.name_length;
    return p->scan.hit;
}

int hs_pull_input_ended(hs_pull *p) {
    return p->input == END && p->held_read == p->held_count && p->left == 0;
}

int hs_pull_at_end(hs_pull *p) {
    return hs_pull_input_ended(p) && p->context && p->context->input && p->context->input->cur
        && *p->context->input->cur == 0;
}

void hs_pull_free(hs_pull *p) {
    if (!p) return;
    if (p->started && !p->finished) {
        // Let libxml2 unwind through its own end-of-input path so it frees what it holds:
        // the read fails, it parses what it has buffered, finds the document cut off and
        // returns. Callbacks are off and the user pointer gone, so none reaches a caller
        // that may already be freed. (Not xmlStopParser: it frees the input buffer that
        // the suspended read still points into.)
        if (p->context) {
            p->context->disableSAX = 1;
            p->context->userData = NULL;
        }
        p->input = ABORT;
        run(p);
    }
    if (p->context) xmlFreeParserCtxt(p->context);
    stack_give(p->stack);
    free(p->held);
    free(p);
}

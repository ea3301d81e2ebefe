// The tokenizer's frame: feeding and holding bytes, positions, errors and the dictionary
// of names. The tokens themselves are read in xml_tok_content.c and xml_tok_tag.c.
#include "xml_tok_internal.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

int tok_grow(void **buffer, size_t *capacity, size_t needed, size_t item) {
    if (needed <= *capacity) return 1;
    size_t grown = *capacity ? *capacity : 16;
    while (grown < needed) grown *= 2;
    void *moved = realloc(*buffer, grown * item);
    if (!moved) return 0;
    *buffer = moved;
    *capacity = grown;
    return 1;
}

// MARK: positions

// Characters (not continuation bytes) in [p, end): the column libxml2 counts.
static size_t characters_in(const uc *p, const uc *end) {
    size_t n = (size_t)(end - p);
#if defined(__SSE2__)
    __m128i limit = _mm_set1_epi8((char)0xC0);
    while (end - p >= 16) {
        __m128i block = _mm_loadu_si128((const __m128i *)(const void *)p);
        // 0x80–0xBF are below 0xC0 as signed bytes and negative: continuation bytes.
        __m128i continuation = _mm_and_si128(_mm_cmplt_epi8(block, limit), _mm_cmplt_epi8(block, _mm_setzero_si128()));
        n -= (size_t)__builtin_popcount((unsigned)_mm_movemask_epi8(continuation));
        p += 16;
    }
#endif
    for (; p < end; p++) n -= (*p >= 0x80 && *p < 0xC0);
    return n;
}

static void position_at(const hs_tok *t, const uc *at, unsigned long *line, unsigned long *column) {
    *line = t->line;
    *column = t->column;
    const uc *p = t->counted;
    if (!p || at <= p) return;
    const uc *newline;
    while ((newline = memchr(p, '\n', (size_t)(at - p)))) {
        ++*line;
        *column = 1;
        p = newline + 1;
    }
    *column += characters_in(p, at);
}

void tok_advance_position(hs_tok *t, const uc *to) {
    position_at(t, to, &t->line, &t->column);
    t->counted = to;
}

void hs_tok_position(hs_tok *t, unsigned long *line, unsigned long *column) {
    if (t->here && t->counted) position_at(t, t->here, line, column);
    else *line = t->line, *column = t->column;
}

void tok_fail(hs_tok *t, const uc *at, const char *format, ...) {
    if (t->failed) return;
    t->failed = 1;
    va_list list;
    va_start(list, format);
    vsnprintf(t->message, sizeof t->message, format, list);
    va_end(list);
    if (at && t->counted) position_at(t, at, &t->error_line, &t->error_column);
    else t->error_line = t->line, t->error_column = t->column;
}

const char *hs_tok_error(const hs_tok *t, unsigned long *line, unsigned long *column, int *at_end) {
    if (!t->failed) return NULL;
    *line = t->error_line;
    *column = t->error_column;
    *at_end = t->at_end;
    return t->message;
}

// MARK: the dictionary

const uint8_t tok_name_bytes[256] = {
    ['-'] = 2, ['.'] = 2, ['0'] = 2, ['1'] = 2, ['2'] = 2, ['3'] = 2, ['4'] = 2, ['5'] = 2, ['6'] = 2, ['7'] = 2, ['8'] = 2, ['9'] = 2,
    ['_'] = 3,
#define LETTER(x) [x] = 3, [x + 32] = 3
    LETTER('A'), LETTER('B'), LETTER('C'), LETTER('D'), LETTER('E'), LETTER('F'), LETTER('G'), LETTER('H'), LETTER('I'),
    LETTER('J'), LETTER('K'), LETTER('L'), LETTER('M'), LETTER('N'), LETTER('O'), LETTER('P'), LETTER('Q'), LETTER('R'),
    LETTER('S'), LETTER('T'), LETTER('U'), LETTER('V'), LETTER('W'), LETTER('X'), LETTER('Y'), LETTER('Z'),
#undef LETTER
    [0x80 ... 0xFF] = 4,
};

static const uc *arena_copy(hs_tok *t, const uc *text, size_t length) {
    struct arena_block *block = t->arena;
    if (!block || block->size - block->used < length + 1) {
        size_t size = length + 1 > 60000 ? length + 1 : 64 * 1024 - sizeof *block;
        block = malloc(sizeof *block + size);
        if (!block) return NULL;
        block->size = size;
        block->used = 0;
        // A block made for one long name goes behind the current one, which keeps its room.
        if (t->arena && size > 64 * 1024 - sizeof *block) {
            block->next = t->arena->next;
            t->arena->next = block;
        } else {
            block->next = t->arena;
            t->arena = block;
        }
    }
    uc *copy = block->bytes + block->used;
    memcpy(copy, text, length);
    copy[length] = 0;
    block->used += length + 1;
    t->arena_bytes += length + 1;
    return copy;
}

int hs_tok_owns(const hs_tok *t, const void *pointer) {
    const uc *p = pointer;
    for (const struct arena_block *b = t->arena; b; b = b->next)
        if (p >= b->bytes && p < b->bytes + b->used) return 1;
    return 0;
}

static uint32_t hash_bytes(const uc *p, size_t n) {
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 16777619u;
    return h;
}

static int table_grow(hs_tok *t) {
    uint32_t capacity = t->table_capacity ? t->table_capacity * 2 : 256;
    uint32_t *table = calloc(capacity, sizeof *table);
    if (!table) return 0;
    for (uint32_t i = 0; i < t->entry_count; i++) {
        uint32_t slot = t->entries[i].hash & (capacity - 1);
        while (table[slot]) slot = (slot + 1) & (capacity - 1);
        table[slot] = i + 1;
    }
    free(t->table);
    t->table = table;
    t->table_capacity = capacity;
    return 1;
}

// The entry for `text` (with `split`, a QName whose colon, if any, is between its parts;
// otherwise a name or a URI kept whole), added on
// first sight. NULL after recording an error (out of memory, or past the dictionary's
// bounds). The pointer is only good until the next call: copy what is needed.
const struct dict_entry *tok_intern(hs_tok *t, const uc *text, size_t length, int split) {
    // First the entry last seen under a key of the length and the last two bytes: a
    // document repeats a few dozen names, and this skips hashing them.
    uint32_t key = length ? (uint32_t)(length * 7 + text[length - 1] * 3 + (length > 1 ? text[length - 2] : 0) + split * 101) & 255 : 0;
    if (length && t->recent[key]) {
        const struct dict_entry *e = &t->entries[t->recent[key] - 1];
        if (e->length == length && same_bytes(e->text, text, length) && (e->split < 0 || e->split == split)) return e;
    }
    uint32_t hash = hash_bytes(text, length);
    if (t->table_capacity) {
        uint32_t slot = hash & (t->table_capacity - 1);
        for (uint32_t index; (index = t->table[slot]); slot = (slot + 1) & (t->table_capacity - 1)) {
            const struct dict_entry *e = &t->entries[index - 1];
            if (e->hash == hash && e->length == length && same_bytes(e->text, text, length) && (e->split < 0 || e->split == split)) {
                if (length) t->recent[key] = index;
                return e;
            }
        }
    }
    if (t->entry_count >= DICT_MAX_ENTRIES || t->arena_bytes + length > DICT_MAX_BYTES) {
        tok_fail(t, NULL, "the document has more distinct names than the parser keeps (%u, or %u bytes)", DICT_MAX_ENTRIES, DICT_MAX_BYTES);
        return NULL;
    }
    const uc *prefix = NULL, *local = NULL;
    const uc *any_colon = memchr(text, ':', length);
    const uc *colon = split ? any_colon : NULL;
    if (colon) {
        const struct dict_entry *p = tok_intern(t, text, (size_t)(colon - text), 0);
        if (!p) return NULL;
        prefix = p->text;
        const struct dict_entry *l = tok_intern(t, colon + 1, (size_t)(text + length - colon - 1), 0);
        if (!l) return NULL;
        local = l->text;
    }
    if ((t->entry_count + 1) * 2 > t->table_capacity && !table_grow(t)) goto oom;
    if (!tok_grow((void **)&t->entries, &t->entry_capacity, t->entry_count + 1, sizeof *t->entries)) goto oom;
    const uc *copy = arena_copy(t, text, length);
    if (!copy) goto oom;
    struct dict_entry *e = &t->entries[t->entry_count];
    e->text = copy;
    e->length = (uint32_t)length;
    e->hash = hash;
    e->local = local ? local : copy;
    e->prefix = prefix;
    e->split = any_colon ? split : -1;
    e->next_sibling = e->first_child = 0;
    uint32_t slot = hash & (t->table_capacity - 1);
    while (t->table[slot]) slot = (slot + 1) & (t->table_capacity - 1);
    t->table[slot] = ++t->entry_count;
    return e;
oom:
    tok_fail(t, NULL, "out of memory");
    return NULL;
}

// MARK: feeding

hs_tok *hs_tok_create(const hs_tok_callbacks *callbacks, void *user) {
    hs_tok *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    t->cb = *callbacks;
    t->user = user;
    t->line = t->column = 1;
    const struct dict_entry *e;
    if (!(e = tok_intern(t, (const uc *)XML_NS, strlen(XML_NS), 0))) goto fail;
    t->xml_ns = e->text;
    if (!(e = tok_intern(t, (const uc *)XMLNS_NS, strlen(XMLNS_NS), 0))) goto fail;
    t->xmlns_ns = e->text;
    if (!(e = tok_intern(t, (const uc *)"xml", 3, 0))) goto fail;
    t->xml_prefix = e->text;
    if (!(e = tok_intern(t, (const uc *)"xmlns", 5, 0))) goto fail;
    t->xmlns_prefix = e->text;
    return t;
fail:
    hs_tok_free(t);
    return NULL;
}

void hs_tok_free(hs_tok *t) {
    if (!t) return;
    while (t->arena) {
        struct arena_block *next = t->arena->next;
        free(t->arena);
        t->arena = next;
    }
    free(t->held);
    free(t->stack);
    free(t->bindings);
    free(t->raw);
    free(t->attributes);
    free(t->values);
    free(t->entries);
    free(t->table);
    free(t);
}

void hs_tok_stop(hs_tok *t) { t->stopped = 1; }

void hs_tok_set_limits(hs_tok *t, size_t max_attributes, size_t max_namespaces, size_t max_start_tag_bytes) {
    t->max_attributes = max_attributes;
    t->max_namespaces = max_namespaces;
    t->max_tag = max_start_tag_bytes;
}

int hs_tok_limit_hit(const hs_tok *t, const char **name, size_t *name_length) {
    *name = t->limit_name;
    *name_length = t->limit_name_length;
    return t->limit;
}

static int ended(const hs_tok *t) { return t->failed || t->stopped || t->finished; }

// Whether `bytes` hold what the held token waits for (see enum wait_kind).
static int arrived(hs_tok *t, const uc *bytes, size_t count) {
    switch (t->wait) {
    case W_NONE: return 1;
    case W_GT: return memchr(bytes, '>', count) != NULL;
    case W_SEMI: return memchr(bytes, ';', count) != NULL;
    case W_GT_QUOTED:
        for (size_t i = 0; i < count; i++) {
            uc c = bytes[i];
            if (t->wait_quote) {
                if (c == t->wait_quote) t->wait_quote = 0;
            } else if (c == '"' || c == '\'') t->wait_quote = c;
            else if (c == '>') return 1;
        }
        return 0;
    }
    return 1;
}

static int hold(hs_tok *t, const uc *bytes, size_t count) {
    if (!tok_grow((void **)&t->held, &t->held_capacity, t->held_count + count, 1)) {
        tok_fail(t, NULL, "out of memory");
        return 0;
    }
    memcpy(t->held + t->held_count, bytes, count);
    t->held_count += count;
    return 1;
}

// Parses `buffer` (the held bytes, or the caller's), keeps what a cut token left, and
// brings the position up to it.
static void run(hs_tok *t, const uc *buffer, size_t count, int final) {
    t->counted = buffer;
    t->wait = W_NONE;
    size_t used = tok_parse(t, buffer, count, final);
    if (!ended(t)) tok_advance_position(t, buffer + used);
    t->here = NULL;
    size_t rest = count - used;
    if (buffer == t->held) {
        memmove(t->held, t->held + used, rest);
        t->held_count = rest;
    } else if (rest && !ended(t)) {
        hold(t, buffer + used, rest);
    }
    if (!ended(t)) t->counted = NULL;
    t->waited = t->held_count;
    t->wait_quote = 0;
    if (t->wait == W_GT_QUOTED) arrived(t, t->held, t->held_count);  // the quote state so far
}

int hs_tok_feed(hs_tok *t, const void *data, size_t count) {
    if (ended(t)) return 1;
    if (count == 0) return 0;
    const uc *bytes = data;
    if (t->held_count == 0) {
        run(t, bytes, count, 0);
        return ended(t);
    }
    // A cut token waits for its terminator, or for its bytes to double (so a token that
    // never ends still fails, or meets its limit, in linear time).
    int ready = arrived(t, bytes, count) || t->held_count + count >= 2 * t->waited
        || (t->wait == W_GT_QUOTED && t->max_tag && t->held_count + count > t->max_tag);
    if (!ready) {
        hold(t, bytes, count);
        return ended(t);
    }
    // Complete the cut token with the new bytes through their first `>` (enough for nearly
    // every token), then read the rest straight from the caller's buffer: copying every
    // chunk behind the few bytes held was 3 % of a parse.
    const uc *gt = memchr(bytes, '>', count);
    size_t first = gt ? (size_t)(gt - bytes) + 1 : count;
    if (!hold(t, bytes, first)) return 1;
    run(t, t->held, t->held_count, 0);
    if (ended(t) || first == count) return ended(t);
    if (t->held_count == 0) {
        run(t, bytes + first, count - first, 0);
    } else if (hold(t, bytes + first, count - first)) {
        run(t, t->held, t->held_count, 0);
    }
    return ended(t);
}

int hs_tok_finish(hs_tok *t) {
    if (ended(t)) return 1;
    run(t, t->held, t->held_count, 1);
    if (!ended(t)) {
        t->at_end = 1;
        if (!t->seen_root) tok_fail(t, NULL, "Start tag expected, '<' not found");
        else if (t->depth > 0) tok_fail(t, NULL, "Premature end of data in tag %s line %lu", t->stack[t->depth - 1].qname, t->line);
    }
    t->finished = 1;
    return 1;
}

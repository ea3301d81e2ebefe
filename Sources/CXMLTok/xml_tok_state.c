// The tokenizer's state that every reader shares: growing buffers, positions, errors and the
// dictionary of names. It calls nothing in the other files (the bottom of the layering
// xml_tok.c → xml_tok_content.c → xml_tok_tag.c → xml_tok_reference.c → here).
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

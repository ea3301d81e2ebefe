// The tokenizer's public face (xml_tok.h): creating one, feeding and holding bytes, stopping
// and finishing. The tokens are read in xml_tok_content.c; state shared by every reader is in
// xml_tok_state.c.
#include "xml_tok_internal.h"
#include <stdlib.h>
#include <string.h>

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

enum hs_xml_limit hs_tok_limit_hit(const hs_tok *t, const char **name, size_t *name_length) {
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

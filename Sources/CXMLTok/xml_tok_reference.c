// Character and entity references (`&#38;`, `&amp;`) and UTF-8 encoding, for text and
// attribute values alike. Calls only xml_tok_state.c.
#include "xml_tok_internal.h"

size_t tok_encode(uint32_t c, uc *out) {
    if (c < 0x80) return out[0] = (uc)c, 1;
    if (c < 0x800) return out[0] = (uc)(0xC0 | c >> 6), out[1] = (uc)(0x80 | (c & 0x3F)), 2;
    if (c < 0x10000) return out[0] = (uc)(0xE0 | c >> 12), out[1] = (uc)(0x80 | (c >> 6 & 0x3F)), out[2] = (uc)(0x80 | (c & 0x3F)), 3;
    out[0] = (uc)(0xF0 | c >> 18), out[1] = (uc)(0x80 | (c >> 12 & 0x3F));
    out[2] = (uc)(0x80 | (c >> 6 & 0x3F)), out[3] = (uc)(0x80 | (c & 0x3F));
    return 4;
}

// A reference at `*cursor` (its `&`): a character reference to a legal Char, or one of the
// five predefined entities (no DTD declares others). `*amp`: it stands for `&`, which
// libxml2 keeps as `&#38;` in attribute values. R_NEED while its `;` has not arrived.
int tok_reference(hs_tok *t, const uc **cursor, const uc *end, uint32_t *value, int *amp) {
    const uc *p = *cursor + 1;
    if (p >= end) return R_NEED;
    if (*p == '#') {
        p++;
        int hex = p < end && *p == 'x';
        p += hex;
        uint32_t v = 0;
        const uc *digits = p;
        for (; p < end && *p != ';'; p++) {
            uc c = *p;
            uint32_t d = c >= '0' && c <= '9' ? c - '0' : hex && c >= 'a' && c <= 'f' ? c - 'a' + 10 : hex && c >= 'A' && c <= 'F' ? c - 'A' + 10 : 99;
            if (d == 99) return tok_fail(t, p, "xmlParseCharRef: invalid decimal value"), R_ERR;
            v = v * (hex ? 16 : 10) + d;
            if (v > 0x110000) v = 0x110000;
            if (p - digits > MAX_NAME) return tok_fail(t, p, "xmlParseCharRef: too long"), R_ERR;
        }
        if (p >= end) return R_NEED;
        if (p == digits || !is_char(v)) return tok_fail(t, p, "xmlParseCharRef: invalid xmlChar value %u", v), R_ERR;
        *value = v;
        *amp = v == '&';
        *cursor = p + 1;
        return R_OK;
    }
    const uc *name = p;
    int r = read_ncname(&p, end);
    if (r == R_NEED) return (size_t)(end - name) > MAX_NAME ? (tok_fail(t, name, "Name too long"), R_ERR) : R_NEED;
    if (r == R_ERR) return tok_fail(t, p, "xmlParseEntityRef: no name"), R_ERR;
    if (*p != ';') return tok_fail(t, p, "EntityRef: expecting ';'"), R_ERR;
    size_t n = (size_t)(p - name);
    static const struct { const char *name; uc value; } predefined[] = {{"lt", '<'}, {"gt", '>'}, {"amp", '&'}, {"apos", '\''}, {"quot", '"'}};
    for (size_t i = 0; i < 5; i++) {
        if (strlen(predefined[i].name) == n && memcmp(predefined[i].name, name, n) == 0) {
            *value = predefined[i].value;
            *amp = *value == '&';
            *cursor = p + 1;
            return R_OK;
        }
    }
    return tok_fail(t, name, "Entity '%.*s' not defined", (int)n, name), R_ERR;
}

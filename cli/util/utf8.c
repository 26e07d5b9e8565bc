/* hotgrind: well-formed UTF-8 (utf8.h).  GPL-2.0-or-later; part of
   hotgrind. */

#include "util/utf8.h"

/* The well-formed sequences (the Unicode Standard's table of them): by
   lead byte, the range of each byte after it. */
static const struct {
    unsigned char lead_low, lead_high, count;
    unsigned char low[3], high[3];
} well_formed[] = {
    { 0xc2, 0xdf, 1, { 0x80 }, { 0xbf } },
    { 0xe0, 0xe0, 2, { 0xa0, 0x80 }, { 0xbf, 0xbf } },
    { 0xe1, 0xec, 2, { 0x80, 0x80 }, { 0xbf, 0xbf } },
    { 0xed, 0xed, 2, { 0x80, 0x80 }, { 0x9f, 0xbf } },   /* no surrogates */
    { 0xee, 0xef, 2, { 0x80, 0x80 }, { 0xbf, 0xbf } },
    { 0xf0, 0xf0, 3, { 0x90, 0x80, 0x80 }, { 0xbf, 0xbf, 0xbf } },
    { 0xf1, 0xf3, 3, { 0x80, 0x80, 0x80 }, { 0xbf, 0xbf, 0xbf } },
    { 0xf4, 0xf4, 3, { 0x80, 0x80, 0x80 }, { 0x8f, 0xbf, 0xbf } },
};

size_t hg_utf8_length(const char *text)
{
    const unsigned char *t = (const unsigned char *)text;
    size_t i, k;
    if (t[0] < 0x80)
        return 1;
    for (i = 0; i < sizeof well_formed / sizeof well_formed[0]; i++) {
        if (t[0] < well_formed[i].lead_low || t[0] > well_formed[i].lead_high)
            continue;
        /* A NUL is below every low bound: the loop stops at it. */
        for (k = 0; k < well_formed[i].count; k++)
            if (t[k + 1] < well_formed[i].low[k]
                || t[k + 1] > well_formed[i].high[k])
                return 0;
        return 1 + (size_t)well_formed[i].count;
    }
    return 0;
}

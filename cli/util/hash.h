/* hotgrind: the command's one string hash, 64-bit FNV-1a, for the
   tables of util/index-table.h and wherever a name must map to a fixed
   number (a flame graph's colours).  GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_HASH_H
#define HOTGRIND_HASH_H

#include <stdint.h>

#define HG_FNV1A_BASIS UINT64_C(14695981039346656037)
#define HG_FNV1A_PRIME UINT64_C(1099511628211)

/* H with the bytes of TEXT folded in; start from HG_FNV1A_BASIS. */
static inline uint64_t hg_fnv1a(uint64_t h, const char *text)
{
    for (; *text; text++)
        h = (h ^ (unsigned char)*text) * HG_FNV1A_PRIME;
    return h;
}

/* H with one more number folded in, as one FNV-1a step: keys of several
   fields hash each field after a step with its position. */
static inline uint64_t hg_fnv1a_step(uint64_t h, uint64_t value)
{
    return (h ^ value) * HG_FNV1A_PRIME;
}

#endif

/* hotgrind: an open-addressing table of indices (index-table.h).
   GPL-2.0-or-later; part of hotgrind. */

#include <stdlib.h>

#include "util/index-table.h"
#include "util/xalloc.h"

void index_table_reserve(struct index_table *t, size_t count,
                         index_table_hash *hash, const void *items)
{
    size_t i, k, mask;
    if (2 * (count + 1) <= t->slot_count)
        return;
    free(t->slots);
    t->slot_count = t->slot_count ? 2 * t->slot_count : 64;
    t->slots = hg_xcalloc(t->slot_count, sizeof *t->slots);
    mask = t->slot_count - 1;
    for (i = 0; i < t->slot_count; i++)
        t->slots[i] = INDEX_TABLE_EMPTY;
    for (i = 0; i < count; i++) {
        for (k = hash(items, i) & mask; t->slots[k] != INDEX_TABLE_EMPTY;
             k = (k + 1) & mask)
            ;
        t->slots[k] = i;
    }
}

size_t *index_table_find(const struct index_table *t, size_t h,
                         index_table_is_key *is_key, const void *items,
                         const void *key)
{
    size_t mask = t->slot_count - 1, k;
    if (t->slot_count == 0)
        return NULL;
    for (k = h & mask; t->slots[k] != INDEX_TABLE_EMPTY; k = (k + 1) & mask)
        if (is_key(items, t->slots[k], key))
            break;
    return &t->slots[k];
}

void index_table_free(struct index_table *t)
{
    free(t->slots);
    t->slots = NULL;
    t->slot_count = 0;
}

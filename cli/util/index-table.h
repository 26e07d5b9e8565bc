/* hotgrind: an open-addressing table of indices into an array the caller
   keeps, for the sums of merge and the frames of flame graphs.
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_INDEX_TABLE_H
#define HOTGRIND_INDEX_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A slot holds an item's index, or INDEX_TABLE_EMPTY.  The table is kept
   at most half full, so a lookup probes few slots; the items stay where
   the caller put them (their indexes are what the caller numbers and
   orders by), so the table's layout never shows in any output. */
#define INDEX_TABLE_EMPTY SIZE_MAX

struct index_table {
    size_t *slots;
    size_t slot_count;           /* 0 or a power of two */
};

/* The hash of item I of ITEMS. */
typedef size_t index_table_hash(const void *items, size_t i);
/* Whether item I of ITEMS is KEY. */
typedef bool index_table_is_key(const void *items, size_t i, const void *key);

/* Makes room in T for one item more than the COUNT of ITEMS, rehashing
   them when it grows. */
void index_table_reserve(struct index_table *t, size_t count,
                         index_table_hash *hash, const void *items);

/* The slot of the item of hash H that IS_KEY says is KEY, or the empty
   slot it would take (where the caller stores its new index); NULL when
   T has no slots yet. */
size_t *index_table_find(const struct index_table *t, size_t h,
                         index_table_is_key *is_key, const void *items,
                         const void *key);

void index_table_free(struct index_table *t);

#endif

/* hotgrind: an order that several sorts share.
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_SORT_H
#define HOTGRIND_SORT_H

#include <stddef.h>

/* A name and the index of what it names, for sorting indexes by name. */
struct hg_named_index {
    const char *name;
    size_t index;
};

/* qsort's comparison of two struct hg_named_index: by name (strcmp),
   then by index, so that equal names keep their order. */
int hg_compare_named_indexes(const void *a, const void *b);

#endif

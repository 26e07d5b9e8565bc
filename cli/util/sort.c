/* hotgrind: an order that several sorts share (sort.h).
   GPL-2.0-or-later; part of hotgrind. */

#include <string.h>

#include "util/sort.h"

int hg_compare_named_indexes(const void *a, const void *b)
{
    const struct hg_named_index *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    return c != 0 ? c : (x->index > y->index) - (x->index < y->index);
}

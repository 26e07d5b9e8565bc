/* hotgrind: the paths of history html's pages (pages.h).
   GPL-2.0-or-later; part of hotgrind. */

#include <inttypes.h>
#include <stdio.h>

#include "history/pages.h"
#include "util/hash.h"
#include "util/xalloc.h"

/* The hash of COUNT fields, each after a step with its position, so that
   ("ab", "c") and ("a", "bc") differ. */
static uint64_t fields_hash(const char *const *fields, int count)
{
    uint64_t h = HG_FNV1A_BASIS;
    int i;
    for (i = 0; i < count; i++)
        h = hg_fnv1a(hg_fnv1a_step(h, (uint64_t)i), fields[i]);
    return h;
}

static char *page(const char *folder, uint64_t hash)
{
    return hg_xasprintf("%s/%016" PRIx64 ".html", folder, hash);
}

char *hg_history_benchmark_page(const char *benchmark)
{
    const char *fields[] = { benchmark };
    return page("benchmarks", fields_hash(fields, 1));
}

char *hg_history_function_page(const char *benchmark, const char *object,
                               const char *name, const char *file)
{
    const char *fields[] = { benchmark, object, name, file };
    return page("functions", fields_hash(fields, 4));
}

char *hg_history_commit_page(const char *sha)
{
    return hg_xasprintf("commits/%s.html", sha);
}

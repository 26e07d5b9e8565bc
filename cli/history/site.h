/* hotgrind: what `history html` draws, gathered from the database
   (site.c): every benchmark's totals and functions along the branch, as
   hg_history_log walks it, placed on one axis of commits, and what
   changed at each commit.  docs/history.md describes the site.
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_HISTORY_SITE_H
#define HOTGRIND_HISTORY_SITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "history/history.h"

/* How many functions a benchmark's page charts: those of the largest
   latest Ir. */
#define HG_HISTORY_SITE_TOP 10

/* No such index: a total's function, a benchmark without a run on an
   architecture. */
#define HG_HISTORY_SITE_NONE SIZE_MAX

/* One series of the log, placed on the site's axis of commits. */
struct hg_history_site_series {
    const struct hg_history_series *log;   /* points newest first */
    size_t *commit;          /* commit[j]: the site commit of point j */
    size_t benchmark;        /* in site->benchmarks */
    size_t arch;             /* in that benchmark's arches */
    size_t function;         /* in site->functions; NONE: the total */
};

/* One function of one benchmark, on every architecture it was seen. */
struct hg_history_site_function {
    const char *name, *object, *file;
    size_t benchmark;
    char *page;              /* pages.h's path */
    size_t *series;          /* in site->series, one per architecture,
                                in the benchmark's order of arches */
    size_t series_count;
    uint64_t latest;         /* the largest newest value of its series */
};

struct hg_history_site_benchmark {
    const char *name;
    char *page;
    const char **arches;     /* sorted (strcmp) */
    size_t arch_count;
    size_t *totals;          /* per arch: in site->series */
    size_t first_function, function_count;   /* in site->functions, by
                                                name, object, file */
    size_t top[HG_HISTORY_SITE_TOP];         /* largest latest first */
    size_t top_count;
};

/* A point of a series whose value changed at a commit. */
struct hg_history_site_change {
    size_t series, point;
};

struct hg_history_site_commit {
    const char *sha, *time;  /* time NULL when not recorded */
    char *page;
    /* By series: each benchmark's totals, then its functions per
       architecture by name. */
    struct hg_history_site_change *changes;
    size_t change_count;
};

struct hg_history_site {
    const char *branch;
    struct hg_history_site_benchmark *benchmarks;
    size_t benchmark_count;
    struct hg_history_site_function *functions;
    size_t function_count;
    struct hg_history_site_series *series;
    size_t series_count;
    struct hg_history_site_commit *commits;   /* oldest first */
    size_t commit_count;
    /* What the above point into. */
    struct hg_history_log totals;
    struct hg_history_log *function_logs;     /* one per benchmark */
};

/* The Ir of every benchmark's total and functions along BRANCH (NULL:
   the branch log picks).  False after one line in PROBLEM: nothing
   recorded, a database that cannot be read, a commit that is not hex
   digits (its page's name would not be safe). */
bool hg_history_site_gather(struct hg_history_db *h, const char *branch,
                            struct hg_history_site *site, char *problem,
                            size_t problem_size);
void hg_history_site_free(struct hg_history_site *site);

/* The point of SERIES at site commit COMMIT, or NULL. */
const struct hg_history_point *
hg_history_site_point_at(const struct hg_history_site *site, size_t series,
                         size_t commit);

#endif

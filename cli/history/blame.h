/* hotgrind: history blame (blame.c): every commit along a branch where a
   function's figure changed, and, where both runs have a call graph,
   which of its parts moved, as hotgrind diff explains a change of
   incl-Ir.  docs/history.md describes it.  GPL-2.0-or-later; part of
   hotgrind. */

#ifndef HOTGRIND_HISTORY_BLAME_H
#define HOTGRIND_HISTORY_BLAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "history/history.h"

/* A callee edge of the blamed function whose calls or Ir moved. */
struct hg_history_blame_edge {
    char *name, *object, *file;  /* the callee */
    struct hg_history_pair calls;
    struct hg_history_pair ir;   /* the edge's Ir: its calls' inclusive Ir */
};

/* Why the function's cost changed, from the call graphs of the two runs:
   the parts of its incl-Ir (self, no-symbol, each callee edge). */
struct hg_history_blame_why {
    struct hg_history_pair inclusive, self, no_symbol;
    /* Self + no-symbol + every edge's Ir is incl-Ir in both runs (not so
       under recursion, mid-jumps or call cycles: docs/report-format.md,
       "The identity"). */
    bool adds_up;
    struct hg_history_blame_edge *edges;  /* those that moved: largest
                                             |change of Ir| first, then
                                             name, object, file */
    size_t edge_count;
};

/* One commit where the figure changed from the run before it on the
   path (failed runs skipped over, as log does). */
struct hg_history_blame_change {
    char *sha, *time;            /* time NULL when not recorded */
    char *before_sha;            /* the commit of the run compared with */
    struct hg_history_pair value;
    bool explained;              /* both runs have a call graph */
    struct hg_history_blame_why why;
};

struct hg_history_blame_series {
    char *benchmark, *arch, *branch, *metric;
    char *name, *object, *file;
    size_t runs;                 /* runs with figures on the path */
    /* The oldest run with figures on the path, where the series starts. */
    char *first_sha, *first_time;
    bool first_has_value;
    uint64_t first_value;
    struct hg_history_blame_change *changes;  /* newest first */
    size_t count;
};

struct hg_history_blame {
    struct hg_history_blame_series *series;  /* as log orders them */
    size_t count;
};

/* The changes of every function QUERY->function ([OBJ:]GLOB, required)
   matches, per benchmark and architecture QUERY selects, along the first
   parents of QUERY->branch (log's walk, log's series).  Exact: every
   change is listed.  False after one line in PROBLEM, also when nothing
   recorded matches. */
bool hg_history_blame(struct hg_history_db *h,
                      const struct hg_history_log_query *query,
                      struct hg_history_blame *blame, char *problem,
                      size_t problem_size);
void hg_history_blame_free(struct hg_history_blame *blame);

#endif

/* hotgrind: history show (show.c): what was recorded for one commit, and
   every figure that changed there against each run's base run.
   docs/history.md describes it.  GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_HISTORY_SHOW_H
#define HOTGRIND_HISTORY_SHOW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "history/db.h"

struct hg_history_show_query {
    const char *commit;          /* a full sha or a unique prefix of one,
                                    7 to 40 hex digits (hg_history_sha_ok) */
    const char *benchmark;       /* glob; NULL: every benchmark */
    const char *arch;            /* NULL: every architecture */
};

/* One figure that differs between a run and its base run. */
struct hg_history_show_change {
    char *kind;                  /* "total", "function", "inlined", "edge",
                                    "zone", "mark" */
    char *name, *object, *file;  /* an edge's caller */
    char *callee_name, *callee_object, *callee_file;  /* "" but for edges */
    char *metric;
    struct hg_history_pair value;  /* before: the base run's */
};

/* One figure of a run's totals. */
struct hg_history_show_total {
    char *metric;
    uint64_t value;
};

struct hg_history_show_run {
    char *benchmark, *arch, *branch;
    char *program, *platform, *valgrind_version, *tool_version;  /* NULL
                                    when not recorded (a failed run) */
    char *status, *exit;
    bool has_figures, call_graph;
    char **settings;             /* record's settings text, a line each */
    size_t setting_count;
    struct hg_history_show_total *totals;  /* in hg_metrics() order */
    size_t total_count;
    /* The base run's commit; NULL when the run has none (a failed run,
       or the first of its benchmark, architecture and branch): then no
       change is listed. */
    char *base_sha;
    struct hg_history_show_change *changes;  /* largest |change| first,
                                                then kind, names, metric */
    size_t change_count;
};

struct hg_history_show {
    char *sha, *branch, *time;   /* time NULL when not recorded */
    char **parents;              /* first parent first */
    size_t parent_count;
    struct hg_history_show_run *runs;  /* by benchmark, then arch */
    size_t count;
};

/* The commit QUERY names and its runs QUERY selects.  False after one
   line in PROBLEM: no such commit, a prefix of several, no run
   selected. */
bool hg_history_show(struct hg_history_db *h,
                     const struct hg_history_show_query *query,
                     struct hg_history_show *show, char *problem,
                     size_t problem_size);
void hg_history_show_free(struct hg_history_show *show);

#endif

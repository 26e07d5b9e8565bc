/* hotgrind: history record (record.c) and log (log.c) over the database
   of db.h.  docs/history.md describes both.  GPL-2.0-or-later; part of
   hotgrind. */

#ifndef HOTGRIND_HISTORY_H
#define HOTGRIND_HISTORY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "history/db.h"

/* Whether TEXT is a commit as record takes it: 7 to 40 hex digits. */
bool hg_history_sha_ok(const char *text);

/* Whether TEXT is an ISO-8601 date or time as record takes it:
   YYYY-MM-DD, optionally THH:MM[:SS[.F...]] and Z or +HH:MM / -HH:MM. */
bool hg_history_time_ok(const char *text);

struct hg_report;

/* The benchmark record files a report's run under (a report that is not
   part of a suite run): the file name of its program.  check's and
   diff's links to the history site name the benchmark the same way. */
const char *hg_history_report_benchmark(const struct hg_report *report);

/* What record is told about the commit its runs were made at. */
struct hg_history_commit {
    const char *sha;             /* checked with hg_history_sha_ok */
    const char *const *parents;  /* first parent first */
    size_t parent_count;
    const char *branch;          /* NULL: not given */
    const char *time;            /* NULL: not given */
};

/* The runs of COUNT operands: reports, suite run directories or
   manifests, or a suite run's shards joined by commas; a suite
   benchmark that did not pass is kept with its status and no report.
   Read before the database is opened, so that an operand that cannot be
   read leaves no file behind.  NULL after one line in PROBLEM, and in
   *PROBLEM_FILE the file it is about. */
struct hg_history_runs;
struct hg_history_runs *hg_history_read_runs(char *const *runs,
                                             size_t count,
                                             const char **problem_file,
                                             char *problem,
                                             size_t problem_size);
void hg_history_runs_free(struct hg_history_runs *runs);

/* Records RUNS at COMMIT in one transaction: all of them or, after a
   problem, none.  With REPLACE, a benchmark already recorded for the
   commit and architecture with other settings or figures is replaced,
   and the commit's parents, branch and time are updated.  On failure one
   line in PROBLEM and in *PROBLEM_FILE the file it is about (an operand,
   a report, or the database). */
bool hg_history_record(struct hg_history_db *h,
                       const struct hg_history_commit *commit, bool replace,
                       struct hg_history_runs *runs,
                       const char **problem_file, char *problem,
                       size_t problem_size);

/* ------------------------------------------------------------- log */

struct hg_history_log_query {
    const char *benchmark;       /* glob; NULL: every benchmark */
    const char *function;        /* [OBJ:]GLOB; NULL: the run's totals */
    const char *zone;            /* GLOB over zone names, instead */
    const char *mark;            /* GLOB over mark patterns, instead
                                    (metrics "entered", "functions") */
    const char *metric;          /* NULL: Ir */
    const char *arch;            /* NULL: every architecture */
    const char *branch;          /* NULL: the first recorded commit's */
    bool empty_ok;               /* no series matching is a result (count
                                    0), not a problem: for callers that
                                    ask of every benchmark */
};

/* One recorded run of a series, newest first. */
struct hg_history_point {
    char *sha;
    char *time;                  /* NULL when not recorded */
    char *status;                /* "ok", "failed", "crashed", "timeout" */
    bool has_value;              /* false: failed, or not in the run */
    uint64_t value;
    /* The next older point that has figures (a run of status ok), when
       there is one: what this one is compared with. */
    bool has_older;
    bool older_has_value;
    uint64_t older_value;
    bool changed;                /* value (or its presence) differs from
                                    the older one; false for the oldest */
};

struct hg_history_series {
    char *benchmark, *arch, *branch, *metric;
    char *kind;                  /* "total", "function", "zone", "mark" */
    char *name, *object, *file;  /* "" for the total */
    struct hg_history_point *points;
    size_t count;
};

struct hg_history_log {
    struct hg_history_series *series;
    size_t count;
};

/* The series QUERY selects, each along the first parents of the branch's
   head, newest first.  False after one line in PROBLEM (also when
   nothing recorded matches, unless QUERY->empty_ok). */
bool hg_history_log(struct hg_history_db *h,
                    const struct hg_history_log_query *query,
                    struct hg_history_log *log, char *problem,
                    size_t problem_size);
void hg_history_log_free(struct hg_history_log *log);

#endif

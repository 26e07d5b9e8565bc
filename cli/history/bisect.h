/* hotgrind: history bisect (bisect.c): the first commit between two
   recorded ones where a function's figure changed, found by building
   and running the commits in between, each in a temporary git worktree,
   and recording them.  docs/history.md describes it.  No output here:
   the caller is told each step through a callback and gets the result.
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_HISTORY_BISECT_H
#define HOTGRIND_HISTORY_BISECT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "history/db.h"

/* What to bisect, as given. */
struct hg_bisect_options {
    const char *function;        /* [OBJ:]GLOB: one recorded function */
    const char *good, *bad;      /* recorded commits, as git names them */
    const char *build;           /* run with sh -c in each worktree */
    const char *suite;           /* the suite file, relative to repo: each
                                    commit's own, in its worktree */
    const char *benchmark;       /* NULL: the one benchmark GOOD has */
    const char *metric;          /* NULL: Ir */
    const char *repo;            /* NULL: the current directory */
    const char *self;            /* the hotgrind that runs the suite;
                                    NULL: this process's own file */
};

/* A function's figure in one run: a value, or the function absent. */
struct hg_bisect_figure {
    bool present;
    uint64_t value;
};

/* What is bisected, known before anything is built. */
struct hg_bisect_plan {
    char *benchmark, *arch, *branch, *metric;
    char *name, *object, *file;  /* the function */
    char *good, *bad;            /* full commit names */
    struct hg_bisect_figure good_figure, bad_figure;
    size_t count;                /* first-parent commits after GOOD up to
                                    and including BAD */
};

/* One commit looked at. */
struct hg_bisect_step {
    size_t number;               /* from 1 */
    const char *commit;          /* full name */
    size_t position;             /* in the range, 1 to count */
    bool built;                  /* false: it was recorded already */
    struct hg_bisect_figure figure;
    bool changed;                /* the figure differs from GOOD's */
    size_t left;                 /* candidates for the first changed
                                    commit after this step */
};

/* Where a step failed: the commit and what failed there. */
enum hg_bisect_stage {
    HG_BISECT_NO_STAGE,
    HG_BISECT_WORKTREE,          /* git worktree add */
    HG_BISECT_BUILD,             /* CMD */
    HG_BISECT_SUITE,             /* hotgrind suite run */
    HG_BISECT_RECORD,            /* reading the run, recording it */
    HG_BISECT_FIGURE,            /* the run has no figure to compare */
};

/* "worktree", "build", "suite run", "record", "figure". */
const char *hg_bisect_stage_name(enum hg_bisect_stage stage);

struct hg_bisect_result {
    struct hg_bisect_plan plan;
    bool planned;                /* plan is filled in */
    /* Found: the first commit whose figure differs from GOOD's, and the
       commit before it (GOOD, or one whose figure is GOOD's). */
    char *first, *before;
    struct hg_bisect_figure before_figure, after_figure;
    size_t steps, builds;
    /* Failed at a commit: which, and at what stage (else NO_STAGE). */
    char *failed_commit;
    enum hg_bisect_stage failed_stage;
    /* A signal (SIGINT, SIGTERM, SIGHUP) stopped it: the caller should
       end with it once the result is dealt with; else 0. */
    int signal;
};

/* Called once the plan is known, and after each step. */
struct hg_bisect_listener {
    void (*planned)(void *data, const struct hg_bisect_plan *plan);
    void (*stepped)(void *data, const struct hg_bisect_plan *plan,
                    const struct hg_bisect_step *step);
    void *data;
};

/* Bisects as O says in the history H (open for writing), recording each
   commit it builds.  True when the first changed commit was found; else
   one line in PROBLEM, the file it is about in *PROBLEM_FILE (or NULL),
   and in RESULT the commit and stage that failed, when one did; what
   was recorded before stays.  Every worktree made is removed, on
   failure and on SIGINT, SIGTERM and SIGHUP too (RESULT->signal). */
bool hg_bisect(struct hg_history_db *h, const struct hg_bisect_options *o,
               const struct hg_bisect_listener *listener,
               struct hg_bisect_result *result, const char **problem_file,
               char *problem, size_t problem_size);
void hg_bisect_result_free(struct hg_bisect_result *result);

#endif

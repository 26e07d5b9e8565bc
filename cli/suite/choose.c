/* What a suite run or list takes of a suite: the benchmarks --only
   matches, and of those the shard --shard names, balanced by the costs
   of --previous runs.  GPL-2.0-or-later; part of hotgrind. */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "policy/policy.h"
#include "report/report.h"
#include "suite/runner.h"
#include "suite/suite.h"
#include "util/messages.h"
#include "util/xalloc.h"

/* What sharding weighs a benchmark by, and its name to break ties. */
struct weighed {
    size_t index;                /* in the suite */
    const char *name;
    uint64_t cost;
};

static int by_name(const void *x, const void *y)
{
    const struct weighed *a = x, *b = y;
    return strcmp(a->name, b->name);
}

static int by_cost_then_name(const void *x, const void *y)
{
    const struct weighed *a = x, *b = y;
    if (a->cost != b->cost)
        return a->cost > b->cost ? -1 : 1;
    return strcmp(a->name, b->name);
}

/* Marks in CHOSEN the benchmarks of WANTED[0..COUNT) that fall in shard
   O->shard_index of O->shard_count.  Nothing here depends on the machine
   or the order of the suite file: the same names (and previous costs)
   give the same split everywhere. */
static void shard(const struct hg_suite *suite, const struct weighed *wanted,
                  size_t count, const struct suite_options *o,
                  const struct hg_suite_run *previous, bool *chosen)
{
    struct weighed *order = hg_xcalloc(count + 1, sizeof *order);
    uint64_t *load = hg_xcalloc(o->shard_count, sizeof *load);
    uint64_t known_sum = 0, known = 0;
    size_t i;
    unsigned s;

    memcpy(order, wanted, count * sizeof *order);
    if (previous == NULL) {
        /* Sorted names dealt in turn: no costs to balance. */
        qsort(order, count, sizeof *order, by_name);
        for (i = 0; i < count; i++)
            if (i % o->shard_count == o->shard_index - 1)
                chosen[order[i].index] = true;
        free(order);
        free(load);
        return;
    }
    for (i = 0; i < count; i++) {
        const struct hg_suite_result *r =
            hg_suite_run_find(previous, suite->benchmarks[order[i].index].name);
        order[i].cost = UINT64_MAX;          /* not known yet */
        if (r != NULL && r->has_ir) {
            order[i].cost = r->ir;
            known_sum = known_sum > UINT64_MAX - r->ir ? UINT64_MAX
                                                       : known_sum + r->ir;
            known++;
        }
    }
    /* A benchmark the previous run did not measure weighs as the mean of
       those it did (1 when it measured none). */
    for (i = 0; i < count; i++)
        if (order[i].cost == UINT64_MAX)
            order[i].cost = known > 0 ? known_sum / known : 1;
    /* Longest first, each to the least loaded shard (the lowest-numbered
       among equals). */
    qsort(order, count, sizeof *order, by_cost_then_name);
    for (i = 0; i < count; i++) {
        unsigned least = 0;
        for (s = 1; s < o->shard_count; s++)
            if (load[s] < load[least])
                least = s;
        load[least] = load[least] > UINT64_MAX - order[i].cost
                      ? UINT64_MAX : load[least] + order[i].cost;
        if (least == o->shard_index - 1)
            chosen[order[i].index] = true;
    }
    free(order);
    free(load);
}

/* CHOSEN[i] for each benchmark i of SUITE that O selects; false after
   one line on stderr when --only matches none or --previous cannot be
   read. */
bool suite_choose(const struct hg_suite *suite,
                  const struct suite_options *o, bool *chosen)
{
    struct weighed *wanted = hg_xcalloc(suite->count, sizeof *wanted);
    struct hg_suite_run *previous = NULL;
    size_t i, count = 0;

    for (i = 0; i < suite->count; i++)
        if (o->only == NULL
            || hg_glob_match(o->only, suite->benchmarks[i].name)) {
            wanted[count].index = i;
            wanted[count].name = suite->benchmarks[i].name;
            count++;
        }
    if (count == 0) {
        char problem[HG_PROBLEM_SIZE];
        snprintf(problem, sizeof problem, "no benchmark's name matches "
                 "--only '%s'", o->only);
        hg_say_problem(suite->path, problem);
        free(wanted);
        return false;
    }
    if (o->previous_count > 0) {
        char problem[HG_PROBLEM_SIZE], *file;
        previous = hg_suite_run_load_many(o->previous, o->previous_count,
                                          &file, problem, sizeof problem);
        if (previous == NULL) {
            hg_say_problem(file, problem);
            free(file);
            free(wanted);
            return false;
        }
        /* Another suite's figures would balance by chance alone. */
        if (strcmp(previous->suite, suite->name) != 0) {
            snprintf(problem, sizeof problem, "a run of suite '%s', not of "
                     "'%s' (%s)", previous->suite, suite->name, suite->path);
            hg_say_problem(previous->manifests[0], problem);
            hg_suite_run_free(previous);
            free(wanted);
            return false;
        }
    }
    if (o->shard_count == 0)
        for (i = 0; i < count; i++)
            chosen[wanted[i].index] = true;
    else
        shard(suite, wanted, count, o, previous, chosen);
    hg_suite_run_free(previous);
    free(wanted);
    return true;
}


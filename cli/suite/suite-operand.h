/* hotgrind: the suite operands of `diff` and `check`: one or several
   suite run directories (or their manifests) read as one whole suite,
   and the benchmarks of two runs matched by name.
   GPL-2.0-or-later; part of hotgrind. */

/* The manifests are read by suite.c (hg_suite_run_load_many), the one
   reader of suite runs; this file adds what a comparison needs. */

#ifndef HOTGRIND_SUITE_OPERAND_H
#define HOTGRIND_SUITE_OPERAND_H

#include <stdbool.h>
#include <stddef.h>

#include "suite/suite.h"

/* Whether OPERAND names suite runs rather than one report: a directory,
   a file whose root element is <suite-run>, or a comma-separated list of
   such (the shards of one run). */
bool hg_is_suite_operand(const char *operand);

/* Reads OPERAND, "DIR", "MANIFEST" or "DIR,DIR,..." (the shards of one
   run, gathered), and checks that the report of every benchmark that
   ran ok is there.  NULL after one line on stderr naming the file and
   the problem. */
struct hg_suite_run *hg_suite_gather(const char *operand);

/* How a benchmark that is not ok ended: "exit status 3", "signal SEGV",
   "timeout". */
enum { HG_SUITE_ENDED_SIZE = 64 };
const char *hg_suite_ended(const struct hg_suite_result *result,
                           char text[HG_SUITE_ENDED_SIZE]);

/* The benchmarks of BASE and HEAD matched by name, in name order (byte
   order, so that any sharding gives the same): each pair has at least
   one side; BASE may be NULL (check without a base).  Caller frees. */
struct hg_bench_pair {
    const char *name;
    const struct hg_suite_result *base, *head;
};
struct hg_bench_pair *hg_suite_pairs(const struct hg_suite_run *base,
                                     const struct hg_suite_run *head,
                                     size_t *count);

/* What a diff of suite runs does with a pair: compares its reports (both
   ran ok), lists it as added (in HEAD only), removed (in BASE only) or
   not run (a run of either side not ok). */
enum hg_pair_kind {
    HG_PAIR_COMPARED, HG_PAIR_ADDED, HG_PAIR_REMOVED, HG_PAIR_NOT_RUN
};
enum hg_pair_kind hg_pair_kind(const struct hg_bench_pair *p);

#endif

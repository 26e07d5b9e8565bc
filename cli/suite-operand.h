/* hotgrind: the suite operands of `diff` and `check`: one or several
   suite run directories (or their manifests) read as one whole suite.
   GPL-2.0-or-later; part of hotgrind. */

/* A suite run directory DIR holds DIR/manifest.xml, root
   <suite-run format="1" suite="SUITE">, one <benchmark name=... status=
   "ok|failed|crashed|timeout" exit=... signal=... report="NAME.xml"/>
   per benchmark selected, and <shard index="I" count="N"/> when the run
   was one shard of N (docs/ci.md, "A benchmark suite").  This reads the
   manifest's fields that a gate needs; when `hotgrind suite`'s reader
   (suite_run_load) is merged, hg_suite_gather is to call it, so that one
   reader reads manifests. */

#ifndef HOTGRIND_SUITE_OPERAND_H
#define HOTGRIND_SUITE_OPERAND_H

#include <stdbool.h>
#include <stddef.h>

/* How a benchmark's run ended, as its manifest says. */
enum hg_bench_run {
    HG_BENCH_OK,          /* a complete report */
    HG_BENCH_FAILED,      /* exited with a status other than 0 */
    HG_BENCH_CRASHED,     /* killed by a signal */
    HG_BENCH_TIMEOUT      /* killed at the suite's time limit */
};

struct hg_suite_bench {
    char *name;           /* [A-Za-z0-9_.-]+ */
    enum hg_bench_run run;
    char *ended;          /* "exit status 3", "signal SEGV", "timeout";
                             NULL when ok */
    char *report;         /* DIR/NAME.xml; NULL when not ok */
};

struct hg_suite_runs {
    char *suite;          /* the suite's name */
    const char *operand;  /* as given on the command line */
    struct hg_suite_bench *benchmarks;   /* sorted by name (byte order),
                                            whichever shard held them */
    size_t count;
};

/* Whether OPERAND names suite runs rather than one report: a directory,
   a file whose root element is <suite-run>, or a comma-separated list of
   such (the shards of one suite). */
bool hg_is_suite_operand(const char *operand);

/* Reads OPERAND, "DIR", "MANIFEST" or "DIR,DIR,..." (the shards of one
   suite, gathered: the same suite name in each, every shard index of the
   count once, no benchmark twice), into *RUNS.  A benchmark whose
   manifest says ok must have its report file.  False after one line on
   stderr naming the file and the problem. */
bool hg_suite_gather(const char *operand, struct hg_suite_runs *runs);

/* The benchmark NAME of RUNS, or NULL. */
const struct hg_suite_bench *hg_suite_find(const struct hg_suite_runs *runs,
                                           const char *name);

void hg_suite_runs_free(struct hg_suite_runs *runs);

/* The benchmarks of BASE and HEAD matched by name, in name order: each
   pair has at least one side; BASE may be NULL (check without a base). */
struct hg_bench_pair {
    const char *name;
    const struct hg_suite_bench *base, *head;
};
struct hg_bench_pair *hg_suite_pairs(const struct hg_suite_runs *base,
                                     const struct hg_suite_runs *head,
                                     size_t *count);

#endif

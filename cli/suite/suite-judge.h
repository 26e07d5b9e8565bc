/* hotgrind: check over suite runs: the benchmarks of BASE and HEAD
   matched by name, each judged by the policy as a report, and one
   verdict for the whole suite (docs/ci.md).
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_SUITE_JUDGE_H
#define HOTGRIND_SUITE_JUDGE_H

#include <stdbool.h>
#include <stddef.h>

#include "policy/policy.h"
#include "policy/verdict-sections.h"
#include "report/report.h"
#include "suite/suite-operand.h"

/* What became of one benchmark of suite runs. */
enum hg_bench_fate {
    HG_BENCH_JUDGED,     /* HEAD's report judged (with BASE's when
                            there is one that ran) */
    HG_BENCH_NOT_RUN,    /* HEAD's run failed, crashed or timed out */
    HG_BENCH_REMOVED     /* in BASE only */
};

/* What a benchmark's judgement comes to; the judgement itself and the
   reports are freed once this is taken, and made again to be printed
   (hg_judge_bench), so that one benchmark's reports at a time are in
   memory, however large the suite. */
struct hg_bench_check {
    const struct hg_bench_pair *pair;
    enum hg_bench_fate fate;
    bool failed;
    size_t budgets_failed, regressions, marks_dead;   /* HG_BENCH_JUDGED */
    struct hg_verdict_counts cases;   /* its check's JUnit test cases */
};

/* A regression of some benchmark, for the table of the worst: a copy of
   its verdict, the label its own. */
struct hg_worst {
    const struct hg_bench_check *bench;
    struct hg_verdict verdict;
};

struct hg_suite_check {
    const struct hg_policy *policy;
    unsigned allowed_exits;
    const struct hg_suite_run *base, *head;     /* base may be NULL */
    const char *base_operand, *head_operand;    /* as given */
    struct hg_bench_pair *pairs;
    struct hg_bench_check *benches;
    size_t count;
    size_t passed, failed, added, removed, not_run;
    struct hg_worst *worst;                     /* worst first */
    size_t worst_count;
};

/* Reads the suite runs BASE_OPERAND (or NULL) and HEAD_OPERAND, each one
   directory, manifest or comma-separated shard list, into S and judges
   every benchmark by POLICY; false, after one line on stderr, when a run
   or a report cannot be used.  hg_suite_check_free frees S either way. */
bool hg_suite_check(struct hg_suite_check *s, const struct hg_policy *policy,
                    const char *base_operand, const char *head_operand,
                    unsigned allowed_exits);
void hg_suite_check_free(struct hg_suite_check *s);

bool hg_suite_failed(const struct hg_suite_check *s);

/* A judged benchmark's reports and judgement. */
struct hg_judged {
    struct hg_report *base, *head;
    struct hg_judgement *j;
};

/* Loads the reports of benchmark B (HG_BENCH_JUDGED) and judges them
   again, for its output; false after one line on stderr when a report
   cannot be used. */
bool hg_judge_bench(const struct hg_suite_check *s,
                    const struct hg_bench_check *b, struct hg_judged *d);
void hg_judged_free(struct hg_judged *d);

/* A benchmark's state in words, after its verdict word: "the run crashed
   (signal SEGV), no report", "only in base: removed from the suite"; ""
   when there is nothing to say. */
const char *hg_bench_state(const struct hg_suite_check *s,
                           const struct hg_bench_check *b,
                           char text[HG_PROBLEM_SIZE]);

/* "FAIL", "note" (removed, not failing) or "pass". */
const char *hg_bench_word(const struct hg_bench_check *b);

#endif

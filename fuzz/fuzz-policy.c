/* hotgrind fuzzing: everything a bad policy reaches.
   GPL-2.0-or-later; part of hotgrind.

   The input is a policy file.  It goes through the policy reader
   (hg_policy_load), the verdicts (hg_policy_judge) on fixed reports, and
   `hotgrind check` with each output format, with and without a BASE.
   Besides the sanitizers, it checks:
   - a failing reader says why, on one line;
   - what the reader loaded is consistent: every budget has a metric,
     <total> and only it has no pattern, exact means min = max, min and
     max in order, one threshold per metric;
   - a judgement's counts add up, and a report judged against itself has
     no regression or improvement;
   - check exits 0, 1 or 2, and prints no "(null)". */

#include <stdbool.h>
#include <stdint.h>

#include "builtin/builtin.h"
#include "fuzz-common.h"
#include "policy/policy.h"
#include "report/metrics.h"
#include "report/report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_loaded(const struct hg_policy *policy)
{
    size_t metric_count, i;

    (void)hg_metrics(&metric_count);
    for (i = 0; i < policy->budget_count; i++) {
        const struct hg_budget *b = &policy->budgets[i];
        if (b->metric == NULL)
            fuzz_fail("budget %zu (line %ld) has no metric", i, b->line);
        /* A total has no pattern; a context's pattern is its frames;
           every other target has a glob, an edge a callee's too. */
        if ((b->target == HG_BUDGET_TOTAL) != (b->pattern == NULL)
            || (b->target == HG_BUDGET_CONTEXT
                ? b->glob != NULL || b->frame_count == 0
                : (b->pattern == NULL) != (b->glob == NULL))
            || (b->target == HG_BUDGET_EDGE) != (b->callee_glob != NULL))
            fuzz_fail("budget %zu (line %ld): pattern and target disagree",
                      i, b->line);
        if (b->exact && !(b->has_min && b->has_max && b->min == b->max))
            fuzz_fail("budget %zu (line %ld): exact, but min != max", i,
                      b->line);
        if (b->has_min && b->has_max && b->min > b->max)
            fuzz_fail("budget %zu (line %ld): min %llu above max %llu", i,
                      b->line, (unsigned long long)b->min,
                      (unsigned long long)b->max);
    }
    if (policy->threshold_count != metric_count + 1)
        fuzz_fail("%zu thresholds for %zu metrics and the mean",
                  policy->threshold_count, metric_count);
    for (i = 0; i < policy->threshold_count; i++)
        if (policy->thresholds[i].metric == NULL)
            fuzz_fail("threshold %zu has no metric", i);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct fuzz_file input;
    const char *base = fuzz_base_path(), *head = fuzz_head_path();
    char problem[HG_PROBLEM_SIZE] = "";
    struct hg_policy *policy;

    fuzz_file_set(&input, data, size);
    fuzz_input_is(data, size);
    policy = hg_policy_load(input.path, problem, sizeof problem);
    if (policy == NULL) {
        fuzz_check_problem("hg_policy_load", problem, sizeof problem);
        /* Every command stops at the same place: one is enough. */
        fuzz_run(cmd_check, 1, "check", "--policy", input.path, head, NULL);
        return 0;
    }
    check_loaded(policy);
    (void)fuzz_judge(policy, fuzz_base(), fuzz_head());
    (void)fuzz_judge(policy, fuzz_head(), fuzz_base());
    (void)fuzz_judge(policy, fuzz_head(), fuzz_head());
    (void)fuzz_judge(policy, NULL, fuzz_head());
    hg_policy_free(policy);

    fuzz_run(cmd_check, 1, "check", "--policy", input.path, base, head,
             NULL);
    fuzz_run(cmd_check, 1, "check", "--policy", input.path,
             "--format=markdown", base, head, NULL);
    fuzz_run(cmd_check, 1, "check", "--policy", input.path, head, NULL);
    return 0;
}

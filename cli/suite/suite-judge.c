/* hotgrind: check over suite runs (suite-judge.h): every benchmark
   judged, the suite's counts and its worst regressions.
   GPL-2.0-or-later; part of hotgrind. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/load.h"
#include "suite/suite-judge.h"
#include "util/messages.h"
#include "util/xalloc.h"

void hg_judged_free(struct hg_judged *d)
{
    hg_judgement_free(d->j);
    hg_report_free(d->base);
    hg_report_free(d->head);
    memset(d, 0, sizeof *d);
}

bool hg_judge_bench(const struct hg_suite_check *s,
                    const struct hg_bench_check *b, struct hg_judged *d)
{
    const struct hg_suite_result *base = b->pair->base, *head = b->pair->head;
    memset(d, 0, sizeof *d);
    if (base != NULL && base->status == HG_SUITE_OK
        && ((d->base = hg_load_report(base->report_path)) == NULL
            || !hg_exit_allowed(base->report_path, d->base,
                                s->allowed_exits)))
        goto refused;
    if ((d->head = hg_load_report(head->report_path)) == NULL
        || !hg_exit_allowed(head->report_path, d->head, s->allowed_exits))
        goto refused;
    d->j = hg_policy_judge_benchmark(s->policy, b->pair->name, d->base,
                                     d->head);
    return true;
refused:
    hg_judged_free(d);
    return false;
}

bool hg_suite_failed(const struct hg_suite_check *s)
{
    return s->failed > 0;
}

/* What failed a benchmark's judgement, "1 budget broken, 2
   regressions", the counts that are not 0; "" when nothing did. */
static void failures_text(const struct hg_bench_check *b, char *text,
                          size_t size)
{
    const struct { size_t count; const char *one, *more; } parts[] = {
        { b->budgets_failed, "budget broken", "budgets broken" },
        { b->regressions, "regression", "regressions" },
        { b->marks_dead, "mark never entered", "marks never entered" },
    };
    size_t i, at = 0;
    text[0] = '\0';
    for (i = 0; i < 3; i++)
        if (parts[i].count > 0 && at < size)
            at += (size_t)snprintf(text + at, size - at, "%s%zu %s",
                                   at ? ", " : "", parts[i].count,
                                   parts[i].count == 1 ? parts[i].one
                                                       : parts[i].more);
}

const char *hg_bench_state(const struct hg_suite_check *s,
                           const struct hg_bench_check *b,
                           char text[HG_PROBLEM_SIZE])
{
    const struct hg_suite_result *base = b->pair->base, *head = b->pair->head;
    char ended[HG_SUITE_ENDED_SIZE];
    text[0] = '\0';
    if (b->fate == HG_BENCH_NOT_RUN && head->status == HG_SUITE_TIMEOUT)
        snprintf(text, HG_PROBLEM_SIZE, "the run timed out, no report");
    else if (b->fate == HG_BENCH_NOT_RUN)
        snprintf(text, HG_PROBLEM_SIZE, "the run %s (%s), no report",
                 head->status == HG_SUITE_CRASHED ? "crashed" : "failed",
                 hg_suite_ended(head, ended));
    else if (b->fate == HG_BENCH_REMOVED)
        snprintf(text, HG_PROBLEM_SIZE, "only in base: removed from the "
                 "suite");
    else if (s->base != NULL && base == NULL)
        snprintf(text, HG_PROBLEM_SIZE, "only in head: added to the suite, "
                 "budgets only");
    else if (s->base != NULL && base->status != HG_SUITE_OK)
        snprintf(text, HG_PROBLEM_SIZE, "its base run did not end well "
                 "(%s): budgets only", hg_suite_ended(base, ended));
    else
        failures_text(b, text, HG_PROBLEM_SIZE);
    return text;
}

const char *hg_bench_word(const struct hg_bench_check *b)
{
    return b->failed ? "FAIL" : b->fate == HG_BENCH_REMOVED ? "note" : "pass";
}

/* Larger relative change first (a row only in head before all), then
   by benchmark and the judgement's own order. */
static int compare_worst(const void *pa, const void *pb)
{
    const struct hg_worst *a = pa, *b = pb;
    const struct hg_verdict *va = &a->verdict, *vb = &b->verdict;
    bool inf_a = va->kind == HG_VERDICT_ADDED || va->base == 0;
    bool inf_b = vb->kind == HG_VERDICT_ADDED || vb->base == 0;
    int names;
    if (inf_a != inf_b)
        return inf_a ? -1 : 1;
    if (!inf_a) {
        /* (head-base)/base compared without division: 128 bits hold the
           products of two 64-bit counts. */
        unsigned __int128 left = (unsigned __int128)(va->head - va->base)
                                 * vb->base;
        unsigned __int128 right = (unsigned __int128)(vb->head - vb->base)
                                  * va->base;
        if (left != right)
            return left > right ? -1 : 1;
    }
    names = strcmp(a->bench->pair->name, b->bench->pair->name);
    if (names != 0)
        return names;
    return va->order < vb->order ? -1 : va->order > vb->order;
}

/* Takes what S keeps of benchmark B's judgement J: its counts, and a
   copy of each regression for the table of the worst. */
static void keep_judgement(struct hg_suite_check *s,
                           struct hg_bench_check *b,
                           const struct hg_judgement *j)
{
    size_t k;
    b->failed = hg_judgement_failed(j);
    b->budgets_failed = j->budgets_failed;
    b->regressions = j->regressions;
    b->marks_dead = j->marks_dead;
    b->cases = hg_count_judgement(j, b->cases);
    for (k = 0; k < j->verdict_count; k++) {
        struct hg_worst *w;
        /* A regression its cause explains is the cause's. */
        if (hg_verdict_section(&j->verdicts[k]) != HG_SECTION_THRESHOLDS
            || j->verdicts[k].status != HG_VERDICT_FAIL
            || j->verdicts[k].cause != 0)
            continue;
        s->worst = hg_xrealloc(s->worst, s->worst_count + 1,
                               sizeof *s->worst);
        w = &s->worst[s->worst_count++];
        w->bench = b;
        w->verdict = j->verdicts[k];
        w->verdict.label = hg_xstrdup(j->verdicts[k].label);
        w->verdict.caller = w->verdict.callee = NULL;
        w->verdict.mark = NULL;
        w->verdict.function[0] = w->verdict.function[1] = NULL;
    }
}

/* Judges every benchmark; false (after one line on stderr) when a report
   cannot be used. */
static bool judge_suite(struct hg_suite_check *s)
{
    size_t i;
    s->pairs = hg_suite_pairs(s->base, s->head, &s->count);
    s->benches = hg_xcalloc(s->count ? s->count : 1, sizeof *s->benches);
    for (i = 0; i < s->count; i++) {
        struct hg_bench_check *b = &s->benches[i];
        const struct hg_suite_result *base = s->pairs[i].base,
                                    *head = s->pairs[i].head;
        struct hg_judged d;
        b->pair = &s->pairs[i];
        if (head == NULL) {
            b->fate = HG_BENCH_REMOVED;
            b->failed = !s->policy->removed_is_note;
            s->removed++;
        } else if (head->status != HG_SUITE_OK) {
            b->fate = HG_BENCH_NOT_RUN;
            b->failed = true;
            s->not_run++;
        } else {
            b->fate = HG_BENCH_JUDGED;
            s->added += s->base != NULL && base == NULL;
            if (!hg_judge_bench(s, b, &d))
                return false;
            keep_judgement(s, b, d.j);
            hg_judged_free(&d);
        }
        if (b->failed)
            s->failed++;
        else if (b->fate != HG_BENCH_REMOVED)
            s->passed++;
    }
    if (s->worst_count > 0)
        qsort(s->worst, s->worst_count, sizeof *s->worst, compare_worst);
    return true;
}

bool hg_suite_check(struct hg_suite_check *s, const struct hg_policy *policy,
                    const char *base_operand, const char *head_operand,
                    unsigned allowed_exits)
{
    char problem[HG_PROBLEM_SIZE];

    memset(s, 0, sizeof *s);
    s->policy = policy;
    s->allowed_exits = allowed_exits;
    s->base_operand = base_operand;
    s->head_operand = head_operand;
    if ((base_operand != NULL
         && (s->base = hg_suite_gather(base_operand)) == NULL)
        || (s->head = hg_suite_gather(head_operand)) == NULL)
        return false;
    if (s->base != NULL && strcmp(s->base->suite, s->head->suite) != 0) {
        snprintf(problem, sizeof problem, "is a run of suite '%s', but the "
                 "base is one of suite '%s': compare runs of one suite",
                 s->head->suite, s->base->suite);
        hg_say_problem(head_operand, problem);
        return false;
    }
    return judge_suite(s);
}

void hg_suite_check_free(struct hg_suite_check *s)
{
    size_t i;
    for (i = 0; i < s->worst_count; i++)
        free(s->worst[i].verdict.label);
    free(s->worst);
    free(s->benches);
    free(s->pairs);
    hg_suite_run_free((struct hg_suite_run *)s->base);
    hg_suite_run_free((struct hg_suite_run *)s->head);
}

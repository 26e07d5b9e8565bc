/* hotgrind: check's JSON output: every verdict and judged row with its
   numbers (docs/check.schema.json), and for suite runs one such
   document a benchmark (docs/check-suite.schema.json).
   GPL-2.0-or-later; part of hotgrind. */

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "render/check-render.h"
#include "render/json.h"
#include "util/messages.h"

/* A value in its metric's unit as a JSON number, '-' before it when
   NEGATIVE: a count, or the mean with its two decimals; null when not
   PRESENT. */
static void json_signed_value(struct hg_json *w, const char *key,
                              const struct hg_metric *metric, bool present,
                              bool negative, uint64_t value)
{
    hg_json_key(w, key);
    if (!present)
        fputs("null", w->out);
    else if (metric == &hg_policy_mean)
        fprintf(w->out, "%s%" PRIu64 ".%02u", negative ? "-" : "",
                value / 100, (unsigned)(value % 100));
    else
        fprintf(w->out, "%s%" PRIu64, negative ? "-" : "", value);
}

static void json_metric_value(struct hg_json *w, const char *key,
                              const struct hg_metric *metric, bool present,
                              uint64_t value)
{
    json_signed_value(w, key, metric, present, false, value);
}

/* A percentage (text without sign) as a JSON number, SIGN before it. */
static void json_percent(struct hg_json *w, const char *key, bool present,
                         bool negative, const char *digits)
{
    hg_json_key(w, key);
    if (present)
        fprintf(w->out, "%s%s", negative ? "-" : "", digits);
    else
        fputs("null", w->out);
}

static void json_line(struct hg_json *w, const struct hg_verdict *v)
{
    long line = hg_verdict_line(v);
    hg_json_count_or_null(w, "line", line > 0, (uint64_t)line);
}

static const char *json_status(enum hg_verdict_status status)
{
    static const char *const words[] = {
        "pass", "fail", "skip", "better", "note", "within"
    };
    return words[status];
}

static void json_budget(struct hg_json *w, const struct hg_verdict *v)
{
    static const char *const targets[] = { "function", "zone", "total",
                                           "edge", "context" };
    static const char *const problems[] = {
        [HG_VERDICT_UNMATCHED] = "unmatched",
        [HG_VERDICT_NO_VALUE] = "no-value",
        [HG_VERDICT_NO_FIGURE] = "no-figure",
        [HG_VERDICT_NO_GRAPH] = "no-call-graph",
        [HG_VERDICT_NO_CONTEXTS] = "no-contexts",
    };
    const struct hg_budget *b = v->budget;
    char *patterns = check_budget_patterns(b);
    hg_json_text(w, "target", targets[b->target]);
    hg_json_text(w, "pattern", patterns);
    free(patterns);
    if (b->benchmark != NULL)
        hg_json_text(w, "benchmark", b->benchmark);
    if (b->target == HG_BUDGET_EDGE) {
        hg_json_text(w, "caller", b->pattern);
        hg_json_text(w, "callee", b->callee_pattern);
    }
    hg_json_text(w, "row", v->label);
    json_metric_value(w, "value", b->metric, v->kind == HG_VERDICT_VALUE,
                      v->head);
    json_metric_value(w, "min", b->metric, b->has_min, b->min);
    json_metric_value(w, "max", b->metric, b->has_max, b->max);
    hg_json_bool(w, "optional", b->optional);
    hg_json_text(w, "problem", v->kind == HG_VERDICT_VALUE ? NULL
                                                          : problems[v->kind]);
    if (v->kind == HG_VERDICT_NO_VALUE)
        hg_json_count(w, "matched", v->matched);
    if (b->target == HG_BUDGET_CONTEXT && v->kind == HG_VERDICT_VALUE)
        hg_json_count(w, "contexts", v->matched);
}

static void json_mark(struct hg_json *w, const struct hg_verdict *v)
{
    hg_json_text(w, "pattern", v->mark->pattern);
    hg_json_count(w, "functions", v->mark->functions);
    hg_json_count(w, "entered", v->mark->entered);
    hg_json_bool(w, "optional", v->policy_mark && v->policy_mark->optional);
}

static void json_threshold(struct hg_json *w, const struct hg_verdict *v)
{
    static const char *const changes[] = {
        [HG_VERDICT_CHANGE] = "change",
        [HG_VERDICT_ADDED] = "added",
        [HG_VERDICT_REMOVED] = "removed",
    };
    const struct hg_metric *metric = v->threshold->metric;
    bool change = v->kind == HG_VERDICT_CHANGE, up = v->head >= v->base;
    bool percent = change && v->base != 0;
    bool threshold = change && (up || v->threshold->reports_improvement);
    char text[HG_VERDICT_TEXT_SIZE];

    hg_json_text(w, "row", v->label);
    if (v->caller != NULL) {
        hg_json_text(w, "caller", v->caller);
        hg_json_text(w, "callee", v->callee);
    }
    hg_json_text(w, "change", changes[v->kind]);
    json_metric_value(w, "base", metric, v->kind != HG_VERDICT_ADDED,
                      v->base);
    json_metric_value(w, "head", metric, v->kind != HG_VERDICT_REMOVED,
                      v->head);
    /* Head minus base, a missing figure counting as 0. */
    json_signed_value(w, "delta", metric, true, !up,
                      up ? v->head - v->base : v->base - v->head);
    json_percent(w, "percent", percent, !up,
                 percent ? hg_verdict_percent(v, text) : "");
    json_percent(w, "threshold", threshold, !up && threshold,
                 threshold ? hg_policy_percent_text(hg_verdict_threshold(v),
                                                    2, text) : "");
}

/* Where the verdict at INDEX stands among the "thresholds" of its
   document: the judgement lists every budget verdict first, then the
   threshold verdicts (policy.h). */
static size_t threshold_position(const struct hg_judgement *j, size_t index)
{
    return index - (j->budgets_passed + j->budgets_failed
                    + j->budgets_skipped);
}

/* The grouping and the exclusion of a threshold verdict, each only when
   it has one, so that other outputs stay as they were: a regression's
   cause (its place in "thresholds", metric and row), how many a cause
   explains, the <ignore> that left a row out. */
static void json_grouping(struct hg_json *w, const struct hg_judgement *j,
                          const struct hg_verdict *v)
{
    if (v->cause != 0) {
        const struct hg_verdict *cause = &j->verdicts[v->cause - 1];
        hg_json_open(w, "explained-by", '{', true);
        hg_json_count(w, "index", threshold_position(j, v->cause - 1));
        hg_json_text(w, "metric", cause->threshold->metric->name);
        hg_json_text(w, "row", cause->label);
        hg_json_close(w);
    }
    if (v->explains > 0)
        hg_json_count(w, "explains", v->explains);
    if (v->ignore != NULL) {
        hg_json_open(w, "ignored", '{', true);
        hg_json_count(w, "line", (uint64_t)v->ignore->line);
        hg_json_text(w, "pattern", v->ignore->pattern);
        hg_json_text(w, "reason", v->ignore->reason);
        hg_json_close(w);
    }
}

static void json_verdicts(struct hg_json *w, const struct check_out *out,
                          const struct hg_judgement *j,
                          enum hg_verdict_section section, const char *key)
{
    size_t i;
    hg_json_open(w, key, '[', false);
    for (i = 0; i < j->verdict_count; i++) {
        const struct hg_verdict *v = &j->verdicts[i];
        char *message;
        if (hg_verdict_section(v) != section)
            continue;
        hg_json_open(w, NULL, '{', true);
        hg_json_text(w, "status", json_status(v->status));
        json_line(w, v);
        if (section != HG_SECTION_MARKS)
            hg_json_text(w, "metric", hg_verdict_metric(v)->name);
        if (section == HG_SECTION_BUDGETS)
            json_budget(w, v);
        else if (section == HG_SECTION_MARKS)
            json_mark(w, v);
        else {
            json_threshold(w, v);
            json_grouping(w, j, v);
        }
        message = check_verdict_message(out, v);
        hg_json_text(w, "message", message);
        free(message);
        hg_json_close(w);
    }
    hg_json_close(w);
}

static void json_report(struct hg_json *w, const char *key, const char *path,
                        const struct hg_report *report)
{
    if (report == NULL) {
        hg_json_null(w, key);
        return;
    }
    hg_json_open(w, key, '{', true);
    hg_json_text(w, "file", path);
    hg_json_text(w, "arch", report->arch);
    hg_json_close(w);
}

static void json_remarks(struct hg_json *w, const struct hg_judgement *j)
{
    size_t i;
    hg_json_differences(w, j->differences, j->difference_count);
    hg_json_bool(w, "cross-arch", j->cross_arch);
    hg_json_open(w, "not-applied", '[', false);
    for (i = 0; i < j->unjudged_count; i++) {
        hg_json_open(w, NULL, '{', true);
        hg_json_text(w, "metric", j->unjudged[i].threshold->metric->name);
        hg_json_text(w, "missing-in", j->unjudged[i].missing_in);
        hg_json_close(w);
    }
    hg_json_close(w);
    /* Only when one report has a call graph, so that the output is as it
       was for reports without. */
    if (j->edges_missing_in != NULL)
        hg_json_text(w, "edges-not-applied", j->edges_missing_in);
}

static void json_summary(struct hg_json *w, const struct hg_judgement *j)
{
    const struct { const char *key; size_t count; } counts[] = {
        { "budgets-kept", j->budgets_passed },
        { "budgets-broken", j->budgets_failed },
        { "budgets-skipped", j->budgets_skipped },
        { "marks-entered", j->marks_entered },
        { "marks-never-entered", j->marks_dead },
        { "marks-optional", j->marks_optional },
        { "regressions", j->regressions },
        { "improvements", j->improvements },
        { "notes", j->notes },
        { "within", j->within },
        { "under-floor", j->under_floor },
        { "unchanged", j->unchanged },
    };
    size_t i;
    hg_json_open(w, "summary", '{', true);
    for (i = 0; i < sizeof counts / sizeof counts[0]; i++)
        hg_json_count(w, counts[i].key, counts[i].count);
    /* Only when there are some, so that other outputs stay as they
       were. */
    if (j->explained > 0) {
        hg_json_count(w, "explained", j->explained);
        hg_json_count(w, "causes", j->causes);
    }
    if (j->ignored > 0)
        hg_json_count(w, "ignored", j->ignored);
    hg_json_close(w);
}

/* The version of the JSON output of check (docs/check.schema.json). */
enum { CHECK_JSON_FORMAT = 1 };

/* The document of docs/check.schema.json, as an element of W (the
   whole output, or a benchmark's "check" in a suite's). */
static void json_check(struct hg_json *w, const char *key,
                       const struct check_out *out,
                       const struct hg_judgement *j,
                       const char *base_path, const struct hg_report *base,
                       const char *head_path, const struct hg_report *head)
{
    bool failed = hg_judgement_failed(j);

    hg_json_open(w, key, '{', false);
    hg_json_count(w, "format", CHECK_JSON_FORMAT);
    hg_json_text(w, "result", failed ? "fail" : "pass");
    hg_json_count(w, "exit-status", failed ? HG_EXIT_JUDGED : HG_EXIT_OK);
    hg_json_text(w, "policy", out->policy_path);
    json_report(w, "base", base_path, base);
    json_report(w, "head", head_path, head);
    json_remarks(w, j);
    hg_json_bool(w, "thresholds-applied", j->has_base);
    json_summary(w, j);
    json_verdicts(w, out, j, HG_SECTION_BUDGETS, "budgets");
    json_verdicts(w, out, j, HG_SECTION_MARKS, "marks");
    json_verdicts(w, out, j, HG_SECTION_THRESHOLDS, "thresholds");
    hg_json_close(w);
}

static void write_json(const struct check_out *out,
                       const struct check_subject *c)
{
    struct hg_json w = { .out = out->file };
    json_check(&w, NULL, out, c->j, c->base_path, c->base, c->head_path,
               c->head);
}

/* The version of the JSON output of check over suite runs
   (docs/check-suite.schema.json). */
enum { CHECK_SUITE_JSON_FORMAT = 1 };

static bool write_suite_json(const struct check_out *out,
                             const struct hg_suite_check *s)
{
    struct hg_json w = { .out = out->file };
    size_t i;

    hg_json_open(&w, NULL, '{', false);
    hg_json_count(&w, "format", CHECK_SUITE_JSON_FORMAT);
    hg_json_text(&w, "result", hg_suite_failed(s) ? "fail" : "pass");
    hg_json_count(&w, "exit-status", hg_suite_failed(s) ? HG_EXIT_JUDGED
                                                     : HG_EXIT_OK);
    hg_json_text(&w, "policy", out->policy_path);
    hg_json_text(&w, "suite", s->head->suite);
    hg_json_text(&w, "base", s->base_operand);
    hg_json_text(&w, "head", s->head_operand);
    hg_json_open(&w, "summary", '{', true);
    hg_json_count(&w, "benchmarks", s->count);
    hg_json_count(&w, "passed", s->passed);
    hg_json_count(&w, "failed", s->failed);
    hg_json_count(&w, "added", s->added);
    hg_json_count(&w, "removed", s->removed);
    hg_json_count(&w, "not-run", s->not_run);
    hg_json_close(&w);
    hg_json_open(&w, "benchmarks", '[', false);
    for (i = 0; i < s->count; i++) {
        const struct hg_bench_check *b = &s->benches[i];
        const struct hg_suite_result *base = b->pair->base,
                                    *head = b->pair->head;
        char text[HG_PROBLEM_SIZE];
        const char *state = hg_bench_state(s, b, text);
        struct hg_judged d;
        if (b->fate == HG_BENCH_JUDGED && !hg_judge_bench(s, b, &d))
            return false;
        hg_json_open(&w, NULL, '{', false);
        hg_json_text(&w, "name", b->pair->name);
        hg_json_text(&w, "result", b->failed ? "fail"
                     : b->fate == HG_BENCH_REMOVED ? "note" : "pass");
        hg_json_text(&w, "base-run",
                     base ? hg_suite_status_name(base->status) : NULL);
        hg_json_text(&w, "head-run",
                     head ? hg_suite_status_name(head->status) : NULL);
        hg_json_text(&w, "state", state[0] ? state : NULL);
        if (b->fate == HG_BENCH_JUDGED) {
            json_check(&w, "check", out, d.j,
                       d.base ? base->report_path : NULL, d.base,
                       head->report_path, d.head);
            hg_judged_free(&d);
        } else {
            hg_json_null(&w, "check");
        }
        hg_json_close(&w);
    }
    hg_json_close(&w);
    hg_json_close(&w);
    return true;
}

const struct check_renderer check_json_renderer = {
    .name = "json",
    .escape = CHECK_ESCAPE_TEXT,
    .judgement = write_json,
    .suite = write_suite_json,
};

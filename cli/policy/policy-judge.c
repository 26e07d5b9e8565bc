/* hotgrind: the verdicts of `hotgrind check`: a policy's budgets on HEAD
   and its thresholds on the change from BASE to HEAD.
   GPL-2.0-or-later; part of hotgrind. */

/* The rows of BASE and HEAD are paired, and the runs compared, by
   hg_diff_reports (diff.c), so that `check` and `diff` always agree on
   what changed.  Everything is counted in integers, 128-bit products
   included, so that every machine reaches the same verdicts. */

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/diff.h"
#include "policy/policy.h"
#include "report/contexts.h"
#include "report/report.h"
#include "util/number.h"
#include "util/xalloc.h"

/* percent = 100 * part / whole, and thresholds are in HG_PERCENT_UNIT. */
#define PERCENT_SCALE ((uint64_t)100 * HG_PERCENT_UNIT)

struct judge {
    struct hg_judgement *j;
    const struct hg_policy *policy;
    size_t capacity;
    bool added_is_regression;
    /* HEAD's frame names, made by the first stack budget for all of them
       (NULL until then). */
    char **frame_names;
};

static struct hg_verdict *add_verdict(struct judge *judge,
                                      enum hg_verdict_status status,
                                      enum hg_verdict_kind kind)
{
    struct hg_judgement *j = judge->j;
    struct hg_verdict *v;
    if (j->verdict_count == judge->capacity) {
        judge->capacity = judge->capacity ? judge->capacity * 2 : 64;
        j->verdicts = hg_xrealloc(j->verdicts, judge->capacity,
                                  sizeof *j->verdicts);
    }
    v = &j->verdicts[j->verdict_count++];
    memset(v, 0, sizeof *v);
    v->status = status;
    v->kind = kind;
    v->order = j->verdict_count;
    return v;
}

/* "CALLER (OBJ) -> CALLEE (OBJ)" of verdict V, with the two labels. */
static void label_edge(struct hg_verdict *v, const struct hg_function *caller,
                       const struct hg_function *callee)
{
    const struct hg_entity from = { caller, NULL }, to = { callee, NULL };
    v->caller = hg_entity_label(&from);
    v->callee = hg_entity_label(&to);
    v->label = hg_xasprintf("%s -> %s", v->caller, v->callee);
}

/* ----------------------------------------------------------- budgets */

/* OBJ of OBJ:GLOB is a glob over the object's file name (libz.so.1.2.13)
   or, when the report lists the object in <objects>, its soname
   (libz.so.1): the rule of the tool's --mark, so that a policy can name a
   library as the program links it. */
bool hg_object_matches(const char *glob, const struct hg_report *report,
                       const char *object)
{
    const struct hg_object *listed;
    if (hg_glob_match(glob, object))
        return true;
    listed = hg_report_object(report, object);
    return listed != NULL && listed->soname != NULL
           && hg_glob_match(glob, listed->soname);
}

bool hg_function_pattern_matches(const struct hg_report *report,
                                 const char *pattern,
                                 const struct hg_function *f)
{
    const char *separator = hg_pattern_object_separator(pattern);
    bool matches;
    char *object;

    if (separator == NULL)
        return hg_glob_match(pattern, f->name);
    if (!hg_glob_match(separator + 1, f->name))
        return false;
    object = hg_xstrndup(pattern, (size_t)(separator - pattern));
    matches = hg_object_matches(object, report, f->object);
    free(object);
    return matches;
}

/* Whether [OBJECT:]GLOB matches F. */
static bool function_matches(const char *object, const char *glob,
                             const struct hg_report *report,
                             const struct hg_function *f)
{
    return hg_glob_match(glob, f->name)
           && (object == NULL || hg_object_matches(object, report, f->object));
}

static bool budget_matches(const struct hg_budget *budget,
                           const struct hg_report *report,
                           const struct hg_entity *entity)
{
    const struct hg_function *f = entity->function;
    switch (budget->target) {
    case HG_BUDGET_FUNCTION:
        return f != NULL
               && function_matches(budget->object, budget->glob, report, f);
    case HG_BUDGET_ZONE:
        return entity->zone != NULL
               && hg_glob_match(budget->glob, entity->zone->name);
    default:
        return f == NULL && entity->zone == NULL;
    }
}

/* The verdict of BUDGET on one VALUE; the caller labels it. */
static struct hg_verdict *judge_budget_value(struct judge *judge,
                                             const struct hg_budget *budget,
                                             uint64_t value)
{
    bool kept = (!budget->has_min || value >= budget->min)
                && (!budget->has_max || value <= budget->max);
    struct hg_verdict *v = add_verdict(judge, kept ? HG_VERDICT_PASS
                                       : HG_VERDICT_FAIL, HG_VERDICT_VALUE);
    v->budget = budget;
    v->head = value;
    if (kept)
        judge->j->budgets_passed++;
    else
        judge->j->budgets_failed++;
    return v;
}

static void judge_budget_row(struct judge *judge,
                             const struct hg_budget *budget,
                             const struct hg_report *head,
                             const struct hg_entity *entity,
                             size_t *matched, size_t *valued)
{
    uint64_t value;

    if (!budget_matches(budget, head, entity))
        return;
    ++*matched;
    if (!hg_policy_value(budget->metric, head, entity, head->has_call_graph,
                         &value))
        return;
    ++*valued;
    judge_budget_value(judge, budget, value)->label = hg_entity_label(entity);
}

/* Each edge of HEAD whose caller and callee the budget's patterns
   match. */
static void judge_edge_budget(struct judge *judge,
                              const struct hg_budget *budget,
                              const struct hg_report *head, size_t *matched,
                              size_t *valued)
{
    size_t i, k;
    for (i = 0; i < head->function_count; i++) {
        const struct hg_function *caller = &head->functions[i];
        if (caller->callee_count == 0
            || !function_matches(budget->object, budget->glob, head, caller))
            continue;
        for (k = 0; k < caller->callee_count; k++) {
            const struct hg_call *call = &caller->callees[k];
            const struct hg_function *callee = &head->functions[call->callee];
            uint64_t value;
            if (!function_matches(budget->callee_object, budget->callee_glob,
                                  head, callee))
                continue;
            ++*matched;
            if (!hg_edge_value(budget->metric, head, call, &value))
                continue;
            ++*valued;
            label_edge(judge_budget_value(judge, budget, value), caller,
                       callee);
        }
    }
}

static const struct hg_metric *total_metric(const struct hg_metric *metric);

/* ---------------------------------------------------------- contexts */

/* Which frames of a stack pattern have been matched: bit I set when the
   first I frames of the pattern match the stack so far.  Frames of
   HG_ANY_FRAMES match any number of frames, so the set is that of a
   pattern automaton, stepped once per frame: linear in the stack. */
struct frame_states {
    size_t words;        /* uint64_t per set: (frame_count + 1) bits */
    uint64_t *sets;      /* one set per context, then a scratch one */
};

static bool state_has(const uint64_t *set, size_t i)
{
    return (set[i / 64] >> (i % 64)) & 1;
}

static void state_add(const struct hg_budget *b, uint64_t *set, size_t i)
{
    /* A "**" may match no frame: past it is reached too. */
    for (;;) {
        set[i / 64] |= (uint64_t)1 << (i % 64);
        if (i == b->frame_count || strcmp(b->frames[i], HG_ANY_FRAMES) != 0)
            return;
        i++;
    }
}

/* TO = FROM after one more frame NAME. */
static void state_step(const struct hg_budget *b, size_t words,
                       const uint64_t *from, const char *name, uint64_t *to)
{
    size_t i;
    memset(to, 0, words * sizeof *to);
    for (i = 0; i < b->frame_count; i++) {
        if (!state_has(from, i))
            continue;
        if (strcmp(b->frames[i], HG_ANY_FRAMES) == 0)
            state_add(b, to, i);
        else if (hg_glob_match(b->frames[i], name))
            state_add(b, to, i + 1);
    }
}

/* METRIC's value on context C: its calls, self or inclusive figures, as
   those of a marked function (hg_metric_value) with the context's. */
static bool context_value(const struct hg_metric *metric,
                          const struct hg_report *report,
                          const struct hg_context *c, uint64_t *value)
{
    struct hg_function as_function;
    const struct hg_entity entity = { &as_function, NULL };

    if (!hg_context_metric(metric))
        return false;
    memset(&as_function, 0, sizeof as_function);
    as_function.marked = true;
    as_function.calls = c->calls;
    as_function.self_ir = c->self_ir;
    as_function.self_cache = c->self_cache;
    as_function.has_heap = c->has_heap;
    as_function.heap = c->self_heap;
    as_function.inclusive_ir = c->inclusive_ir;
    as_function.inclusive_cache = c->inclusive_cache;
    /* Without heap attributes, no heap traffic when the run counted it. */
    as_function.has_inclusive_heap = c->has_heap || report->has_heap;
    as_function.inclusive_heap = c->inclusive_heap;
    return hg_metric_value(metric, report, &entity, value);
}

bool hg_edge_value(const struct hg_metric *metric,
                   const struct hg_report *report, const struct hg_call *call,
                   uint64_t *value)
{
    /* An edge's figures are those of a context that holds its calls
       alone: their count, and what ran inside them. */
    struct hg_context inside;

    if (!hg_edge_metric(metric))
        return false;
    memset(&inside, 0, sizeof inside);
    inside.calls = call->calls;
    inside.inclusive_ir = call->ir;
    inside.inclusive_cache = call->cache;
    inside.has_heap = call->has_heap;
    if (call->has_heap)
        inside.inclusive_heap = call->heap;
    return context_value(metric, report, &inside, value);
}

/* The sum of BUDGET's metric over the contexts of HEAD whose whole stack,
   root first, its frames match; *MATCHED counts them.  An incl- figure
   of a context inside another matching one is in that one's already, so
   it is added once, at the outermost; self figures and calls of every
   matching context are added.  False when a figure is missing. */
static bool sum_contexts(const struct hg_budget *b,
                         const struct hg_report *head, char *const *names,
                         size_t *matched, uint64_t *sum)
{
    const bool inclusive = strncmp(b->metric->name, "incl-", 5) == 0;
    struct frame_states st;
    uint64_t *start;
    bool *inside = hg_xcalloc(head->context_count + 1, sizeof *inside);
    bool complete = true;
    size_t i, n = head->context_count;

    st.words = b->frame_count / 64 + 1;
    st.sets = hg_xcalloc((n + 2) * st.words, sizeof *st.sets);
    start = &st.sets[(n + 1) * st.words];
    state_add(b, start, 0);
    *matched = 0;
    *sum = 0;
    for (i = 0; i < n; i++) {
        const struct hg_context *c = &head->contexts[i];
        uint64_t *set = &st.sets[i * st.words];
        uint64_t *scratch = &st.sets[n * st.words];
        const uint64_t *from = start;
        bool match, below = false;
        uint64_t value;

        if (c->parent != HG_NO_PARENT) {
            from = &st.sets[c->parent * st.words];
            below = inside[c->parent];
        } else if (c->truncated) {
            state_step(b, st.words, start, "[truncated]", scratch);
            from = scratch;
        }
        state_step(b, st.words, from, names[c->function], set);
        match = state_has(set, b->frame_count);
        inside[i] = below || match;
        if (!match)
            continue;
        ++*matched;
        if (inclusive && below)
            continue;
        if (!context_value(b->metric, head, c, &value))
            complete = false;
        else
            *sum = *sum > UINT64_MAX - value ? UINT64_MAX : *sum + value;
    }
    free(inside);
    free(st.sets);
    return complete;
}

static void judge_context_budget(struct judge *judge,
                                 const struct hg_budget *budget,
                                 const struct hg_report *head,
                                 size_t *matched, size_t *valued)
{
    uint64_t sum;
    struct hg_verdict *v;
    if (judge->frame_names == NULL)
        judge->frame_names = hg_frame_names(head);
    if (!sum_contexts(budget, head, judge->frame_names, matched, &sum)
        || *matched == 0)
        return;
    *valued = 1;
    v = judge_budget_value(judge, budget, sum);
    v->matched = *matched;
    v->label = hg_xasprintf("stack '%s' (%zu context%s)", budget->pattern,
                            *matched, *matched == 1 ? "" : "s");
}

/* Whether REPORT has METRIC's figures at all: its run total (a cache
   figure needs --cache-sim=yes, a heap figure --heap=yes), as thresholds
   decide what they can judge. */
static bool report_has_figure(const struct hg_metric *metric,
                              const struct hg_report *report)
{
    struct hg_entity total_row = { NULL, NULL };
    uint64_t ignored;
    return hg_policy_value(total_metric(metric), report, &total_row, false,
                           &ignored);
}

/* A budget that judged nothing: a failure, or skipped when optional. */
static struct hg_verdict *judge_nothing(struct judge *judge,
                                        const struct hg_budget *budget,
                                        enum hg_verdict_kind kind)
{
    struct hg_verdict *v = add_verdict(judge, budget->optional
                                       ? HG_VERDICT_SKIP : HG_VERDICT_FAIL,
                                       kind);
    v->budget = budget;
    if (budget->optional)
        judge->j->budgets_skipped++;
    else
        judge->j->budgets_failed++;
    return v;
}

static void judge_budget(struct judge *judge, const struct hg_budget *budget,
                         const struct hg_report *head)
{
    struct hg_entity entity = { NULL, NULL };
    size_t matched = 0, valued = 0, i;

    /* Edges are a call graph's: without one there is nothing to judge,
       as with a figure the report does not have. */
    if (budget->target == HG_BUDGET_EDGE && !head->has_call_graph) {
        judge_nothing(judge, budget, HG_VERDICT_NO_GRAPH);
        return;
    }
    if (budget->target == HG_BUDGET_CONTEXT && !head->has_contexts) {
        judge_nothing(judge, budget, HG_VERDICT_NO_CONTEXTS);
        return;
    }
    /* A figure the whole report lacks is said the same way whatever the
       budget's target: "the report has no D1mr figure". */
    if (!report_has_figure(budget->metric, head)) {
        judge_nothing(judge, budget, HG_VERDICT_NO_FIGURE);
        return;
    }
    if (budget->target == HG_BUDGET_EDGE)
        judge_edge_budget(judge, budget, head, &matched, &valued);
    if (budget->target == HG_BUDGET_CONTEXT)
        judge_context_budget(judge, budget, head, &matched, &valued);
    if (budget->target == HG_BUDGET_TOTAL)
        judge_budget_row(judge, budget, head, &entity, &matched, &valued);
    for (i = 0; budget->target == HG_BUDGET_FUNCTION
                && i < head->function_count; i++) {
        entity.function = &head->functions[i];
        judge_budget_row(judge, budget, head, &entity, &matched, &valued);
    }
    entity.function = NULL;
    for (i = 0; budget->target == HG_BUDGET_ZONE && i < head->zone_count;
         i++) {
        entity.zone = &head->zones[i];
        judge_budget_row(judge, budget, head, &entity, &matched, &valued);
    }
    if (valued > 0)
        return;
    /* A budget that judged nothing must not pass for one that held. */
    judge_nothing(judge, budget, matched ? HG_VERDICT_NO_VALUE
                  : HG_VERDICT_UNMATCHED)->matched = matched;
}

/* ------------------------------------------------------------- marks */

/* The first <mark> of the policy whose glob matches the report's pattern
   text, or NULL. */
static const struct hg_policy_mark *policy_mark_for(
    const struct hg_policy *policy, const struct hg_mark *mark)
{
    size_t i;
    for (i = 0; i < policy->mark_count; i++)
        if (hg_glob_match(policy->marks[i].glob, mark->pattern))
            return &policy->marks[i];
    return NULL;
}

/* Each <mark> of HEAD: a pattern that never entered a function measured
   nothing, and a benchmark that measures nothing must not pass for a fast
   one, unless the policy says the mark is optional. */
static void judge_marks(struct judge *judge, const struct hg_policy *policy,
                        const struct hg_report *head)
{
    size_t i;
    for (i = 0; i < head->mark_count; i++) {
        const struct hg_mark *mark = &head->marks[i];
        const struct hg_policy_mark *said = policy_mark_for(policy, mark);
        enum hg_verdict_status status = HG_VERDICT_PASS;
        struct hg_verdict *v;

        if (mark->entered > 0)
            judge->j->marks_entered++;
        else if (said != NULL && said->optional)
            status = HG_VERDICT_SKIP, judge->j->marks_optional++;
        else
            status = HG_VERDICT_FAIL, judge->j->marks_dead++;
        v = add_verdict(judge, status, HG_VERDICT_MARK);
        v->mark = mark;
        v->policy_mark = said;
    }
}

/* -------------------------------------------------------- thresholds */

/* A * B as 128 bits, from 32-bit halves (no __int128 on 32-bit hosts). */
static void multiply(uint64_t a, uint64_t b, uint64_t *high, uint64_t *low)
{
    const uint64_t mask = 0xffffffffu;
    uint64_t lo_lo = (a & mask) * (b & mask);
    uint64_t hi_lo = (a >> 32) * (b & mask);
    uint64_t lo_hi = (a & mask) * (b >> 32);
    uint64_t hi_hi = (a >> 32) * (b >> 32);
    uint64_t cross = (lo_lo >> 32) + (hi_lo & mask) + lo_hi;
    *high = hi_hi + (hi_lo >> 32) + (cross >> 32);
    *low = (cross << 32) | (lo_lo & mask);
}

/* A * B < C * D, exactly. */
static bool product_below(uint64_t a, uint64_t b, uint64_t c, uint64_t d)
{
    uint64_t ab_high, ab_low, cd_high, cd_low;
    multiply(a, b, &ab_high, &ab_low);
    multiply(c, d, &cd_high, &cd_low);
    return ab_high < cd_high || (ab_high == cd_high && ab_low < cd_low);
}

/* CHANGE is more than PERCENT (HG_PERCENT_UNIT) of FROM. */
static bool change_above(uint64_t change, uint64_t from, uint64_t percent)
{
    return product_below(from, percent, change, PERCENT_SCALE);
}

static bool starts_with(const char *text, const char *prefix)
{
    return strncmp(text, prefix, strlen(prefix)) == 0;
}

/* The run total that a metric's noise floor is a share of: X for X and
   incl-X, Ir for calls and the per-call figures; the metric itself for a
   figure of the whole run. */
static const struct hg_metric *total_metric(const struct hg_metric *metric)
{
    if (metric->scope != HG_SCOPE_MARKED)
        return metric;
    if (starts_with(metric->name, "incl-"))
        return hg_metric_named(metric->name + strlen("incl-"));
    return hg_metric_named("Ir");
}

/* What weighs a row against that total: the value itself, or for calls
   and the per-call figures the row's inclusive Ir. */
static const struct hg_metric *weight_metric(const struct hg_metric *metric)
{
    if (metric->scope != HG_SCOPE_MARKED
        || starts_with(metric->name, "incl-"))
        return metric;
    return hg_metric_named("incl-Ir");
}

/* A row, or an edge, in one report. */
struct side {
    const struct hg_report *report;
    const struct hg_entity *entity;   /* NULL: the row is not there */
    const struct hg_call *call;       /* an edge; NULL: a row, or the edge
                                         is not there */
    bool graph;                       /* both reports have a call graph */
    bool has_value;
    uint64_t value;
};

/* METRIC's value on SIDE, false where it has none. */
static bool side_value(const struct side *side,
                       const struct hg_metric *metric, uint64_t *value)
{
    if (side->call != NULL)
        return hg_edge_value(metric, side->report, side->call, value);
    return side->entity != NULL
           && hg_policy_value(metric, side->report, side->entity,
                              side->graph, value);
}

static void read_side(struct side *side, const struct hg_metric *metric)
{
    side->has_value = side_value(side, metric, &side->value);
    if (!side->has_value)
        side->value = 0;
}

/* The row is noise in this report: its value under floor-count, or its
   weight under the floor's share of the report's total. */
static bool under_floor(const struct hg_threshold *t, const struct side *side)
{
    const struct hg_metric *weight = weight_metric(t->metric);
    struct hg_entity total_row = { NULL, NULL };
    uint64_t w = 0, total = 0, floor_count = t->floor_count;

    /* floor-count is in the metric's unit: the mean's is hundredths. */
    if (t->metric == &hg_policy_mean)
        floor_count = floor_count > UINT64_MAX / 100 ? UINT64_MAX
                                                     : floor_count * 100;
    if (side->value < floor_count)
        return true;
    if (t->floor == 0)
        return false;
    if (!side_value(side, weight, &w))
        w = 0;
    hg_policy_value(total_metric(t->metric), side->report, &total_row, false,
                    &total);
    return product_below(w, PERCENT_SCALE, total, t->floor);
}

/* The verdict of threshold T on a row or edge, or NULL when it did not
   change or is under the floor; the caller labels it. */
static struct hg_verdict *judge_pair(struct judge *judge,
                                     const struct hg_threshold *t,
                                     struct side *base, struct side *head)
{
    struct hg_judgement *j = judge->j;
    struct hg_verdict *v;
    bool totals = head->entity != NULL && head->entity->function == NULL
                  && head->entity->zone == NULL;

    read_side(base, t->metric);
    read_side(head, t->metric);
    /* Only changes are judged. */
    if (base->has_value == head->has_value && base->value == head->value)
        return NULL;
    if (!totals && under_floor(t, base) && under_floor(t, head)) {
        j->under_floor++;
        return NULL;
    }
    /* A row in one report only whose figure is 0 there did not change
       this figure: "only in base: 0" would be noise. */
    if (base->value == head->value) {
        v = add_verdict(judge, HG_VERDICT_WITHIN, !base->has_value
                        ? HG_VERDICT_ADDED : HG_VERDICT_REMOVED);
    } else if (!base->has_value) {
        v = add_verdict(judge, judge->added_is_regression ? HG_VERDICT_FAIL
                        : HG_VERDICT_NOTE, HG_VERDICT_ADDED);
    } else if (!head->has_value) {
        v = add_verdict(judge, HG_VERDICT_NOTE, HG_VERDICT_REMOVED);
    } else if (head->value > base->value
               && change_above(head->value - base->value, base->value,
                               t->regression)) {
        v = add_verdict(judge, HG_VERDICT_FAIL, HG_VERDICT_CHANGE);
    } else if (head->value < base->value && t->reports_improvement
               && change_above(base->value - head->value, base->value,
                               t->improvement)) {
        v = add_verdict(judge, HG_VERDICT_BETTER, HG_VERDICT_CHANGE);
    } else {
        v = add_verdict(judge, HG_VERDICT_WITHIN, HG_VERDICT_CHANGE);
    }
    v->threshold = t;
    v->base = base->value;
    v->head = head->value;
    return v;
}

/* A metric is judged only where both reports have its run total (heap
   figures need heap=yes on both sides, cache figures cache-sim=yes). */
static bool both_have(struct judge *judge, const struct hg_threshold *t,
                      const struct hg_report *base,
                      const struct hg_report *head)
{
    bool in_base = report_has_figure(t->metric, base);
    bool in_head = report_has_figure(t->metric, head);
    struct hg_judgement *j = judge->j;

    if (in_base && in_head)
        return true;
    /* Silent when neither report has what a default judges. */
    if (!t->listed && !in_base && !in_head)
        return false;
    j->unjudged = hg_xrealloc(j->unjudged, j->unjudged_count + 1,
                              sizeof *j->unjudged);
    j->unjudged[j->unjudged_count].threshold = t;
    j->unjudged[j->unjudged_count++].missing_in =
        in_base ? "head" : in_head ? "base" : "both";
    return false;
}

const struct hg_ignore *hg_policy_ignores(const struct hg_policy *policy,
                                          const struct hg_report *report,
                                          const struct hg_function *f)
{
    size_t i;
    for (i = 0; f != NULL && i < policy->ignore_count; i++)
        if (function_matches(policy->ignores[i].object,
                             policy->ignores[i].glob, report, f))
            return &policy->ignores[i];
    return NULL;
}

/* A change of the row of F, or of the edge F -> CALLEE, of REPORT that
   an <ignore> matches (either end of an edge) is no verdict: SKIP, with
   the <ignore> to say why.  A change within the thresholds stays one. */
static void ignore_row(struct judge *judge, struct hg_verdict *v,
                       const struct hg_report *report,
                       const struct hg_function *f,
                       const struct hg_function *callee)
{
    const struct hg_ignore *ignore;
    if (v->status == HG_VERDICT_WITHIN)
        return;
    ignore = hg_policy_ignores(judge->policy, report, f);
    if (ignore == NULL)
        ignore = hg_policy_ignores(judge->policy, report, callee);
    if (ignore == NULL)
        return;
    v->status = HG_VERDICT_SKIP;
    v->ignore = ignore;
}

/* Every row the diff found changed, and the totals. */
static void judge_rows(struct judge *judge, const struct hg_threshold *t,
                       const struct hg_diff *diff,
                       const struct hg_report *base,
                       const struct hg_report *head)
{
    size_t k;
    for (k = 0; k <= diff->row_count; k++) {
        const struct hg_diff_row *row = k == 0 ? &diff->total
                                               : &diff->rows[k - 1];
        /* The calls and incl- figures of marked functions only, with a
           call graph or without: the graph's are judged on its edges,
           where a regression shows its path once instead of again in
           every caller's inclusive figures. */
        struct side b = { base, row->in_base ? &row->base : NULL, NULL,
                          false, false, 0 };
        struct side h = { head, row->in_head ? &row->head : NULL, NULL,
                          false, false, 0 };
        struct hg_verdict *v = judge_pair(judge, t, &b, &h);
        if (v == NULL)
            continue;
        v->label = hg_entity_label(h.entity ? h.entity : b.entity);
        v->function[0] = row->in_base ? row->base.function : NULL;
        v->function[1] = row->in_head ? row->head.function : NULL;
        if (v->function[1] != NULL)
            ignore_row(judge, v, head, v->function[1], NULL);
        else if (v->function[0] != NULL)
            ignore_row(judge, v, base, v->function[0], NULL);
    }
}

/* Every edge of either report, paired as `hotgrind diff` pairs their
   functions, for T's metric when it is an edge's (calls, incl-). */
static void judge_edges(struct judge *judge, const struct hg_threshold *t,
                        const struct hg_diff_edge_pair *pairs, size_t count,
                        const struct hg_report *base,
                        const struct hg_report *head)
{
    size_t k;
    if (!hg_edge_metric(t->metric))
        return;
    for (k = 0; k < count; k++) {
        const struct hg_diff_edge_pair *p = &pairs[k];
        /* An edge not in a report has no figure there, as a row. */
        struct side b = { base, NULL, p->call[0], true, false, 0 };
        struct side h = { head, NULL, p->call[1], true, false, 0 };
        struct hg_verdict *v = judge_pair(judge, t, &b, &h);
        bool in_head = p->caller[1] != NULL && p->callee[1] != NULL;
        if (v == NULL)
            continue;
        label_edge(v, p->caller[1] ? p->caller[1] : p->caller[0],
                   p->callee[1] ? p->callee[1] : p->callee[0]);
        v->function[0] = p->callee[0];
        v->function[1] = p->callee[1];
        ignore_row(judge, v, in_head ? head : base,
                   in_head ? p->caller[1] : p->caller[0],
                   in_head ? p->callee[1] : p->callee[0]);
    }
}

/* The rows of the two reports are paired as `hotgrind diff` pairs them,
   and the runs compared as it compares them. */
static void judge_thresholds(struct judge *judge,
                             const struct hg_policy *policy,
                             const struct hg_report *base,
                             const struct hg_report *head)
{
    struct hg_diff diff;
    struct hg_diff_edge_pair *edges;
    size_t i, edge_count;

    hg_diff_reports(base, head, &diff);
    hg_diff_edges(&diff, &edges, &edge_count);
    judge->j->cross_arch = diff.cross_arch;
    judge->j->unchanged = diff.unchanged;
    if (policy->judges_edges && base->has_call_graph != head->has_call_graph)
        judge->j->edges_missing_in = base->has_call_graph ? "head" : "base";
    judge->j->differences = diff.differences;
    judge->j->difference_count = diff.difference_count;
    diff.differences = NULL;
    diff.difference_count = 0;
    for (i = 0; i < policy->threshold_count; i++) {
        const struct hg_threshold *t = &policy->thresholds[i];
        if (t->judged && !(diff.cross_arch && t->metric->arch_dependent)
            && both_have(judge, t, base, head)) {
            judge_rows(judge, t, &diff, base, head);
            if (policy->judges_edges)
                judge_edges(judge, t, edges, edge_count, base, head);
        }
    }
    free(edges);
    hg_diff_free(&diff);
}

/* Regressions, improvements, notes, then the changes within; by metric,
   largest change first. */
static uint64_t size_of_change(const struct hg_verdict *v)
{
    return v->head > v->base ? v->head - v->base : v->base - v->head;
}

/* Regressions, improvements, notes, changes ignored, changes within the
   thresholds. */
static int status_rank(enum hg_verdict_status status)
{
    switch (status) {
    case HG_VERDICT_FAIL:   return 0;
    case HG_VERDICT_BETTER: return 1;
    case HG_VERDICT_NOTE:   return 2;
    case HG_VERDICT_SKIP:   return 3;
    default:                return 4;
    }
}

static int compare_threshold_verdicts(const void *a, const void *b)
{
    const struct hg_verdict *x = a, *y = b;
    uint64_t dx = size_of_change(x), dy = size_of_change(y);
    int order;
    if (x->status != y->status)
        return status_rank(x->status) < status_rank(y->status) ? -1 : 1;
    if (x->threshold != y->threshold)
        return x->threshold < y->threshold ? -1 : 1;
    if (dx != dy)
        return dx > dy ? -1 : 1;
    if ((order = strcmp(x->label, y->label)) != 0)
        return order;
    /* Two rows of one label (a name in two files): as judged. */
    return x->order < y->order ? -1 : x->order > y->order;
}

static void count_threshold_verdicts(struct hg_judgement *j, size_t first)
{
    size_t i;
    for (i = first; i < j->verdict_count; i++) {
        const struct hg_verdict *v = &j->verdicts[i];
        if (v->status == HG_VERDICT_FAIL)
            j->regressions++;
        else if (v->status == HG_VERDICT_BETTER)
            j->improvements++;
        else if (v->status == HG_VERDICT_NOTE)
            j->notes++;
        else if (v->status == HG_VERDICT_SKIP)
            j->ignored++;
        else
            j->within++;
        j->explained += v->cause != 0;
        j->causes += v->explains != 0;
    }
}

/* ------------------------------------------------------------- whole */

struct hg_judgement *hg_policy_judge(const struct hg_policy *policy,
                                     const struct hg_report *base,
                                     const struct hg_report *head)
{
    return hg_policy_judge_benchmark(policy, NULL, base, head);
}

/* Whether BUDGET judges the benchmark NAME (NULL: a lone report). */
static bool budget_applies(const struct hg_budget *budget, const char *name)
{
    return budget->benchmark == NULL
           || (name != NULL && hg_glob_match(budget->benchmark, name));
}

struct hg_judgement *hg_policy_judge_benchmark(const struct hg_policy *policy,
                                               const char *name,
                                               const struct hg_report *base,
                                               const struct hg_report *head)
{
    struct judge judge = { NULL, NULL, 0, false, NULL };
    struct hg_policy scoped = *policy;
    size_t i, first_threshold;

    /* The thresholds of the benchmark's <benchmark>: the policy's own
       otherwise. */
    for (i = 0; name != NULL && i < policy->threshold_scope_count; i++)
        if (hg_glob_match(policy->threshold_scopes[i].glob, name)) {
            scoped.thresholds = policy->threshold_scopes[i].thresholds;
            break;
        }
    policy = &scoped;
    judge.policy = policy;
    judge.j = hg_xcalloc(1, sizeof *judge.j);
    judge.j->has_base = base != NULL;
    for (i = 0; i < policy->budget_count; i++)
        if (budget_applies(&policy->budgets[i], name))
            judge_budget(&judge, &policy->budgets[i], head);
    first_threshold = judge.j->verdict_count;
    if (base != NULL) {
        judge.added_is_regression = policy->added_is_regression;
        judge_thresholds(&judge, policy, base, head);
        if (judge.j->verdict_count > first_threshold)
            qsort(judge.j->verdicts + first_threshold,
                  judge.j->verdict_count - first_threshold,
                  sizeof *judge.j->verdicts, compare_threshold_verdicts);
        if (policy->groups)
            hg_group_causes(judge.j, first_threshold, base, head);
        count_threshold_verdicts(judge.j, first_threshold);
    }
    judge_marks(&judge, policy, head);
    hg_frame_names_free(judge.frame_names, head->function_count);
    return judge.j;
}

bool hg_judgement_failed(const struct hg_judgement *judgement)
{
    return judgement->budgets_failed > 0 || judgement->regressions > 0
           || judgement->marks_dead > 0;
}

/* ------------------------------------------------------------ digits */

long hg_verdict_line(const struct hg_verdict *v)
{
    if (v->kind == HG_VERDICT_MARK)
        return v->policy_mark ? v->policy_mark->line : 0;
    return v->budget ? v->budget->line : v->threshold->line;
}

const struct hg_metric *hg_verdict_metric(const struct hg_verdict *v)
{
    if (v->kind == HG_VERDICT_MARK)
        return NULL;
    return v->budget ? v->budget->metric : v->threshold->metric;
}

const char *hg_policy_percent_text(uint64_t units, int decimals,
                                   char text[HG_VERDICT_TEXT_SIZE])
{
    unsigned fraction = (unsigned)(units % HG_PERCENT_UNIT);
    int own = fraction % 100 ? (fraction % 10 ? 4 : 3) : 2;
    int at, i;
    char four[8];

    if (decimals < own)
        decimals = own;
    snprintf(four, sizeof four, "%04u", fraction);
    at = snprintf(text, HG_VERDICT_TEXT_SIZE, "%" PRIu64 ".",
                  units / HG_PERCENT_UNIT);
    for (i = 0; i < decimals && i < HG_FRACTION_MAX_DECIMALS; i++)
        text[at++] = i < 4 ? four[i] : '0';
    text[at] = '\0';
    return text;
}

uint64_t hg_verdict_threshold(const struct hg_verdict *v)
{
    return v->head >= v->base ? v->threshold->regression
                              : v->threshold->improvement;
}

const char *hg_verdict_percent(const struct hg_verdict *v,
                               char text[HG_VERDICT_TEXT_SIZE])
{
    uint64_t change = size_of_change(v), threshold = hg_verdict_threshold(v);
    char shown_threshold[HG_VERDICT_TEXT_SIZE];
    bool at_threshold;
    int d;

    hg_policy_percent_text(threshold, 2, shown_threshold);
    d = (int)strlen(strchr(shown_threshold, '.') + 1);
    if (v->base == 0)
        return strcpy(text, "0.00");
    /* Exactly the threshold reads as it; anything else, however close,
       gets the digits that tell it apart. */
    at_threshold = !product_below(v->base, threshold, change, PERCENT_SCALE)
                   && !product_below(change, PERCENT_SCALE, v->base,
                                     threshold);
    for (;; d++) {
        hg_format_fraction(change, v->base, 2, d, text,
                           HG_VERDICT_TEXT_SIZE);
        if (at_threshold || d == HG_FRACTION_MAX_DECIMALS
            || strcmp(text, hg_policy_percent_text(threshold, d,
                                                   shown_threshold)) != 0)
            break;
    }
    return text;
}

void hg_judgement_free(struct hg_judgement *judgement)
{
    size_t i;
    if (judgement == NULL)
        return;
    for (i = 0; i < judgement->verdict_count; i++)
        hg_free_each(judgement->verdicts[i].label,
                     judgement->verdicts[i].caller,
                     judgement->verdicts[i].callee);
    hg_diff_differences_free(judgement->differences,
                             judgement->difference_count);
    free(judgement->unjudged);
    free(judgement->verdicts);
    free(judgement);
}

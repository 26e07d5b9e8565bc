/* hotgrind: unit tests of one regression, one verdict (hg_group_causes)
   and of the policy's group and <ignore>.  GPL-2.0-or-later; part of
   hotgrind. */

/* The rule (docs/policy.md, "One regression, one verdict"): a regression
   of incl-X of a function G, or of an edge into G, of increase d, is
   explained by the regression of F's own X, of increase D, when F is G
   or below G in HEAD's call graph and d <= D + s, s being G's own
   increase of X.  The reports are built here, main -> g -> f and main ->
   h, with the verdicts written by hand, so that each bound is tried at
   its edge: d = D + s is explained, d = D + s + 1 is not. */

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_common.h"
#include "policy/policy.h"

enum { MAIN, G, F, H, FUNCTIONS };

struct graph {
    struct hg_report report;
    struct hg_function functions[FUNCTIONS];
    struct hg_call main_calls[2], g_calls[1];
};

/* main -> g -> f, main -> h; g's own Ir G_IR, f's F_IR. */
static void graph(struct graph *t, uint64_t g_ir, uint64_t f_ir)
{
    static const char *const names[] = { "main", "g", "f", "h" };
    size_t i;
    memset(t, 0, sizeof *t);
    t->report.format = 1;
    t->report.arch = (char *)"amd64";
    t->report.exe = (char *)"./prog";
    t->report.has_call_graph = true;
    t->report.functions = t->functions;
    t->report.function_count = FUNCTIONS;
    for (i = 0; i < FUNCTIONS; i++) {
        t->functions[i].name = (char *)names[i];
        t->functions[i].object = (char *)"prog";
        t->functions[i].file = (char *)"prog.c";
        t->functions[i].self_ir = 100;
    }
    t->functions[G].self_ir = g_ir;
    t->functions[F].self_ir = f_ir;
    t->main_calls[0].callee = G;
    t->main_calls[1].callee = H;
    t->functions[MAIN].callees = t->main_calls;
    t->functions[MAIN].callee_count = 2;
    t->g_calls[0].callee = F;
    t->functions[G].callees = t->g_calls;
    t->functions[G].callee_count = 1;
}

struct case_ {
    struct graph base, head;
    struct hg_threshold own, inclusive;
    struct hg_verdict verdicts[3];
    struct hg_judgement j;
};

/* A regression of THRESHOLD from BASE to HEAD on the function K (of an
   edge into K when EDGE). */
static void regression(struct case_ *c, struct hg_verdict *v,
                       const struct hg_threshold *threshold, size_t k,
                       bool edge, uint64_t base, uint64_t head)
{
    memset(v, 0, sizeof *v);
    v->status = HG_VERDICT_FAIL;
    v->kind = HG_VERDICT_CHANGE;
    v->threshold = threshold;
    v->base = base;
    v->head = head;
    v->function[0] = &c->base.functions[k];
    v->function[1] = &c->head.functions[k];
    if (edge)
        v->caller = (char *)"caller";
}

/* f's own Ir up by D (1,000 -> 1,000 + D), g's by S; a regression of
   incl-Ir of size DELTA on the row of function K (an edge into K when
   EDGE); grouped.  Returns the cause of that regression: 1 (f's), or 0. */
static size_t cause_of(struct case_ *c, uint64_t d, uint64_t s,
                       uint64_t delta, size_t k, bool edge)
{
    memset(c, 0, sizeof *c);
    graph(&c->base, 500, 1000);
    graph(&c->head, 500 + s, 1000 + d);
    c->own.metric = hg_metric_named("Ir");
    c->inclusive.metric = hg_metric_named("incl-Ir");
    ck_assert_ptr_nonnull(c->own.metric);
    ck_assert_ptr_nonnull(c->inclusive.metric);
    regression(c, &c->verdicts[0], &c->own, F, false, 1000, 1000 + d);
    regression(c, &c->verdicts[1], &c->inclusive, k, edge, 10000,
               10000 + delta);
    c->j.verdicts = c->verdicts;
    c->j.verdict_count = 2;
    hg_group_causes(&c->j, 0, &c->base.report, &c->head.report);
    if (c->verdicts[1].cause != 0) {
        ck_assert_uint_eq(c->verdicts[0].explains, 1);
        ck_assert_uint_eq(c->verdicts[0].explained_low, delta);
        ck_assert_uint_eq(c->verdicts[0].explained_edges, edge);
        ck_assert_uint_eq(c->verdicts[0].explained_functions, !edge);
    } else {
        ck_assert_uint_eq(c->verdicts[0].explains, 0);
    }
    return c->verdicts[1].cause;
}

START_TEST(explains_up_to_the_cause_plus_its_own)
{
    struct case_ c;
    /* g's row and the edge main -> g: f is below g. */
    ck_assert_uint_eq(cause_of(&c, 800, 0, 800, G, false), 1);
    ck_assert_uint_eq(cause_of(&c, 800, 0, 801, G, false), 0);
    ck_assert_uint_eq(cause_of(&c, 800, 0, 800, G, true), 1);
    ck_assert_uint_eq(cause_of(&c, 800, 0, 801, G, true), 0);
    /* g's own +30 counts: up to 830, not 831. */
    ck_assert_uint_eq(cause_of(&c, 800, 30, 830, G, false), 1);
    ck_assert_uint_eq(cause_of(&c, 800, 30, 831, G, false), 0);
    /* main's own Ir did not move: g's +30 is not main's. */
    ck_assert_uint_eq(cause_of(&c, 800, 30, 830, MAIN, false), 0);
    ck_assert_uint_eq(cause_of(&c, 800, 30, 800, MAIN, false), 1);
    /* Less than the cause's increase is within it. */
    ck_assert_uint_eq(cause_of(&c, 800, 0, 1, MAIN, false), 1);
    /* f's own incl-Ir row: f is f. */
    ck_assert_uint_eq(cause_of(&c, 800, 0, 800, F, false), 1);
}
END_TEST

START_TEST(explains_only_from_below)
{
    struct case_ c;
    /* h does not call f, nor does an edge into h hold f. */
    ck_assert_uint_eq(cause_of(&c, 800, 0, 800, H, false), 0);
    ck_assert_uint_eq(cause_of(&c, 800, 0, 800, H, true), 0);
}
END_TEST

START_TEST(explains_nothing_without_a_call_graph_or_a_failing_cause)
{
    struct case_ c;
    cause_of(&c, 800, 0, 800, G, false);
    c.verdicts[1].cause = c.verdicts[0].explains = 0;
    c.head.report.has_call_graph = false;
    hg_group_causes(&c.j, 0, &c.base.report, &c.head.report);
    ck_assert_uint_eq(c.verdicts[1].cause, 0);
    /* A cause within its threshold explains nothing. */
    c.head.report.has_call_graph = true;
    c.verdicts[0].status = HG_VERDICT_WITHIN;
    hg_group_causes(&c.j, 0, &c.base.report, &c.head.report);
    ck_assert_uint_eq(c.verdicts[1].cause, 0);
    /* Nor does one of a metric with no incl- twin (calls), nor does an
       own regression of another metric than incl-'s (Ir for incl-D1mr). */
    c.verdicts[0].status = HG_VERDICT_FAIL;
    c.own.metric = hg_metric_named("calls");
    hg_group_causes(&c.j, 0, &c.base.report, &c.head.report);
    ck_assert_uint_eq(c.verdicts[1].cause, 0);
    c.own.metric = hg_metric_named("Ir");
    c.inclusive.metric = hg_metric_named("incl-D1mr");
    hg_group_causes(&c.j, 0, &c.base.report, &c.head.report);
    ck_assert_uint_eq(c.verdicts[1].cause, 0);
}
END_TEST

START_TEST(the_largest_cause_below_wins)
{
    struct case_ c;
    /* A second cause, g's own Ir +900 (and f's +800): g's incl-Ir +900
       is within both (900 <= 800 + 900, 900 <= 900 + 0... g is below
       g), and g's is the larger. */
    cause_of(&c, 800, 900, 900, G, false);
    ck_assert_uint_eq(c.verdicts[1].cause, 1);
    c.verdicts[1].cause = c.verdicts[0].explains = 0;
    regression(&c, &c.verdicts[2], &c.own, G, false, 500, 1400);
    c.j.verdict_count = 3;
    hg_group_causes(&c.j, 0, &c.base.report, &c.head.report);
    ck_assert_uint_eq(c.verdicts[1].cause, 3);
    ck_assert_uint_eq(c.verdicts[2].explains, 1);
    ck_assert_uint_eq(c.verdicts[0].explains, 0);
}
END_TEST

/* The policy fixture NAME of tests/data/check-group; NULL with
   PROBLEM. */
static struct hg_policy *policy_named(const char *name, char *problem)
{
    return hg_policy_load(hg_fixture("check-group", name), problem,
                          HG_PROBLEM_SIZE);
}

START_TEST(reads_group_and_ignores)
{
    char problem[HG_PROBLEM_SIZE] = "";
    struct hg_policy *p = policy_named("read.xml", problem);
    ck_assert_msg(p != NULL, "%s", problem);
    ck_assert(!p->groups);
    ck_assert_uint_eq(p->ignore_count, 2);
    ck_assert_int_eq(p->ignores[0].line, 4);
    ck_assert_str_eq(p->ignores[0].object, "libc.so*");
    ck_assert_str_eq(p->ignores[0].glob, "mem*");
    ck_assert_str_eq(p->ignores[0].reason, "copies follow sizes");
    ck_assert_ptr_null(p->ignores[1].object);
    ck_assert_str_eq(p->ignores[1].glob, "hash");
    hg_policy_free(p);
    /* By default, grouped, nothing ignored. */
    p = policy_named("grouped.xml", problem);
    ck_assert_msg(p != NULL, "%s", problem);
    ck_assert(p->groups);
    ck_assert_uint_eq(p->ignore_count, 0);
    hg_policy_free(p);
    /* <ignore> after the <metric>s, before the <benchmark>s. */
    ck_assert_ptr_null(policy_named("bad-order.xml", problem));
    ck_assert_msg(strstr(problem, "line 6") != NULL, "%s", problem);
}
END_TEST

/* Two cases: the rule, on the graphs built above, and the policy's side
   of it. */
Suite *hg_unit_suite(void)
{
    Suite *suite = suite_create("group");
    TCase *rule = hg_tcase(suite, "causes", 0),
          *policy = hg_tcase(suite, "policy", 0);
    tcase_add_test(policy, reads_group_and_ignores);
    tcase_add_test(rule, explains_up_to_the_cause_plus_its_own);
    tcase_add_test(rule, explains_only_from_below);
    tcase_add_test(rule,
                   explains_nothing_without_a_call_graph_or_a_failing_cause);
    tcase_add_test(rule, the_largest_cause_below_wins);
    return suite;
}

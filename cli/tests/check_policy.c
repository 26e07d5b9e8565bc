/* hotgrind: unit tests of the policy reader and of the verdicts of
   `hotgrind check`.  GPL-2.0-or-later; part of hotgrind. */

/* The fixtures in tests/data/check are hand-written; what must come out
   of them is written here, worked out by hand (the numbers are explained
   in tests/check.sh).  Edge cases of the arithmetic use reports built in
   memory. */

#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_common.h"
#include "policy/policy.h"
#include "util/xalloc.h"
#include "xml/embedded-schema.h"
#include "xml/xml-safe.h"

#ifndef HG_TEST_DATA
#define HG_TEST_DATA "tests/data"
#endif
#ifndef HG_POLICY_SCHEMA_FILE
#define HG_POLICY_SCHEMA_FILE "../docs/policy.xsd"
#endif

static const char *fixture(const char *name)
{
    return hg_fixture("check", name);
}

/* What was loaded from the fixture NAME: there, or PROBLEM says why. */
static void *loaded(void *thing, const char *name, const char *problem)
{
    ck_assert_msg(thing != NULL, "%s: %s", name, problem);
    return thing;
}

static struct hg_policy *policy_ok(const char *name)
{
    char problem[HG_PROBLEM_SIZE] = "";
    return loaded(hg_policy_load(fixture(name), problem, sizeof problem),
                  name, problem);
}

static struct hg_report *report_ok(const char *name)
{
    return hg_fixture_report("check", name);
}

/* A policy written to a scratch file, for cases without a fixture. */
static struct hg_policy *policy_from_text(const char *text, char *problem,
                                          size_t problem_size)
{
    char path[] = "/tmp/hotgrind-policy-XXXXXX";
    FILE *file = hg_scratch_file(path);
    struct hg_policy *policy;

    fputs(text, file);
    fclose(file);
    policy = hg_policy_load(path, problem, problem_size);
    remove(path);
    return policy;
}

static const struct hg_threshold *threshold(const struct hg_policy *policy,
                                            const char *metric)
{
    size_t i;
    for (i = 0; i < policy->threshold_count; i++)
        if (strcmp(policy->thresholds[i].metric->name, metric) == 0)
            return &policy->thresholds[i];
    ck_abort_msg("no threshold for %s", metric);
    return NULL;
}

/* ------------------------------------------------------------ globs */

START_TEST(globs_match_the_whole_name)
{
    ck_assert(hg_glob_match("parse", "parse"));
    ck_assert(!hg_glob_match("parse", "parse_header"));
    ck_assert(!hg_glob_match("parse", "xparse"));
    ck_assert(hg_glob_match("parse*", "parse_header"));
    ck_assert(hg_glob_match("parse*", "parse"));
    ck_assert(hg_glob_match("*", ""));
    ck_assert(hg_glob_match("*", "anything at all"));
    ck_assert(!hg_glob_match("?", ""));
    ck_assert(hg_glob_match("?arse", "parse"));
    ck_assert(!hg_glob_match("?arse", "arse"));
    ck_assert(hg_glob_match("*::parse*", "Parser::parse(char const*)"));
    ck_assert(hg_glob_match("a*b*c", "a-b-b-c"));
    ck_assert(!hg_glob_match("a*b*c", "a-b-b-"));
    /* No escapes: a backslash is an ordinary byte. */
    ck_assert(hg_glob_match("a\\*", "a\\xyz"));
    ck_assert(!hg_glob_match("a\\*", "a*"));
    /* UTF-8 is bytes: '?' matches one byte of a two-byte character. */
    ck_assert(hg_glob_match("caf??", "caf\xc3\xa9"));
}
END_TEST

/* The backtracking is bounded: this takes microseconds, not the age of
   the universe. */
START_TEST(globs_do_not_go_exponential)
{
    char text[4001], glob[201];
    int i;
    memset(text, 'a', sizeof text - 1);
    text[sizeof text - 1] = '\0';
    for (i = 0; i < 200; i += 2) {
        glob[i] = 'a';
        glob[i + 1] = '*';
    }
    glob[199] = 'b';
    glob[200] = '\0';
    ck_assert(!hg_glob_match(glob, text));
}
END_TEST

START_TEST(metric_names_include_the_mean)
{
    ck_assert_ptr_eq(hg_policy_metric_named("mean"), &hg_policy_mean);
    ck_assert_ptr_eq(hg_policy_metric_named("Ir"), hg_metric_named("Ir"));
    ck_assert_ptr_null(hg_policy_metric_named("Irr"));
    ck_assert_ptr_null(hg_policy_metric_named(""));
}
END_TEST

/* The built-in schema is docs/policy.xsd, byte for byte. */
START_TEST(embedded_schema_is_docs_policy_xsd)
{
    hg_assert_file_holds(HG_POLICY_SCHEMA_FILE, hg_embedded_policy_schema,
                         hg_embedded_policy_schema_size);
}
END_TEST

/* ----------------------------------------------------------- reader */

static void assert_budget(const struct hg_budget *b, long line,
                          enum hg_budget_target target, const char *object,
                          const char *glob, const char *metric)
{
    ck_assert_int_eq(b->line, line);
    ck_assert_int_eq(b->target, target);
    hg_assert_str_or_null(b->object, object);
    hg_assert_str_or_null(b->glob, glob);
    ck_assert_str_eq(b->metric->name, metric);
}

START_TEST(reads_every_kind_of_budget)
{
    struct hg_policy *p = policy_ok("budgets.xml");
    const struct hg_budget *b = p->budgets;

    ck_assert_uint_eq(p->budget_count, 18);
    ck_assert(!p->has_thresholds);

    assert_budget(&b[0], 5, HG_BUDGET_FUNCTION, NULL, "parse", "calls");
    ck_assert(b[0].exact && b[0].has_min && b[0].has_max);
    ck_assert_uint_eq(b[0].min, 100);
    ck_assert_uint_eq(b[0].max, 100);

    assert_budget(&b[1], 6, HG_BUDGET_FUNCTION, "bench", "parse", "calls");
    ck_assert_str_eq(b[1].pattern, "bench:parse");
    ck_assert(!b[1].exact && b[1].has_min && b[1].has_max);
    ck_assert_uint_eq(b[1].min, 1);
    ck_assert_uint_eq(b[1].max, 50);

    /* The mean in hundredths. */
    assert_budget(&b[3], 8, HG_BUDGET_FUNCTION, NULL, "parse", "mean");
    ck_assert_ptr_eq(b[3].metric, &hg_policy_mean);
    ck_assert(!b[3].has_min && b[3].has_max);
    ck_assert_uint_eq(b[3].max, 420000);
    ck_assert_uint_eq(b[4].max, 419999);

    assert_budget(&b[5], 10, HG_BUDGET_FUNCTION, "bench", "*", "allocs");
    assert_budget(&b[7], 12, HG_BUDGET_ZONE, NULL, "startup", "calls");
    assert_budget(&b[8], 13, HG_BUDGET_ZONE, NULL, "start*", "incl-Ir");
    assert_budget(&b[9], 14, HG_BUDGET_TOTAL, NULL, NULL, "Ir");
    ck_assert_ptr_null(b[9].pattern);
    ck_assert_uint_eq(b[9].max, 1000000);
    assert_budget(&b[11], 16, HG_BUDGET_TOTAL, NULL, NULL, "allocs");
    ck_assert(b[11].has_min && !b[11].has_max);
    ck_assert_uint_eq(b[11].min, 10);
    ck_assert(!b[12].optional);
    ck_assert(b[13].optional);
    assert_budget(&b[16], 21, HG_BUDGET_FUNCTION, "libc.so.6", "mem*", "Ir");
    assert_budget(&b[17], 22, HG_BUDGET_FUNCTION, NULL, "?arse", "p95");
    hg_policy_free(p);
}
END_TEST

/* As --mark splits it: "::" belongs to the name; a zone's pattern is
   never split; white space around tokens is XML's, not the value's. */
START_TEST(splits_obj_pattern_like_mark)
{
    char problem[HG_PROBLEM_SIZE] = "";
    struct hg_policy *p = policy_from_text(
        "<policy format='1'><budgets>\n"
        "<function pattern='Parser::parse*' metric='calls' max='1'/>\n"
        "<function pattern='prog:Parser::parse*' metric=' calls ' "
        "max=' 2 ' optional=' yes '/>\n"
        "<zone pattern='a:b' metric='mean' min='0.5'/>\n"
        "<function pattern='lib::x:y' metric='Ir' max='3'/>\n"
        "</budgets></policy>\n", problem, sizeof problem);
    ck_assert_msg(p != NULL, "%s", problem);
    assert_budget(&p->budgets[0], 2, HG_BUDGET_FUNCTION, NULL,
                  "Parser::parse*", "calls");
    assert_budget(&p->budgets[1], 3, HG_BUDGET_FUNCTION, "prog",
                  "Parser::parse*", "calls");
    ck_assert_uint_eq(p->budgets[1].max, 2);
    ck_assert(p->budgets[1].optional);
    assert_budget(&p->budgets[2], 4, HG_BUDGET_ZONE, NULL, "a:b", "mean");
    ck_assert_uint_eq(p->budgets[2].min, 50);
    assert_budget(&p->budgets[3], 5, HG_BUDGET_FUNCTION, "lib::x", "y",
                  "Ir");
    hg_policy_free(p);
}
END_TEST

START_TEST(defaults_when_the_policy_says_nothing)
{
    struct hg_policy *p = policy_ok("defaults.xml");
    size_t n, i, judged = 0;
    const struct hg_metric *all = hg_metrics(&n);
    const struct hg_threshold *ir = threshold(p, "Ir");

    ck_assert_uint_eq(p->budget_count, 0);
    ck_assert(!p->has_thresholds);
    ck_assert(!p->added_is_regression);
    ck_assert_uint_eq(p->threshold_count, n + 1);
    for (i = 0; i < n; i++)
        ck_assert_ptr_eq(p->thresholds[i].metric, &all[i]);
    ck_assert_ptr_eq(p->thresholds[n].metric, &hg_policy_mean);
    ck_assert(ir->judged && !ir->listed);
    ck_assert_int_eq(ir->line, 0);
    ck_assert_uint_eq(ir->regression, 50000);        /* 5% */
    ck_assert(ir->reports_improvement);
    ck_assert_uint_eq(ir->improvement, 50000);       /* 5% */
    ck_assert_uint_eq(ir->floor, 1000);              /* 0.1% */
    ck_assert_uint_eq(ir->floor_count, 0);
    for (i = 0; i < p->threshold_count; i++)
        judged += p->thresholds[i].judged;
    ck_assert_uint_eq(judged, 8);
    ck_assert(threshold(p, "calls")->judged);
    ck_assert(threshold(p, "incl-alloc-bytes")->judged);
    ck_assert(threshold(p, "peak-bytes")->judged);
    ck_assert(!threshold(p, "D1mr")->judged);
    ck_assert(!threshold(p, "p95")->judged);
    ck_assert(!threshold(p, "mean")->judged);
    hg_policy_free(p);
}
END_TEST

START_TEST(metric_thresholds_override_the_policys)
{
    struct hg_policy *p = policy_ok("thresholds.xml");
    const struct hg_threshold *t;

    ck_assert(p->has_thresholds);
    t = threshold(p, "Ir");
    ck_assert(t->judged && t->listed);
    ck_assert_int_eq(t->line, 4);
    ck_assert_uint_eq(t->regression, 50000);
    ck_assert_uint_eq(t->improvement, 100000);
    ck_assert_uint_eq(t->floor, 1000);
    t = threshold(p, "calls");
    ck_assert_int_eq(t->line, 5);
    ck_assert_uint_eq(t->regression, 0);
    ck_assert_uint_eq(threshold(p, "incl-Ir")->regression, 250000);
    t = threshold(p, "alloc-bytes");
    ck_assert(t->listed && !t->judged);
    t = threshold(p, "mean");
    ck_assert(t->listed && t->judged);
    ck_assert_uint_eq(t->regression, 100000);
    ck_assert(threshold(p, "D1mr")->judged);
    /* Not listed: the defaults' choice, with <thresholds>' values. */
    t = threshold(p, "allocs");
    ck_assert(t->judged && !t->listed);
    ck_assert_int_eq(t->line, 3);
    ck_assert_uint_eq(t->improvement, 100000);
    ck_assert(!threshold(p, "frees")->judged);
    hg_policy_free(p);
}
END_TEST

START_TEST(reads_floors_off_and_added)
{
    struct hg_policy *p = policy_ok("strict.xml");
    const struct hg_threshold *t = threshold(p, "Ir");
    size_t i, judged = 0;

    ck_assert(p->added_is_regression);
    ck_assert(!t->reports_improvement);
    ck_assert_uint_eq(t->regression, 500000);
    ck_assert_uint_eq(t->floor, 0);
    ck_assert_uint_eq(t->floor_count, 1000);
    for (i = 0; i < p->threshold_count; i++)
        judged += p->thresholds[i].judged;
    ck_assert_uint_eq(judged, 1);   /* default-metrics="no" */
    hg_policy_free(p);
}
END_TEST

START_TEST(reads_marks_in_file_order)
{
    struct hg_policy *p = policy_ok("marks-one-optional.xml");
    ck_assert_uint_eq(p->mark_count, 2);
    ck_assert_str_eq(p->marks[0].glob, "old_*");
    ck_assert(p->marks[0].optional);
    ck_assert_int_eq(p->marks[0].line, 5);
    ck_assert_str_eq(p->marks[1].glob, "libz.so.1:inflate*");
    ck_assert(!p->marks[1].optional);
    ck_assert_int_eq(p->marks[1].line, 6);
    hg_policy_free(p);
}
END_TEST

START_TEST(percentages_keep_four_decimals)
{
    char problem[HG_PROBLEM_SIZE] = "";
    struct hg_policy *p = policy_from_text(
        "<policy format='1'><thresholds regression='0.0001' floor='100'"
        " improvement='999999999.9999'><metric name='calls' floor='0.05'"
        " floor-count='18446744073709551615'/></thresholds></policy>",
        problem, sizeof problem);
    ck_assert_msg(p != NULL, "%s", problem);
    ck_assert_uint_eq(threshold(p, "Ir")->regression, 1);
    ck_assert_uint_eq(threshold(p, "Ir")->floor, 1000000);
    ck_assert_uint_eq(threshold(p, "Ir")->improvement, 9999999999999ull);
    ck_assert_uint_eq(threshold(p, "calls")->floor, 500);
    ck_assert_uint_eq(threshold(p, "calls")->floor_count, UINT64_MAX);
    hg_policy_free(p);
}
END_TEST

/* Every broken policy of bad/: NULL, and the line of the problem. */
START_TEST(refuses_broken_policies_with_their_line)
{
    static const struct { const char *name, *problem; } cases[] = {
        { "bad/malformed.xml", "line 5: Opening and ending tag mismatch" },
        { "bad/unknown-attribute.xml", "line 5: Element 'function', "
          "attribute 'maxx'" },
        { "bad/unknown-element.xml", "line 4: Element 'budget'" },
        { "bad/duplicate-metric.xml", "line 6: Element 'metric': Duplicate" },
        { "bad/floor-above-100.xml", "line 3: Element 'thresholds', "
          "attribute 'floor'" },
        { "bad/negative-limit.xml", "line 4: " },
        { "bad/exponent-limit.xml", "line 4: " },
        { "bad/no-format.xml", "line 2: " },
        { "bad/format-2.xml", "line 2: policy format 2 is not supported" },
        { "bad/not-a-policy.xml", "line 2: <rules> is not" },
        { "bad/namespaced.xml", "line 2: <policy> in a namespace" },
        { "bad/unknown-metric.xml", "line 4: unknown metric 'Irr'" },
        { "bad/unknown-threshold-metric.xml", "line 5: unknown metric" },
        { "bad/exact-and-max.xml", "line 5: <function> has exact and" },
        { "bad/no-limit.xml", "line 4: <zone> has no limit" },
        { "bad/min-above-max.xml", "line 4: <total> has min above max" },
        { "bad/decimals-on-count.xml", "line 4: <function> max=\"3.5\"" },
        { "bad/limit-too-large.xml", "line 4: <total> max=" },
        { "bad/mean-too-large.xml", "line 4: <function> max=" },
        { "bad/total-with-calls.xml", "line 4: <total> cannot have" },
        { "bad/zone-with-self.xml", "line 4: <zone> cannot have" },
        { "bad/function-with-run-figure.xml", "line 4: <function> cannot" },
        { "bad/empty-object.xml", "line 4: <function> pattern=\":parse\"" },
        { "bad/empty-pattern.xml", "line 4: <function> pattern=" },
        { "bad/bad-utf8.xml", "line 4: " },
        { "bad/external-entity.xml", "line 2: DOCTYPE not allowed" },
        { "bad/entity-bomb.xml", "line 2: DOCTYPE not allowed" },
        { "bad/doctype-http.xml", "line 2: DOCTYPE not allowed" },
        { "bad/xinclude.xml", "line 3: " },
        { "bad/empty.xml", "the file is empty" },
        { "head.xml", "line 5: <hotgrind> is not a hotgrind policy" },
    };
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char problem[HG_PROBLEM_SIZE] = "";
        struct hg_policy *p = hg_policy_load(fixture(cases[i].name), problem,
                                             sizeof problem);
        ck_assert_msg(p == NULL, "%s loaded", cases[i].name);
        ck_assert_msg(strncmp(problem, cases[i].problem,
                              strlen(cases[i].problem)) == 0,
                      "%s: '%s'", cases[i].name, problem);
        ck_assert_ptr_null(strchr(problem, '\n'));
    }
}
END_TEST

/* Past line 65535 libxml2 2.9 keeps an element's line only as 65535: a
   problem on an element with nothing before it on its line (no white
   space, so no text node to read the line from) must still name its own
   line.  Here a metric on line 100,001, after a comment of 100,000 lines. */
START_TEST(names_the_right_line_past_65535)
{
    char problem[HG_PROBLEM_SIZE] = "";
    size_t lines = 100000, i, size = lines + 200;
    char *text = malloc(size), *p = text;

    ck_assert_ptr_nonnull(text);
    p += sprintf(p, "<?xml version=\"1.0\"?><!--");
    for (i = 1; i < lines; i++)
        *p++ = '\n';
    sprintf(p, "-->\n<policy format=\"1\"><thresholds><metric "
            "name=\"Irr\"/></thresholds></policy>\n");
    ck_assert_ptr_null(policy_from_text(text, problem, sizeof problem));
    ck_assert_str_eq(problem, "line 100001: unknown metric 'Irr' "
                     "(`hotgrind help check` lists them)");
    free(text);
}
END_TEST

/* Whatever file it is given, the reader answers without crashing: every
   report fixture, read as a policy. */
START_TEST(survives_every_report_fixture)
{
    DIR *dir = opendir(HG_TEST_DATA);
    struct dirent *entry;
    size_t files = 0;

    ck_assert_ptr_nonnull(dir);
    while ((entry = readdir(dir)) != NULL) {
        char path[4096], problem[HG_PROBLEM_SIZE] = "";
        size_t n = strlen(entry->d_name);
        if (n < 4 || strcmp(entry->d_name + n - 4, ".xml") != 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", HG_TEST_DATA, entry->d_name);
        ck_assert_ptr_null(hg_policy_load(path, problem, sizeof problem));
        ck_assert_msg(problem[0] != '\0', "%s: no problem", entry->d_name);
        files++;
    }
    closedir(dir);
    ck_assert_uint_gt(files, 40);
}
END_TEST

/* --------------------------------------------------------- verdicts */

static void assert_verdict(const struct hg_verdict *v,
                           enum hg_verdict_status status,
                           enum hg_verdict_kind kind, const char *metric,
                           const char *label, uint64_t base, uint64_t head)
{
    const struct hg_metric *m = v->budget ? v->budget->metric
                                          : v->threshold->metric;
    ck_assert_msg(v->status == status && v->kind == kind,
                  "status %d kind %d, want %d %d", (int)v->status,
                  (int)v->kind, (int)status, (int)kind);
    ck_assert_str_eq(m->name, metric);
    hg_assert_str_or_null(v->label, label);
    ck_assert_uint_eq(v->base, base);
    ck_assert_uint_eq(v->head, head);
}

/* POLICY applied to the fixture HEAD, and BASE unless NULL. */
struct judged {
    struct hg_policy *policy;
    struct hg_report *base, *head;
    struct hg_judgement *j;
};

static void free_judged(struct judged *c)
{
    hg_judgement_free(c->j);
    hg_report_free(c->head);
    hg_report_free(c->base);
    hg_policy_free(c->policy);
}

static struct judged judge_fixtures(const char *policy, const char *base,
                                    const char *head)
{
    struct judged c;
    c.policy = policy_ok(policy);
    c.base = base ? report_ok(base) : NULL;
    c.head = report_ok(head);
    c.j = hg_policy_judge(c.policy, c.base, c.head);
    ck_assert_ptr_nonnull(c.j);
    return c;
}

START_TEST(budgets_on_head)
{
    struct judged c = judge_fixtures("budgets.xml", NULL, "head.xml");
    const struct hg_judgement *j = c.j;
    const struct hg_verdict *v = j->verdicts;

    ck_assert(!j->has_base);
    ck_assert_uint_eq(j->verdict_count, 23);   /* and head.xml's mark */
    ck_assert_uint_eq(j->budgets_passed, 12);
    ck_assert_uint_eq(j->budgets_failed, 9);
    ck_assert_uint_eq(j->budgets_skipped, 1);
    ck_assert_uint_eq(j->regressions + j->improvements + j->notes, 0);
    ck_assert(hg_judgement_failed(j));
    assert_verdict(&v[0], HG_VERDICT_PASS, HG_VERDICT_VALUE, "calls",
                   "parse (bench)", 0, 100);
    assert_verdict(&v[1], HG_VERDICT_FAIL, HG_VERDICT_VALUE, "calls",
                   "parse (bench)", 0, 100);
    assert_verdict(&v[3], HG_VERDICT_PASS, HG_VERDICT_VALUE, "mean",
                   "parse (bench)", 0, 420000);
    assert_verdict(&v[4], HG_VERDICT_FAIL, HG_VERDICT_VALUE, "mean",
                   "parse (bench)", 0, 420000);
    /* bench:* and allocs: main, parse, hash, new_helper, tiny in report
       order; memcpy is in libc.so.6. */
    assert_verdict(&v[5], HG_VERDICT_PASS, HG_VERDICT_VALUE, "allocs",
                   "main (bench)", 0, 2);
    assert_verdict(&v[6], HG_VERDICT_FAIL, HG_VERDICT_VALUE, "allocs",
                   "parse (bench)", 0, 150);
    assert_verdict(&v[9], HG_VERDICT_PASS, HG_VERDICT_VALUE, "allocs",
                   "tiny (bench)", 0, 0);
    assert_verdict(&v[12], HG_VERDICT_FAIL, HG_VERDICT_VALUE, "incl-Ir",
                   "zone startup", 0, 100000);
    assert_verdict(&v[13], HG_VERDICT_PASS, HG_VERDICT_VALUE, "Ir",
                   "(total)", 0, 994400);
    assert_verdict(&v[16], HG_VERDICT_FAIL, HG_VERDICT_UNMATCHED, "Ir",
                   NULL, 0, 0);
    assert_verdict(&v[17], HG_VERDICT_SKIP, HG_VERDICT_UNMATCHED, "calls",
                   NULL, 0, 0);
    assert_verdict(&v[18], HG_VERDICT_FAIL, HG_VERDICT_NO_VALUE, "calls",
                   NULL, 0, 0);
    ck_assert_uint_eq(v[18].matched, 1);
    /* head.xml has no cache figures at all. */
    assert_verdict(&v[19], HG_VERDICT_FAIL, HG_VERDICT_NO_FIGURE, "D1mr",
                   NULL, 0, 0);
    assert_verdict(&v[21], HG_VERDICT_PASS, HG_VERDICT_VALUE, "p95",
                   "parse (bench)", 0, 4700);
    /* <mark pattern="parse" functions="1" entered="1"/> */
    ck_assert_int_eq(v[22].kind, HG_VERDICT_MARK);
    ck_assert_int_eq(v[22].status, HG_VERDICT_PASS);
    ck_assert_str_eq(v[22].mark->pattern, "parse");
    ck_assert_uint_eq(j->marks_entered, 1);
    ck_assert_uint_eq(j->marks_dead + j->marks_optional, 0);
    free_judged(&c);
}
END_TEST

START_TEST(thresholds_on_the_change)
{
    struct judged c = judge_fixtures("thresholds.xml", "base.xml",
                                     "head.xml");
    const struct hg_judgement *j = c.j;
    const struct hg_verdict *v = j->verdicts;

    ck_assert(j->has_base && !j->cross_arch);
    ck_assert_uint_eq(j->difference_count, 0);
    /* 9 past a threshold or in one report, 3 within, head.xml's mark */
    ck_assert_uint_eq(j->verdict_count, 13);
    ck_assert_uint_eq(j->regressions, 6);
    ck_assert_uint_eq(j->improvements, 1);
    ck_assert_uint_eq(j->notes, 2);
    /* Changes within: the total's and main's Ir, parse's incl-Ir; under
       the floor: tiny's Ir, new_helper's and old_helper's 0 allocs. */
    ck_assert_uint_eq(j->within, 3);
    ck_assert_uint_eq(j->under_floor, 3);
    ck_assert_uint_eq(j->unchanged, 2);   /* memcpy, zone startup */
    assert_verdict(&v[0], HG_VERDICT_FAIL, HG_VERDICT_CHANGE, "Ir",
                   "parse (bench)", 300000, 360000);
    ck_assert_int_eq(v[0].threshold->line, 4);
    /* Equal changes: by label, "(total)" first. */
    assert_verdict(&v[1], HG_VERDICT_FAIL, HG_VERDICT_CHANGE, "allocs",
                   "(total)", 102, 152);
    assert_verdict(&v[2], HG_VERDICT_FAIL, HG_VERDICT_CHANGE, "allocs",
                   "parse (bench)", 100, 150);
    assert_verdict(&v[5], HG_VERDICT_FAIL, HG_VERDICT_CHANGE, "mean",
                   "parse (bench)", 350000, 420000);
    assert_verdict(&v[6], HG_VERDICT_BETTER, HG_VERDICT_CHANGE, "Ir",
                   "hash (bench)", 200000, 150000);
    assert_verdict(&v[7], HG_VERDICT_NOTE, HG_VERDICT_REMOVED, "Ir",
                   "old_helper (bench)", 50000, 0);
    assert_verdict(&v[8], HG_VERDICT_NOTE, HG_VERDICT_ADDED, "Ir",
                   "new_helper (bench)", 0, 30000);
    /* Within, by metric then largest change: the total's Ir (1,000,000
       -> 994,400) before main's. */
    assert_verdict(&v[9], HG_VERDICT_WITHIN, HG_VERDICT_CHANGE, "Ir",
                   "(total)", 1000000, 994400);
    ck_assert_int_eq(v[12].kind, HG_VERDICT_MARK);
    /* D1mr is listed, and neither report simulated the cache. */
    ck_assert_uint_eq(j->unjudged_count, 1);
    ck_assert_str_eq(j->unjudged[0].threshold->metric->name, "D1mr");
    ck_assert_str_eq(j->unjudged[0].missing_in, "both");
    free_judged(&c);
}
END_TEST

START_TEST(across_architectures_calls_and_heap_only)
{
    struct judged c = judge_fixtures("defaults.xml", "base.xml",
                                     "head-arm64.xml");
    const struct hg_judgement *j = c.j;

    ck_assert(j->cross_arch);
    ck_assert_uint_eq(j->verdict_count, 2);    /* and the mark */
    ck_assert_int_eq(j->verdicts[1].kind, HG_VERDICT_MARK);
    assert_verdict(&j->verdicts[0], HG_VERDICT_FAIL, HG_VERDICT_CHANGE,
                   "calls", "parse (bench)", 100, 120);
    ck_assert_uint_eq(j->within, 0);     /* the heap did not change */
    ck_assert_uint_eq(j->under_floor, 0);
    ck_assert_uint_eq(j->difference_count, 1);
    ck_assert_str_eq(j->differences[0].what, "platform");
    ck_assert_str_eq(j->differences[0].head, "arm64-baseline");
    free_judged(&c);
}
END_TEST

START_TEST(warns_of_every_difference_in_the_runs)
{
    static const char *const expected[][3] = {
        { "Valgrind", "3.19.0", "3.22.0" },
        { "platform", "amd64-cx16-lzcnt-rdtscp-sse3-ssse3-avx-avx2-bmi",
          "amd64-cx16-lzcnt-rdtscp-sse3-ssse3-avx" },
        { "libc", "glibc 2.36", "glibc 2.37" },
        { "environment", "3 variables, 64 bytes", "4 variables, 90 bytes" },
        { "GLIBC_TUNABLES", "(unset)", "glibc.cpu.hwcaps=-AVX2" },
        { "option alloc-fn", "(not given)", "xmalloc" },
    };
    struct judged c = judge_fixtures("defaults.xml", "base.xml",
                                     "drift.xml");
    const struct hg_judgement *j = c.j;
    size_t i;

    ck_assert_uint_eq(j->difference_count, 6);
    for (i = 0; i < 6; i++) {
        ck_assert_str_eq(j->differences[i].what, expected[i][0]);
        ck_assert_str_eq(j->differences[i].base, expected[i][1]);
        ck_assert_str_eq(j->differences[i].head, expected[i][2]);
    }
    ck_assert(!hg_judgement_failed(j));
    ck_assert_uint_eq(j->within + j->under_floor, 0);
    ck_assert_uint_eq(j->unchanged, 7);
    free_judged(&c);
}
END_TEST

/* ----------------------------------------- edges, on reports in memory */

/* A report of one function F (Ir F_IR) and a rest, TOTAL Ir in all. */
struct tiny_report {
    struct hg_report report;
    struct hg_function functions[2];
};

static void tiny_report(struct tiny_report *t, uint64_t f_ir, uint64_t total)
{
    memset(t, 0, sizeof *t);
    t->report.format = 1;
    t->report.arch = (char *)"amd64";
    t->report.tool_version = (char *)"0.1.0";
    t->report.valgrind_version = (char *)"3.19.0";
    t->report.exe = (char *)"./prog";
    t->report.total_ir = total;
    t->report.functions = t->functions;
    t->report.function_count = 2;
    t->functions[0].name = (char *)"f";
    t->functions[0].object = (char *)"prog";
    t->functions[0].file = (char *)"f.c";
    t->functions[0].self_ir = f_ir;
    t->functions[1].name = (char *)"rest";
    t->functions[1].object = (char *)"prog";
    t->functions[1].file = (char *)"r.c";
    t->functions[1].self_ir = total - f_ir;
}

/* The Ir verdict on f from F_BASE to F_HEAD (totals TOTAL_BASE and
   TOTAL_HEAD) under POLICY_TEXT: 'F' regression, 'B' better, 'W'
   within, 'U' under the floor. */
static char judge_f(const char *policy_text, uint64_t f_base,
                    uint64_t total_base, uint64_t f_head, uint64_t total_head)
{
    char problem[HG_PROBLEM_SIZE] = "", verdict = 'W';
    struct hg_policy *p = policy_from_text(policy_text, problem,
                                           sizeof problem);
    struct tiny_report base, head;
    struct hg_judgement *j;
    size_t i;

    ck_assert_msg(p != NULL, "%s", problem);
    tiny_report(&base, f_base, total_base);
    tiny_report(&head, f_head, total_head);
    j = hg_policy_judge(p, &base.report, &head.report);
    ck_assert_ptr_nonnull(j);
    for (i = 0; i < j->verdict_count; i++)
        if (strcmp(j->verdicts[i].label, "f (prog)") == 0)
            verdict = j->verdicts[i].status == HG_VERDICT_FAIL ? 'F'
                      : j->verdicts[i].status == HG_VERDICT_BETTER ? 'B'
                      : 'W';
    if (verdict == 'W' && j->under_floor > 0)
        verdict = 'U';
    hg_judgement_free(j);
    hg_policy_free(p);
    return verdict;
}

static const char ir_only[] =
    "<policy format='1'><thresholds default-metrics='no' regression='5'"
    " improvement='5' floor='0.1'><metric name='Ir'/></thresholds>"
    "</policy>";

START_TEST(a_change_must_exceed_the_threshold)
{
    /* f is 10% of the run, far over the floor. */
    ck_assert_int_eq(judge_f(ir_only, 100000, 1000000, 105000, 1005000),
                     'W');   /* exactly +5% */
    ck_assert_int_eq(judge_f(ir_only, 100000, 1000000, 105001, 1005001),
                     'F');
    ck_assert_int_eq(judge_f(ir_only, 100000, 1000000, 95000, 995000),
                     'W');   /* exactly -5% */
    ck_assert_int_eq(judge_f(ir_only, 100000, 1000000, 94999, 994999),
                     'B');
}
END_TEST

START_TEST(the_floor_is_a_share_of_each_reports_total)
{
    /* 0.1% of 1,000,000 is 1,000: under it in both reports (0.05% ->
       0.0998%), +99.8% is noise; exactly the floor is judged. */
    ck_assert_int_eq(judge_f(ir_only, 500, 1000000, 999, 1000499), 'U');
    ck_assert_int_eq(judge_f(ir_only, 1000, 1000000, 2000, 1001000),
                     'F');
    /* Noise in the base, 5% of the head: judged (from 0.05% to 5%). */
    ck_assert_int_eq(judge_f(ir_only, 500, 1000000, 50000, 1000000),
                     'F');
}
END_TEST

START_TEST(huge_counts_do_not_overflow)
{
    /* +100% and -50% of counts near 2^64: 128-bit products. */
    ck_assert_int_eq(judge_f(ir_only, UINT64_MAX / 4, UINT64_MAX / 2,
                             UINT64_MAX / 2, UINT64_MAX - 1), 'F');
    ck_assert_int_eq(judge_f(ir_only, UINT64_MAX / 2, UINT64_MAX - 1,
                             UINT64_MAX / 4, UINT64_MAX / 2), 'B');
    /* +5% of 2^63 exactly is within; one more is over. */
    ck_assert_int_eq(judge_f(ir_only, 20 * (UINT64_MAX / 40),
                             UINT64_MAX - 1, 21 * (UINT64_MAX / 40),
                             UINT64_MAX - 1), 'W');
    ck_assert_int_eq(judge_f(ir_only, 20 * (UINT64_MAX / 40),
                             UINT64_MAX - 1, 21 * (UINT64_MAX / 40) + 1,
                             UINT64_MAX - 1), 'F');
}
END_TEST

/* The verdict on f's Ir from F_BASE to F_HEAD (the rest of the run
   fixed at 10^9) under a REGRESSION and improvement threshold: its
   status, and its percentage as check prints it, into TEXT. */
static enum hg_verdict_status percent_on_f(const char *regression,
                                           uint64_t f_base, uint64_t f_head,
                                           char text[HG_VERDICT_TEXT_SIZE])
{
    char policy_text[256], problem[HG_PROBLEM_SIZE] = "";
    struct tiny_report base, head;
    struct hg_policy *p;
    struct hg_judgement *j;
    enum hg_verdict_status status = HG_VERDICT_NOTE;
    size_t i;

    snprintf(policy_text, sizeof policy_text,
             "<policy format='1'><thresholds default-metrics='no'"
             " regression='%s' improvement='%s' floor='0'>"
             "<metric name='Ir'/></thresholds></policy>",
             regression, regression);
    p = policy_from_text(policy_text, problem, sizeof problem);
    ck_assert_msg(p != NULL, "%s", problem);
    tiny_report(&base, f_base, f_base + 1000000000u);
    tiny_report(&head, f_head, f_head + 1000000000u);
    j = hg_policy_judge(p, &base.report, &head.report);
    strcpy(text, "(none)");
    for (i = 0; i < j->verdict_count; i++)
        if (strcmp(j->verdicts[i].label, "f (prog)") == 0) {
            status = j->verdicts[i].status;
            hg_verdict_percent(&j->verdicts[i], text);
        }
    hg_judgement_free(j);
    hg_policy_free(p);
    return status;
}

START_TEST(verdicts_show_the_digits_that_tell_the_change_from_the_threshold)
{
    static const struct {
        const char *regression;
        uint64_t f_base, f_head;
        enum hg_verdict_status status;
        const char *text;
    } cases[] = {
        /* Exactly +10%: within, and it reads as the threshold. */
        { "10", 1000000, 1100000, HG_VERDICT_WITHIN, "10.00" },
        /* One instruction more, +10.0001%: a regression, whose two
           decimals (10.00) would read as the threshold. */
        { "10", 1000000, 1100001, HG_VERDICT_FAIL, "10.0001" },
        /* One less, +9.9999%: within; two decimals would round it to
           10.00. */
        { "10", 1000000, 1099999, HG_VERDICT_WITHIN, "9.9999" },
        /* Well away from it: two decimals, rounded half up (+12.345% ->
           12.35). */
        { "10", 200000, 224690, HG_VERDICT_FAIL, "12.35" },
        /* The same below: -10.0001% is better than -10%. */
        { "10", 1000000, 899999, HG_VERDICT_BETTER, "10.0001" },
        /* A threshold with four decimals, and a change that repeats: 1/3
           is 33.3333...%, over 33.3333%: five decimals. */
        { "33.3333", 3000000, 4000000, HG_VERDICT_FAIL, "33.33333" },
        /* Near 2^64: (10^18 + 1) / 10^19 is 10.00000000000000001%. */
        { "10", 10000000000000000000u, 11000000000000000001u,
          HG_VERDICT_FAIL, "10.00000000000000001" },
    };
    char text[HG_VERDICT_TEXT_SIZE];
    size_t i;

    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        enum hg_verdict_status status = percent_on_f(
            cases[i].regression, cases[i].f_base, cases[i].f_head, text);
        ck_assert_msg(status == cases[i].status,
                      "case %zu (%s%%): status %d, want %d", i,
                      cases[i].text, (int)status, (int)cases[i].status);
        ck_assert_str_eq(text, cases[i].text);
    }
}
END_TEST

START_TEST(policy_percentages_print_with_their_own_decimals)
{
    /* units of HG_PERCENT_UNIT, the decimals asked for, the text */
    static const struct { uint64_t units; int decimals; const char *text; }
    cases[] = {
        { 50000, 2, "5.00" }, { 50, 2, "0.005" }, { 333333, 2, "33.3333" },
        { 100000, 6, "10.000000" },
    };
    char text[HG_VERDICT_TEXT_SIZE];
    size_t i;

    for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
        ck_assert_str_eq(hg_policy_percent_text(cases[i].units,
                                                cases[i].decimals, text),
                         cases[i].text);
}
END_TEST

START_TEST(budget_limits_are_inclusive)
{
    char problem[HG_PROBLEM_SIZE] = "";
    struct hg_policy *p = policy_from_text(
        "<policy format='1'><budgets>"
        "<function pattern='f' metric='Ir' min='100' max='200'/>"
        "<function pattern='f' metric='Ir' min='101'/>"
        "<function pattern='f' metric='Ir' max='99'/>"
        "<function pattern='other:f' metric='Ir' max='1000'/>"
        "</budgets></policy>", problem, sizeof problem);
    struct tiny_report head;
    struct hg_judgement *j;

    ck_assert_msg(p != NULL, "%s", problem);
    tiny_report(&head, 100, 1000);
    j = hg_policy_judge(p, NULL, &head.report);
    ck_assert_ptr_nonnull(j);
    ck_assert_uint_eq(j->verdict_count, 4);
    ck_assert_int_eq(j->verdicts[0].status, HG_VERDICT_PASS);
    ck_assert_int_eq(j->verdicts[1].status, HG_VERDICT_FAIL);
    ck_assert_int_eq(j->verdicts[2].status, HG_VERDICT_FAIL);
    /* The object must match exactly. */
    ck_assert_int_eq(j->verdicts[3].kind, HG_VERDICT_UNMATCHED);
    hg_judgement_free(j);
    hg_policy_free(p);
}
END_TEST

/* A budget scoped to benchmarks judges those its glob matches, and
   nothing outside a suite; <suite removed> is read. */
START_TEST(budgets_scoped_to_benchmarks)
{
    char problem[HG_PROBLEM_SIZE] = "";
    struct hg_policy *p = policy_from_text(
        "<policy format='1'><budgets>"
        "<function pattern='f' metric='Ir' max='99' benchmark='words-*'/>"
        "<function pattern='f' metric='Ir' max='1000'/>"
        "</budgets><suite removed='note'/></policy>", problem,
        sizeof problem);
    struct tiny_report head;
    struct hg_judgement *j;

    ck_assert_msg(p != NULL, "%s", problem);
    ck_assert(p->removed_is_note);
    ck_assert_str_eq(p->budgets[0].benchmark, "words-*");
    ck_assert_ptr_null(p->budgets[1].benchmark);
    tiny_report(&head, 100, 1000);
    /* f has 100 Ir: the scoped budget (at most 99) breaks where it
       applies. */
    j = hg_policy_judge_benchmark(p, "words-small", NULL, &head.report);
    ck_assert_uint_eq(j->verdict_count, 2);
    ck_assert_int_eq(j->verdicts[0].status, HG_VERDICT_FAIL);
    ck_assert_ptr_eq(j->verdicts[0].budget, &p->budgets[0]);
    hg_judgement_free(j);
    j = hg_policy_judge_benchmark(p, "lines", NULL, &head.report);
    ck_assert_uint_eq(j->verdict_count, 1);
    ck_assert_ptr_eq(j->verdicts[0].budget, &p->budgets[1]);
    ck_assert_int_eq(j->verdicts[0].status, HG_VERDICT_PASS);
    hg_judgement_free(j);
    j = hg_policy_judge(p, NULL, &head.report);
    ck_assert_uint_eq(j->verdict_count, 1);
    ck_assert_ptr_eq(j->verdicts[0].budget, &p->budgets[1]);
    hg_judgement_free(j);
    hg_policy_free(p);

    p = policy_from_text("<policy format='1'/>", problem, sizeof problem);
    ck_assert_msg(p != NULL, "%s", problem);
    ck_assert(!p->removed_is_note);
    hg_policy_free(p);
    ck_assert_ptr_null(policy_from_text(
        "<policy format='1'><suite removed='ignore'/></policy>", problem,
        sizeof problem));
}
END_TEST

/* The thresholds of a <benchmark> of <thresholds>: the policy's, then
   its attributes for every metric, then its <metric>s; the first that
   matches a benchmark judges it, and none a lone report. */
START_TEST(thresholds_scoped_to_benchmarks)
{
    char problem[HG_PROBLEM_SIZE] = "";
    struct hg_policy *p = policy_from_text(
        "<policy format='1'>\n"
        "<thresholds regression='5' floor='0'>\n"
        "<metric name='Ir' regression='2'/>\n"
        "<benchmark pattern='words-*' regression='60'>\n"
        "<metric name='calls' regression='0'/>\n"
        "</benchmark>\n"
        "<benchmark pattern='*' improvement='off'/>\n"
        "</thresholds></policy>", problem, sizeof problem);
    const struct hg_threshold_scope *words, *any;
    struct tiny_report base, head;
    struct hg_judgement *j;
    size_t i;

    ck_assert_msg(p != NULL, "%s", problem);
    ck_assert_uint_eq(p->threshold_scope_count, 2);
    words = &p->threshold_scopes[0];
    any = &p->threshold_scopes[1];
    ck_assert_str_eq(words->glob, "words-*");
    for (i = 0; i < p->threshold_count; i++) {
        const struct hg_threshold *t = &words->thresholds[i];
        if (strcmp(t->metric->name, "calls") == 0) {
            ck_assert_uint_eq(t->regression, 0);
            ck_assert_int_eq(t->line, 5);
        } else {
            /* Ir's 2 of the policy is replaced by the benchmark's 60. */
            ck_assert_uint_eq(t->regression, 60 * HG_PERCENT_UNIT);
            ck_assert_int_eq(t->line, 4);
        }
        ck_assert(t->reports_improvement);
        /* A <benchmark> with a judging attribute is the rule of every
           metric it judges. */
        ck_assert_int_eq(any->thresholds[i].line, 7);
        ck_assert(!any->thresholds[i].reports_improvement);
    }
    ck_assert_uint_eq(threshold(p, "Ir")->regression, 2 * HG_PERCENT_UNIT);

    /* f: 100 -> 150 Ir, +50%: within words-*'s 60%, a regression by the
       policy's 2% for a lone report and for another benchmark. */
    tiny_report(&base, 100, 1000);
    tiny_report(&head, 150, 1050);
    j = hg_policy_judge_benchmark(p, "words-small", &base.report,
                                  &head.report);
    ck_assert_uint_eq(j->regressions, 0);
    hg_judgement_free(j);
    j = hg_policy_judge_benchmark(p, "lines", &base.report, &head.report);
    ck_assert_uint_gt(j->regressions, 0);
    hg_judgement_free(j);
    j = hg_policy_judge(p, &base.report, &head.report);
    ck_assert_uint_gt(j->regressions, 0);
    hg_judgement_free(j);
    hg_policy_free(p);

    /* One <metric> per name within a <benchmark> too. */
    ck_assert_ptr_null(policy_from_text(
        "<policy format='1'><thresholds><benchmark pattern='a'>"
        "<metric name='Ir'/><metric name='Ir'/></benchmark>"
        "</thresholds></policy>", problem, sizeof problem));
}
END_TEST

/* ----------------------------------------------------------- edges */

START_TEST(reads_edge_budgets_and_the_edges_switch)
{
    char problem[HG_PROBLEM_SIZE] = "";
    struct hg_policy *p = policy_from_text(
        "<policy format='1'><budgets>\n"
        "<edge caller='prog:main' callee='Parser::parse*' metric='calls'"
        " exact='3'/>\n"
        "<edge caller='*' callee='libz.so*:inflate' metric='incl-allocs'"
        " max='9'/>\n"
        "</budgets><thresholds edges='no'/></policy>", problem,
        sizeof problem);
    const struct hg_budget *b;

    ck_assert_msg(p != NULL, "%s", problem);
    ck_assert_uint_eq(p->budget_count, 2);
    b = &p->budgets[0];
    assert_budget(b, 2, HG_BUDGET_EDGE, "prog", "main", "calls");
    ck_assert_str_eq(b->pattern, "prog:main");
    ck_assert_str_eq(b->callee_pattern, "Parser::parse*");
    ck_assert_ptr_null(b->callee_object);
    ck_assert_str_eq(b->callee_glob, "Parser::parse*");
    b = &p->budgets[1];
    assert_budget(b, 3, HG_BUDGET_EDGE, NULL, "*", "incl-allocs");
    ck_assert_str_eq(b->callee_object, "libz.so*");
    ck_assert_str_eq(b->callee_glob, "inflate");
    ck_assert(!p->judges_edges);
    hg_policy_free(p);

    p = policy_from_text("<policy format='1'/>", problem, sizeof problem);
    ck_assert_msg(p != NULL, "%s", problem);
    ck_assert(p->judges_edges);
    hg_policy_free(p);
}
END_TEST

/* Edge metrics are calls and the incl- figures; an edge's figure is its
   <call>'s (why-head.xml: work -> leaf, 8 calls, 600 Ir; no cache, no
   heap). */
START_TEST(edge_figures_are_the_calls)
{
    struct hg_report *r = hg_fixture_report("graph", "why-head.xml");
    struct hg_function *work = &r->functions[1];
    uint64_t value = 0;

    ck_assert_str_eq(work->name, "work");
    ck_assert(hg_edge_metric(hg_metric_named("calls")));
    ck_assert(hg_edge_metric(hg_metric_named("incl-Ir")));
    ck_assert(hg_edge_metric(hg_metric_named("incl-free-bytes")));
    ck_assert(!hg_edge_metric(hg_metric_named("Ir")));
    ck_assert(!hg_edge_metric(hg_metric_named("p95")));
    ck_assert(!hg_edge_metric(&hg_policy_mean));
    ck_assert(!hg_edge_metric(hg_metric_named("peak-bytes")));
    ck_assert(hg_edge_value(hg_metric_named("calls"), r, &work->callees[0],
                            &value));
    ck_assert_uint_eq(value, 8);
    ck_assert(hg_edge_value(hg_metric_named("incl-Ir"), r, &work->callees[0],
                            &value));
    ck_assert_uint_eq(value, 600);
    ck_assert(!hg_edge_value(hg_metric_named("incl-D1mr"), r,
                             &work->callees[0], &value));
    ck_assert(!hg_edge_value(hg_metric_named("incl-allocs"), r,
                             &work->callees[0], &value));
    /* With heap=yes, a call without heap attributes allocated nothing;
       one with them, what they say. */
    r->has_heap = true;
    ck_assert(hg_edge_value(hg_metric_named("incl-allocs"), r,
                            &work->callees[0], &value));
    ck_assert_uint_eq(value, 0);
    work->callees[0].has_heap = true;
    work->callees[0].heap.alloc_bytes = 640;
    ck_assert(hg_edge_value(hg_metric_named("incl-alloc-bytes"), r,
                            &work->callees[0], &value));
    ck_assert_uint_eq(value, 640);
    hg_report_free(r);
}
END_TEST

/* why-base.xml's 9 edges, then main -> new of why-head.xml alone; main ->
   old is in the base only. */
START_TEST(edges_pair_as_their_functions_do)
{
    struct hg_report *base = hg_fixture_report("graph", "why-base.xml");
    struct hg_report *head = hg_fixture_report("graph", "why-head.xml");
    struct hg_diff diff;
    struct hg_diff_edge_pair *pairs;
    size_t count, i, both = 0;

    hg_diff_reports(base, head, &diff);
    hg_diff_edges(&diff, &pairs, &count);
    ck_assert_uint_eq(count, 10);
    for (i = 0; i < count; i++)
        both += pairs[i].call[0] != NULL && pairs[i].call[1] != NULL;
    ck_assert_uint_eq(both, 8);
    /* main's callees in base: work c1 c2 c3 c4 old rec */
    ck_assert_str_eq(pairs[5].callee[0]->name, "old");
    ck_assert_ptr_null(pairs[5].call[1]);
    ck_assert_str_eq(pairs[7].caller[1]->name, "work");
    ck_assert_uint_eq(pairs[7].call[0]->calls, 4);
    ck_assert_uint_eq(pairs[7].call[1]->calls, 8);
    ck_assert_str_eq(pairs[9].callee[1]->name, "new");
    ck_assert_ptr_null(pairs[9].call[0]);
    free(pairs);
    hg_diff_free(&diff);

    /* Without a call graph on one side: no edges. */
    hg_report_free(base);
    base = report_ok("base.xml");
    hg_diff_reports(base, head, &diff);
    hg_diff_edges(&diff, &pairs, &count);
    ck_assert_uint_eq(count, 0);
    free(pairs);
    hg_diff_free(&diff);
    hg_report_free(base);
    hg_report_free(head);
}
END_TEST

/* --------------------------------------------------------- contexts */

/* main calls f of prog (3 times), f of lib.so (twice) and code without
   a symbol (???, once); a truncated root of lib.so's f holds 7 calls.
   Self Ir 10, 20, 30, 40, 50. */
struct context_report {
    struct hg_report report;
    struct hg_function functions[4];
    struct hg_context contexts[5];
};

static void context_report(struct context_report *t)
{
    static const char *const names[4][2] = {
        { "main", "prog" }, { "f", "prog" }, { "f", "lib.so" },
        { "???", "prog" },
    };
    /* parent (or none), function, calls, truncated */
    static const size_t tree[5][4] = {
        { HG_NO_PARENT, 0, 1, 0 }, { 0, 1, 3, 0 }, { 0, 2, 2, 0 },
        { 0, 3, 1, 0 }, { HG_NO_PARENT, 2, 7, 1 },
    };
    size_t i;

    memset(t, 0, sizeof *t);
    t->report.format = 1;
    t->report.arch = (char *)"amd64";
    t->report.exe = (char *)"./prog";
    t->report.total_ir = 150;
    t->report.functions = t->functions;
    t->report.function_count = 4;
    t->report.has_call_graph = t->report.has_contexts = true;
    t->report.contexts_truncated = true;
    t->report.contexts = t->contexts;
    t->report.context_count = 5;
    for (i = 0; i < 4; i++) {
        t->functions[i].name = (char *)names[i][0];
        t->functions[i].object = (char *)names[i][1];
        t->functions[i].file = (char *)"";
        t->functions[i].has_call_graph = true;
    }
    for (i = 0; i < 5; i++) {
        t->contexts[i].parent = tree[i][0];
        t->contexts[i].function = tree[i][1];
        t->contexts[i].calls = tree[i][2];
        t->contexts[i].truncated = tree[i][3] != 0;
        t->contexts[i].self_ir = t->contexts[i].inclusive_ir = 10 * (i + 1);
    }
    t->contexts[0].inclusive_ir = 10 + 20 + 30 + 40;
}

/* The sum a <context> budget on STACK and METRIC found, and how many
   contexts; (size_t)-1 when it judged nothing. */
static size_t context_sum(const char *stack, const char *metric,
                          uint64_t *sum)
{
    char problem[HG_PROBLEM_SIZE] = "";
    char *text = hg_xasprintf("<policy format='1'><budgets><context "
                              "stack='%s' metric='%s' min='0'/></budgets>"
                              "</policy>", stack, metric);
    struct hg_policy *p = policy_from_text(text, problem, sizeof problem);
    struct context_report r;
    struct hg_judgement *j;
    size_t matched = (size_t)-1;

    ck_assert_msg(p != NULL, "%s: %s", stack, problem);
    context_report(&r);
    j = hg_policy_judge(p, NULL, &r.report);
    ck_assert_uint_eq(j->verdict_count, 1);
    if (j->verdicts[0].kind == HG_VERDICT_VALUE) {
        matched = j->verdicts[0].matched;
        *sum = j->verdicts[0].head;
    }
    hg_judgement_free(j);
    hg_policy_free(p);
    free(text);
    return matched;
}

/* Frames are named as flame graphs name them: f is in two objects, so
   both are "f [OBJECT]"; ??? always has its object; a truncated root's
   stack starts with "[truncated]". */
START_TEST(context_stacks_match_frame_names)
{
    uint64_t sum = 0;
    ck_assert_uint_eq(context_sum("main;f [prog]", "calls", &sum), 1);
    ck_assert_uint_eq(sum, 3);
    ck_assert_uint_eq(context_sum("main;f *", "Ir", &sum), 2);
    ck_assert_uint_eq(sum, 20 + 30);
    ck_assert_uint_eq(context_sum("main;f", "Ir", &sum), (size_t)-1);
    ck_assert_uint_eq(context_sum("main;??? [prog]", "Ir", &sum), 1);
    ck_assert_uint_eq(sum, 40);
    ck_assert_uint_eq(context_sum("[truncated];f [lib.so]", "calls", &sum),
                      1);
    ck_assert_uint_eq(sum, 7);
    ck_assert_uint_eq(context_sum("**;f [lib.so]", "calls", &sum), 2);
    ck_assert_uint_eq(sum, 2 + 7);
    /* ** matches no frame too (main itself, then its three children),
       and every stack alone. */
    ck_assert_uint_eq(context_sum("**;main;**", "calls", &sum), 4);
    ck_assert_uint_eq(sum, 1 + 3 + 2 + 1);
    ck_assert_uint_eq(context_sum("**", "Ir", &sum), 5);
    ck_assert_uint_eq(sum, 150);
    /* incl- figures once, at the outermost matching context: main's 100
       holds its children's. */
    ck_assert_uint_eq(context_sum("main;**", "incl-Ir", &sum), 4);
    ck_assert_uint_eq(sum, 100);
    ck_assert_uint_eq(context_sum("main;**", "Ir", &sum), 4);
    ck_assert_uint_eq(sum, 100);
    ck_assert_uint_eq(context_sum("main;**;**;f [prog]", "Ir", &sum), 1);
    ck_assert_uint_eq(sum, 20);
}
END_TEST

Suite *hg_unit_suite(void)
{
    Suite *suite = suite_create("policy");
    TCase *reader = hg_tcase(suite, "reader", 0);
    TCase *verdicts = hg_tcase(suite, "verdicts", 0);

    tcase_add_test(reader, globs_match_the_whole_name);
    tcase_add_test(reader, globs_do_not_go_exponential);
    tcase_add_test(reader, metric_names_include_the_mean);
    tcase_add_test(reader, embedded_schema_is_docs_policy_xsd);
    tcase_add_test(reader, reads_every_kind_of_budget);
    tcase_add_test(reader, splits_obj_pattern_like_mark);
    tcase_add_test(reader, defaults_when_the_policy_says_nothing);
    tcase_add_test(reader, metric_thresholds_override_the_policys);
    tcase_add_test(reader, reads_floors_off_and_added);
    tcase_add_test(reader, reads_marks_in_file_order);
    tcase_add_test(reader, percentages_keep_four_decimals);
    tcase_add_test(reader, refuses_broken_policies_with_their_line);
    tcase_add_test(reader, names_the_right_line_past_65535);
    tcase_add_test(reader, survives_every_report_fixture);

    tcase_add_test(verdicts, budgets_on_head);
    tcase_add_test(verdicts, thresholds_on_the_change);
    tcase_add_test(verdicts, across_architectures_calls_and_heap_only);
    tcase_add_test(verdicts, warns_of_every_difference_in_the_runs);
    tcase_add_test(verdicts, a_change_must_exceed_the_threshold);
    tcase_add_test(verdicts, the_floor_is_a_share_of_each_reports_total);
    tcase_add_test(verdicts, huge_counts_do_not_overflow);
    tcase_add_test(verdicts, budget_limits_are_inclusive);
    tcase_add_test(verdicts, budgets_scoped_to_benchmarks);
    tcase_add_test(verdicts, thresholds_scoped_to_benchmarks);
    tcase_add_test(verdicts,
        verdicts_show_the_digits_that_tell_the_change_from_the_threshold);
    tcase_add_test(verdicts, policy_percentages_print_with_their_own_decimals);
    tcase_add_test(reader, reads_edge_budgets_and_the_edges_switch);
    tcase_add_test(verdicts, edge_figures_are_the_calls);
    tcase_add_test(verdicts, edges_pair_as_their_functions_do);
    tcase_add_test(verdicts, context_stacks_match_frame_names);
    return suite;
}

/* hotgrind: check's JUnit XML output, as Jenkins, GitLab and Ant read
   it, for CI test reports (docs/ci.md): one test case a verdict.
   GPL-2.0-or-later; part of hotgrind. */

#include <stdio.h>
#include <stdlib.h>

#include "render/check-render.h"
#include "util/xalloc.h"

static void junit_counts(const struct check_out *out,
                         struct hg_verdict_counts c)
{
    fprintf(out->file, " tests=\"%zu\" failures=\"%zu\" errors=\"0\" "
            "skipped=\"%zu\"", c.tests, c.failures, c.skipped);
}

/* The XML declaration and <testsuites> with the counts of ALL. */
static void junit_open(const struct check_out *out,
                       struct hg_verdict_counts all)
{
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
          "<testsuites name=\"hotgrind check\"", out->file);
    junit_counts(out, all);
    fputs(">\n", out->file);
}

/* One test case a verdict, named by what it judged alone, so that a CI
   system's history of the test survives edits that move the policy's
   lines (the rule is in the message): a failure carries the verdict
   line, a skipped budget or mark and a note (a row in one report only,
   not judged) are skipped, the rest passed. */
static void junit_case(const struct check_out *out,
                       const struct hg_verdict *v,
                       const char *classname)
{
    static const char *const types[] = {
        [HG_SECTION_BUDGETS] = "budget", [HG_SECTION_MARKS] = "mark",
        [HG_SECTION_THRESHOLDS] = "regression",
    };
    bool failed = v->status == HG_VERDICT_FAIL;
    bool skipped = v->status == HG_VERDICT_SKIP
                   || v->status == HG_VERDICT_NOTE;

    fprintf(out->file, "    <testcase classname=\"%s\" name=\"", classname);
    check_print_verdict_subject(out, v);
    fputc('"', out->file);
    if (!failed && !skipped) {
        fputs("/>\n", out->file);
        return;
    }
    fprintf(out->file, ">\n      <%s message=\"", failed ? "failure"
                                                         : "skipped");
    check_print_verdict_body(out, v);
    if (skipped) {
        fputs("\"/>\n", out->file);
    } else {
        fprintf(out->file, "\" type=\"%s\">%-6s  ",
                types[hg_verdict_section(v)],
                check_status_word(v->status));
        check_print_verdict_body(out, v);
        if (v->explains > 0) {
            /* The regressions it explains are no test cases: they are
               this one's. */
            fprintf(out->file, "\n%-6s  ",
                    check_status_word(HG_VERDICT_FAIL));
            check_print_fold_body(out, v);
        }
        fputs("</failure>\n", out->file);
    }
    fputs("    </testcase>\n", out->file);
}

static const char *const junit_classnames[] = {
    [HG_SECTION_BUDGETS] = "hotgrind.check.budgets",
    [HG_SECTION_MARKS] = "hotgrind.check.marks",
    [HG_SECTION_THRESHOLDS] = "hotgrind.check.thresholds",
};

static void junit_suite(const struct check_out *out,
                        const struct hg_judgement *j,
                        enum hg_verdict_section section, const char *what,
                        const char *path)
{
    size_t i;
    fprintf(out->file, "  <testsuite name=\"%s ", what);
    check_put(out, path);
    fputc('"', out->file);
    junit_counts(out, hg_count_section(j, section));
    fputs(">\n", out->file);
    for (i = 0; i < j->verdict_count; i++)
        if (hg_verdict_section(&j->verdicts[i]) == section
            && j->verdicts[i].cause == 0)
            junit_case(out, &j->verdicts[i], junit_classnames[section]);
    fputs("  </testsuite>\n", out->file);
}

/* JUnit XML as Jenkins, GitLab and Ant read it: a suite for the budgets,
   one for the marks when HEAD has any, one for the thresholds with a
   BASE. */
static void write_junit(const struct check_out *out,
                        const struct check_subject *c)
{
    const struct hg_judgement *j = c->j;
    const char *base_path = c->base_path, *head_path = c->head_path;
    struct hg_verdict_counts none = { 0, 0, 0 };
    char *thresholds_of = NULL;

    junit_open(out, hg_count_judgement(j, none));
    junit_suite(out, j, HG_SECTION_BUDGETS, "budgets on", head_path);
    if (j->marks_entered + j->marks_dead + j->marks_optional > 0)
        junit_suite(out, j, HG_SECTION_MARKS, "marks of", head_path);
    if (base_path != NULL) {
        thresholds_of = hg_xasprintf("%s to %s", base_path, head_path);
        junit_suite(out, j, HG_SECTION_THRESHOLDS, "thresholds from",
                    thresholds_of);
        free(thresholds_of);
    }
    fputs("</testsuites>\n", out->file);
}

/* C with the test cases of benchmark B added: its "run", then its
   check's. */
static struct hg_verdict_counts bench_counts(const struct hg_bench_check *b,
                                             struct hg_verdict_counts c)
{
    c.tests++;
    c.failures += b->fate != HG_BENCH_JUDGED && b->failed;
    c.skipped += b->fate == HG_BENCH_REMOVED && !b->failed;
    c.tests += b->cases.tests;
    c.failures += b->cases.failures;
    c.skipped += b->cases.skipped;
    return c;
}

/* JUnit: one test suite per benchmark, named by it: a test case "run"
   (failed when the benchmark did not run or was removed and that fails),
   then the verdicts as for one report. */
static bool write_suite_junit(const struct check_out *out,
                              const struct hg_suite_check *s)
{
    struct hg_verdict_counts all = { 0, 0, 0 };
    enum hg_verdict_section section;
    size_t i, k;

    for (i = 0; i < s->count; i++)
        all = bench_counts(&s->benches[i], all);
    junit_open(out, all);
    for (i = 0; i < s->count; i++) {
        const struct hg_bench_check *b = &s->benches[i];
        struct hg_verdict_counts none = { 0, 0, 0 },
                                 c = bench_counts(b, none);
        char text[HG_PROBLEM_SIZE];
        struct hg_judged d = { NULL, NULL, NULL };
        if (b->fate == HG_BENCH_JUDGED && !hg_judge_bench(s, b, &d))
            return false;
        fputs("  <testsuite name=\"", out->file);
        check_put(out, b->pair->name);
        fputc('"', out->file);
        junit_counts(out, c);
        fputs(">\n    <testcase classname=\"hotgrind.check.benchmark\" "
              "name=\"run\"", out->file);
        if (b->fate == HG_BENCH_JUDGED) {
            fputs("/>\n", out->file);
        } else {
            fprintf(out->file, ">\n      <%s message=\"", b->failed
                    ? "failure" : "skipped");
            check_put(out, hg_bench_state(s, b, text));
            fputs(b->failed ? "\" type=\"benchmark\"/>\n" : "\"/>\n",
                  out->file);
            fputs("    </testcase>\n", out->file);
        }
        for (section = HG_SECTION_BUDGETS;
             d.j && section <= HG_SECTION_THRESHOLDS; section++)
            for (k = 0; k < d.j->verdict_count; k++)
                if (hg_verdict_section(&d.j->verdicts[k]) == section
                    && d.j->verdicts[k].cause == 0)
                    junit_case(out, &d.j->verdicts[k],
                               junit_classnames[section]);
        fputs("  </testsuite>\n", out->file);
        hg_judged_free(&d);
    }
    fputs("</testsuites>\n", out->file);
    return true;
}

const struct check_renderer check_junit_renderer = {
    .name = "junit",
    .escape = CHECK_ESCAPE_XML,
    .judgement = write_junit,
    .suite = write_suite_junit,
};

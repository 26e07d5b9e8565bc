/* hotgrind: check's text and markdown outputs, which lay out the same
   sections the same way: the sources, the remarks, the verdicts of
   each section, the result; for suite runs, the benchmarks and each
   one's section.  Where the two differ is the renderer's check_layout
   (check-text.c, check-markdown.c).  GPL-2.0-or-later; part of hotgrind. */

#include <stdio.h>
#include <string.h>

#include "render/check-render.h"

static const struct check_layout *layout(const struct check_out *out)
{
    return out->renderer->layout;
}

/* The verdicts of SECTION; those within the thresholds and the marks
   entered are only counted in text and markdown, and the regressions a
   cause explains are one line after the cause's. */
static void print_verdicts(const struct check_out *out,
                           const struct hg_judgement *j,
                           enum hg_verdict_section section)
{
    const char *table_head = layout(out)->table_heads[section];
    size_t i;
    bool any = false;
    for (i = 0; i < j->verdict_count; i++) {
        const struct hg_verdict *v = &j->verdicts[i];
        if (hg_verdict_section(v) != section
            || v->status == HG_VERDICT_WITHIN || v->cause != 0
            || (section == HG_SECTION_MARKS && v->status == HG_VERDICT_PASS))
            continue;
        if (!any && table_head != NULL)
            fputs(table_head, out->file);
        any = true;
        layout(out)->verdict(out, v);
        if (v->explains > 0)
            layout(out)->fold(out, v);
    }
    if (!any)
        fputs("No regression, improvement or row only in one report.\n",
              out->file);
}

/* "warning: " or "note: ", as a list item in markdown. */
static void start_remark(const struct check_out *out, const char *kind)
{
    fprintf(out->file, layout(out)->remark_format, kind);
}

static void print_remarks(const struct check_out *out,
                          const struct hg_judgement *j,
                          const struct hg_report *base,
                          const struct hg_report *head)
{
    size_t i;

    for (i = 0; i < j->difference_count; i++) {
        const struct hg_diff_difference *d = &j->differences[i];
        start_remark(out, "warning");
        fputs("runs differ in ", out->file);
        check_put(out, d->what);
        fputs(": base ", out->file);
        check_put(out, d->base);
        fputs(", head ", out->file);
        check_put(out, d->head);
        fputc('\n', out->file);
        if (d->why != NULL) {
            start_remark(out, "note");
            /* Ours, but it quotes the reports' versions. */
            check_put(out, d->why);
            fputc('\n', out->file);
        }
    }
    if (j->cross_arch) {
        start_remark(out, "note");
        fputs("base is ", out->file);
        check_put(out, base->arch);
        fputs(", head is ", out->file);
        check_put(out, head->arch);
        fputs(": thresholds on Ir, cache and per-call figures are not "
              "applied across architectures; calls and heap figures are",
              out->file);
        fputc('\n', out->file);
    }
    for (i = 0; i < j->unjudged_count; i++) {
        const struct hg_unjudged *u = &j->unjudged[i];
        start_remark(out, "note");
        fprintf(out->file, "thresholds on %s not applied: ",
                u->threshold->metric->name);
        if (strcmp(u->missing_in, "both") == 0)
            fputs("neither report has these figures\n", out->file);
        else
            fprintf(out->file, "the %s report does not have these "
                    "figures\n", u->missing_in);
    }
    if (j->edges_missing_in != NULL) {
        start_remark(out, "note");
        fprintf(out->file, "thresholds on edges not applied: the %s report "
                "has no call graph (--call-graph=yes)\n",
                j->edges_missing_in);
    }
    if (j->difference_count || j->cross_arch || j->unjudged_count
        || j->edges_missing_in)
        fputc('\n', out->file);
}

static void print_summary(const struct check_out *out,
                          const struct hg_judgement *j)
{
    bool failed = hg_judgement_failed(j);
    fprintf(out->file, layout(out)->result_format, failed ? "FAIL" : "PASS");
    fprintf(out->file, "(budgets: %zu kept, %zu broken, %zu skipped; ",
            j->budgets_passed, j->budgets_failed, j->budgets_skipped);
    if (j->marks_entered + j->marks_dead + j->marks_optional > 0)
        fprintf(out->file, "marks: %zu entered, %zu never entered, %zu "
                "optional; ", j->marks_entered, j->marks_dead,
                j->marks_optional);
    if (j->has_base) {
        fprintf(out->file, "thresholds: %zu regressed, ", j->regressions);
        /* Only when there are some, so that other outputs stay as
           they were. */
        if (j->explained > 0)
            fprintf(out->file, "%zu of them explained by %zu cause%s, ",
                    j->explained, j->causes, j->causes == 1 ? "" : "s");
        fprintf(out->file, "%zu improved, %zu noted, ", j->improvements,
                j->notes);
        if (j->ignored > 0)
            fprintf(out->file, "%zu ignored, ", j->ignored);
        fprintf(out->file, "%zu within, %zu under the floor; %zu rows "
                "unchanged)\n", j->within, j->under_floor, j->unchanged);
    }
    else {
        fputs("thresholds: not applied without BASE)\n", out->file);
    }
}

/* "Head:   head.xml (amd64)" on its own line, or in markdown one
   sentence: "Policy p.xml, base b.xml (amd64), head h.xml (amd64)." */
static void print_source(const struct check_out *out, const char *role,
                         bool first, const char *path,
                         const struct hg_report *report)
{
    layout(out)->source_open(out, role, first);
    check_put(out, path);
    if (report != NULL) {
        fputs(" (", out->file);
        check_put(out, report->arch);
        fputc(')', out->file);
    }
    layout(out)->source_close(out, strcmp(role, "head") == 0);
}

/* "Budgets on head.xml:", a heading in markdown. */
static void print_heading(const struct check_out *out, const char *what,
                          const char *base_path, const char *head_path)
{
    fputs(layout(out)->heading_open, out->file);
    fputs(what, out->file);
    if (base_path != NULL) {
        check_put(out, base_path);
        fputs(" to ", out->file);
    }
    check_put(out, head_path);
    fputs(layout(out)->heading_close, out->file);
}

void check_print_judgement(const struct check_out *out,
                           const struct check_subject *c)
{
    const struct hg_judgement *j = c->j;

    if (!out->in_suite) {
        layout(out)->title(out, hg_judgement_failed(j), NULL);
        print_source(out, "policy", true, out->policy_path, NULL);
    }
    if (c->base != NULL)
        print_source(out, "base", out->in_suite, c->base_path, c->base);
    print_source(out, "head", out->in_suite && c->base == NULL,
                 c->head_path, c->head);
    fputc('\n', out->file);
    print_remarks(out, j, c->base, c->head);

    if (j->budgets_passed + j->budgets_failed + j->budgets_skipped > 0) {
        print_heading(out, "Budgets on ", NULL, c->head_path);
        print_verdicts(out, j, HG_SECTION_BUDGETS);
        fputc('\n', out->file);
    }
    if (j->marks_dead + j->marks_optional > 0) {
        print_heading(out, "Marks never entered in ", NULL, c->head_path);
        print_verdicts(out, j, HG_SECTION_MARKS);
        fputc('\n', out->file);
    }
    if (c->base != NULL) {
        print_heading(out, "Thresholds from ", c->base_path, c->head_path);
        print_verdicts(out, j, HG_SECTION_THRESHOLDS);
        fputc('\n', out->file);
    }
    print_summary(out, j);
}

/* "base (suite words, 3 benchmarks)". */
static void print_suite_source(const struct check_out *out, const char *role,
                               const char *operand,
                               const struct hg_suite_run *runs)
{
    char text[64];
    layout(out)->source_open(out, role, false);
    check_put(out, operand);
    fputs(" (suite ", out->file);
    check_put(out, runs->suite);
    snprintf(text, sizeof text, ", %zu benchmark%s)", runs->count,
             runs->count == 1 ? "" : "s");
    fputs(text, out->file);
    layout(out)->source_close(out, strcmp(role, "head") == 0);
}

static void print_suite_summary(const struct check_out *out,
                                const struct hg_suite_check *s)
{
    fprintf(out->file, layout(out)->result_format,
            hg_suite_failed(s) ? "FAIL" : "PASS");
    fprintf(out->file, "(benchmarks: %zu passed, %zu failed; %zu added, "
            "%zu removed, %zu did not run)\n", s->passed, s->failed,
            s->added, s->removed, s->not_run);
}

bool check_print_suite(const struct check_out *out,
                       const struct hg_suite_check *s)
{
    struct check_out section = *out;
    size_t i;

    section.in_suite = true;
    layout(out)->title(out, hg_suite_failed(s), s->head->suite);
    print_source(out, "policy", true, out->policy_path, NULL);
    if (s->base != NULL)
        print_suite_source(out, "base", s->base_operand, s->base);
    print_suite_source(out, "head", s->head_operand, s->head);
    fputc('\n', out->file);
    layout(out)->bench_list(out, s);
    for (i = 0; i < s->count; i++) {
        const struct hg_bench_check *b = &s->benches[i];
        char text[HG_PROBLEM_SIZE];
        layout(out)->bench_row(out, b, hg_bench_state(s, b, text));
    }
    fputc('\n', out->file);
    for (i = 0; i < s->count; i++) {
        const struct hg_bench_check *b = &s->benches[i];
        struct hg_judged d;
        struct check_subject c = { 0 };
        if (b->fate != HG_BENCH_JUDGED)
            continue;
        if (!hg_judge_bench(s, b, &d))
            return false;
        layout(out)->bench_open(out, b);
        c.j = d.j;
        c.base_path = d.base ? b->pair->base->report_path : NULL;
        c.base = d.base;
        c.head_path = b->pair->head->report_path;
        c.head = d.head;
        c.benchmark = b->pair->name;
        /* The renderer's own judgement: markdown's adds its links. */
        out->renderer->judgement(&section, &c);
        fputs(layout(out)->bench_close, out->file);
        hg_judged_free(&d);
    }
    print_suite_summary(out, s);
    return true;
}

/* hotgrind: check's markdown output, for a pull-request comment: a
   heading with the result, a table of verdicts a section, and for suite
   runs the worst regressions and a folded section a benchmark
   (check-human.c lays out the rest).  GPL-2.0-or-later; part of hotgrind. */

#include <stdio.h>

#include "render/check-render.h"
#include "util/number.h"

static void markdown_verdict(const struct check_out *out,
                             const struct hg_verdict *v)
{
    const struct hg_metric *metric = hg_verdict_metric(v);
    char a[CHECK_CELL_SIZE], b[CHECK_CELL_SIZE];

    fprintf(out->file, v->status == HG_VERDICT_FAIL ? "| **%s** | "
            : "| %s | ", check_status_word(v->status));
    check_put_rule(out, v);
    fputs(" | ", out->file);
    if (v->kind == HG_VERDICT_MARK) {
        check_put(out, v->mark->pattern);
        fprintf(out->file, " | %s | %s | %s |\n",
                hg_format_count(v->mark->functions, a),
                hg_format_count(v->mark->entered, b),
                v->mark->entered > 0 ? "entered"
                : v->status == HG_VERDICT_SKIP ? "never entered (optional)"
                : "never entered");
        return;
    }
    check_put_row(out, v);
    fprintf(out->file, " | %s | ", metric->name);
    switch (v->kind) {
    case HG_VERDICT_CHANGE:
        fprintf(out->file, "%s | ", check_value_text(metric, v->base, a));
        fprintf(out->file, "%s | ", check_value_text(metric, v->head, a));
        fprintf(out->file, "%s | %s |", check_change_text(v, a),
                check_crossed_text(v, b));
        break;
    case HG_VERDICT_ADDED:
        fprintf(out->file, "- | %s | only in head | %s |",
                check_value_text(metric, v->head, a),
                check_crossed_text(v, b));
        break;
    case HG_VERDICT_REMOVED:
        fprintf(out->file, "%s | - | only in base | %s |",
                check_value_text(metric, v->base, a),
                check_crossed_text(v, b));
        break;
    default:
        check_put_budget_verdict(out, v, " | ");
        fputs(" |", out->file);
        break;
    }
    fputc('\n', out->file);
}

/* The regressions in the suite's summary table at most; the rest are in
   the benchmarks' sections. */
enum { WORST_SHOWN = 10 };

static void print_worst(const struct check_out *out,
                        const struct hg_suite_check *s)
{
    size_t n = s->worst_count, i;
    const struct hg_worst *worst = s->worst;
    char a[CHECK_CELL_SIZE], b[CHECK_CELL_SIZE], c[CHECK_CELL_SIZE];
    if (n > 0) {
        fputs("#### Worst regressions\n\n"
              "| benchmark | row | metric | base | head | change |\n"
              "|---|---|---|--:|--:|--:|\n", out->file);
        for (i = 0; i < n && i < WORST_SHOWN; i++) {
            const struct hg_verdict *v = &worst[i].verdict;
            const struct hg_metric *metric = hg_verdict_metric(v);
            fputs("| ", out->file);
            check_put(out, worst[i].bench->pair->name);
            fputs(" | ", out->file);
            check_put_row(out, v);
            fprintf(out->file, " | %s | %s | %s | %s |\n", metric->name,
                    v->kind == HG_VERDICT_ADDED ? "-"
                    : check_value_text(metric, v->base, a),
                    check_value_text(metric, v->head, b),
                    v->kind == HG_VERDICT_ADDED ? "only in head"
                    : check_change_text(v, c));
        }
        if (n > WORST_SHOWN)
            fprintf(out->file, "\n%zu more in the benchmarks below.\n",
                    n - WORST_SHOWN);
        fputc('\n', out->file);
    }
}

static void markdown_title(const struct check_out *out, bool failed,
                           const char *suite)
{
    fprintf(out->file, "### hotgrind check: %s", failed ? "FAIL" : "PASS");
    if (suite != NULL) {
        fputs(" (suite ", out->file);
        check_put(out, suite);
        fputc(')', out->file);
    }
    fputs("\n\n", out->file);
}

/* One sentence: "Policy p.xml, base b.xml (amd64), head h.xml (amd64)." */
static void markdown_source_open(const struct check_out *out,
                                 const char *role, bool first)
{
    fprintf(out->file, "%c%s ", first ? role[0] - 'a' + 'A' : role[0],
            role + 1);
}

static void markdown_source_close(const struct check_out *out, bool last)
{
    fputs(last ? ".\n" : ", ", out->file);
}

static void markdown_bench_list(const struct check_out *out,
                                const struct hg_suite_check *s)
{
    print_worst(out, s);
    fputs("| verdict | benchmark | |\n|---|---|---|\n", out->file);
}

static void markdown_bench_row(const struct check_out *out,
                               const struct hg_bench_check *b,
                               const char *state)
{
    fprintf(out->file, b->failed ? "| **%s** | " : "| %s | ",
            hg_bench_word(b));
    check_put(out, b->pair->name);
    fputs(" | ", out->file);
    check_put(out, state);
    fputs(" |\n", out->file);
}

/* HTML, where markdown's escapes would show: a benchmark's name has none
   of its special characters (hg_suite_name_ok). */
static void markdown_bench_open(const struct check_out *out,
                                const struct hg_bench_check *b)
{
    fprintf(out->file, "<details><summary><code>%s</code>: %s"
            "</summary>\n\n", b->pair->name, hg_bench_word(b));
}

static const struct check_layout markdown_layout = {
    .title = markdown_title,
    .source_open = markdown_source_open,
    .source_close = markdown_source_close,
    .heading_open = "#### ",
    .heading_close = "\n\n",
    .table_heads = {
        [HG_SECTION_BUDGETS] =
            "| verdict | rule | row | metric | value | limit |\n"
            "|---|---|---|---|--:|---|\n",
        [HG_SECTION_MARKS] =
            "| verdict | rule | mark | functions | entered | |\n"
            "|---|---|---|--:|--:|---|\n",
        [HG_SECTION_THRESHOLDS] =
            "| verdict | rule | row | metric | base | head | change "
            "| threshold |\n"
            "|---|---|---|---|--:|--:|--:|---|\n",
    },
    .verdict = markdown_verdict,
    .remark_format = "- **%s:** ",
    .result_format = "**Result: %s** ",
    .bench_list = markdown_bench_list,
    .bench_row = markdown_bench_row,
    .bench_open = markdown_bench_open,
    .bench_close = "\n</details>\n\n",
};

const struct check_renderer check_markdown_renderer = {
    .name = "markdown",
    .escape = CHECK_ESCAPE_MARKDOWN,
    .judgement = check_print_judgement,
    .suite = check_print_suite,
    .layout = &markdown_layout,
};
